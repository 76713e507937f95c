/// Swift text a line at a time, indented two spaces a level (as Apollo's generated code is:
/// generated lenses nest, and indentation is most of their bytes).
struct SwiftWriter {
    private(set) var text = ""
    private var depth = 0

    mutating func line(_ content: String = "") {
        if content.isEmpty {
            text += "\n"
        } else {
            text += String(repeating: "  ", count: depth) + content + "\n"
        }
    }

    /// The lines of `text`, written apart at depth 0, each at this depth.
    mutating func lines(of text: String) {
        for content in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            line(String(content))
        }
    }

    /// A line one level out (a `case` of a `switch`).
    mutating func outdented(_ content: String) {
        depth -= 1
        line(content)
        depth += 1
    }

    /// `header {`, the body indented, `}`.
    mutating func block(_ header: String, _ body: (inout SwiftWriter) -> Void) {
        line(header + " {")
        depth += 1
        body(&self)
        depth -= 1
        line("}")
    }

    /// `open`, the body indented, `close`: a multi-line expression.
    mutating func wrapped(_ open: String, _ close: String, _ body: (inout SwiftWriter) -> Void) {
        line(open)
        indented(body)
        line(close)
    }

    /// The body one level in.
    mutating func indented(_ body: (inout SwiftWriter) -> Void) {
        depth += 1
        body(&self)
        depth -= 1
    }
}
