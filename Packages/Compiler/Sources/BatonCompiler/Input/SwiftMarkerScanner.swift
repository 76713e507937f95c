import BatonNormalize

/// Finds the GraphQL documents embedded in a Swift file behind the marker
///
/// ```swift
/// /* graphql
/// query CharacterQuery($id: ID!) { character(id: $id) { name } }
/// */
/// ```
///
/// A block comment whose text starts with `graphql` (after spaces) followed by a space or a line break; the
/// document is everything after that word up to the closing `*/` (which the document cannot
/// contain). Comments that do not start so, and `graphql` inside string literals or line
/// comments, are ignored. Positions in the document map back to the Swift file.
public enum SwiftMarkerScanner {
    public static let marker = "graphql"

    /// The marked documents of `text`, the contents of the Swift file at `file`.
    public static func sources(in text: String, file: String) -> [GraphQLSource] {
        let scalars = Array(text.unicodeScalars)
        var sources: [GraphQLSource] = []
        var index = 0
        var line = 1
        var column = 1
        func advance() {
            if scalars[index] == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
            index += 1
        }
        func starts(with literal: String, at position: Int) -> Bool {
            var cursor = position
            for scalar in literal.unicodeScalars {
                guard cursor < scalars.count, scalars[cursor] == scalar else { return false }
                cursor += 1
            }
            return true
        }
        while index < scalars.count {
            if starts(with: "//", at: index) {
                while index < scalars.count, scalars[index] != "\n" { advance() }
            } else if scalars[index] == "\"" {
                // A string literal (single or multi-line): skipped whole.
                let triple = starts(with: "\"\"\"", at: index)
                let quote = triple ? 3 : 1
                for _ in 0..<quote { advance() }
                while index < scalars.count {
                    if scalars[index] == "\\" {
                        advance()
                        if index < scalars.count { advance() }
                        continue
                    }
                    if triple ? starts(with: "\"\"\"", at: index) : scalars[index] == "\"" {
                        for _ in 0..<quote { advance() }
                        break
                    }
                    if !triple, scalars[index] == "\n" { break }
                    advance()
                }
            } else if starts(with: "/*", at: index) {
                advance()
                advance()
                while index < scalars.count, scalars[index] == " " || scalars[index] == "\t" { advance() }
                let isMarker =
                    starts(with: marker, at: index)
                    && index + marker.unicodeScalars.count < scalars.count
                    && [" ", "\n", "\t", "\r"].contains(scalars[index + marker.unicodeScalars.count])
                if isMarker {
                    for _ in marker.unicodeScalars { advance() }
                }
                let origin = SourceLocation(line: line, column: column)
                let start = index
                while index < scalars.count, !starts(with: "*/", at: index) { advance() }
                if isMarker {
                    var body = String.UnicodeScalarView()
                    body.append(contentsOf: scalars[start..<index])
                    sources.append(GraphQLSource(file: file, text: String(body), origin: origin))
                }
                if index < scalars.count {
                    advance()
                    advance()
                }
            } else {
                advance()
            }
        }
        return sources
    }
}
