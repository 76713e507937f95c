/// A GraphQL text that is not well formed: where (1-based line and column, in characters) and what
/// was expected there and what was found.
///
/// A plain value: safe on any thread.
public struct GraphQLSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    /// What was expected and what was found, e.g. `Expected Name, found '}'`.
    public var message: String

    public init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    public init(_ message: String, at location: SourceLocation) {
        self.init(line: location.line, column: location.column, message: message)
    }

    public var location: SourceLocation { SourceLocation(line: line, column: column) }

    public var description: String { "Syntax error at \(line):\(column): \(message)" }
}
