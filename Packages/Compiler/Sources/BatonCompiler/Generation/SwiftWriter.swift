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

    /// `header {`, the body indented, `}`.
    /// A line one level out (a `case` of a `switch`).
    mutating func outdented(_ content: String) {
        depth -= 1
        line(content)
        depth += 1
    }

    mutating func block(_ header: String, _ body: (inout SwiftWriter) -> Void) {
        line(header + " {")
        depth += 1
        body(&self)
        depth -= 1
        line("}")
    }
}
