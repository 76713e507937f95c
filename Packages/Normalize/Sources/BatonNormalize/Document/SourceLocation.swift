/// A position in a GraphQL source text: 1-based line and 1-based column, the column counted in
/// Unicode scalars from the start of the line.
///
/// A plain value: safe on any thread.
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public var description: String { "\(line):\(column)" }
}
