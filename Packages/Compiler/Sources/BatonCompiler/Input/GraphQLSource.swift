import BatonNormalize

/// A GraphQL text and where it sits in a file: a whole `.graphql` file, or the body of a
/// `/* graphql ... */` marker in a Swift file, whose first character is at `origin`.
///
/// A plain value: safe on any thread.
public struct GraphQLSource: Sendable, Hashable {
    /// The file's path, as errors print it.
    public let file: String
    public let text: String
    /// The file position of the text's first character (1:1 for a whole file).
    public let origin: SourceLocation

    public init(file: String, text: String, origin: SourceLocation = SourceLocation(line: 1, column: 1)) {
        self.file = file
        self.text = text
        self.origin = origin
    }

    /// The file position of `location`, a position in ``text``.
    public func filePosition(of location: SourceLocation) -> SourceLocation {
        if location.line <= 1 {
            return SourceLocation(line: origin.line, column: origin.column + max(location.column, 1) - 1)
        }
        return SourceLocation(line: origin.line + location.line - 1, column: location.column)
    }

    /// A syntax error at `error`'s position in the text.
    func syntaxError(_ error: GraphQLSyntaxError) -> CompilerError {
        let position = filePosition(of: error.location)
        return .syntax(message: error.message, file: file, line: position.line, column: position.column)
    }

    /// A validation error at `location` in the text.
    func invalid(_ rule: ValidationRule, _ message: String, at location: SourceLocation) -> CompilerError {
        let position = filePosition(of: location)
        return .invalid(rule: rule, message: message, file: file, line: position.line, column: position.column)
    }
}
