/// Why a compile failed, always with the file, 1-based line and 1-based column of the
/// offending character, printed as `file:line:column: error: message` (the form Xcode and
/// SwiftPM show beside the source).
///
/// A plain value: safe on any thread.
public enum CompilerError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A GraphQL text (document or schema) that is not well formed.
    case syntax(message: String, file: String, line: Int, column: Int)
    /// A document that breaks one of the executable-document rules against the schema.
    case invalid(rule: ValidationRule, message: String, file: String, line: Int, column: Int)
    /// A configuration file that is malformed or names what the schema lacks.
    case configuration(message: String, file: String, line: Int, column: Int)
    /// A file that could not be read or written (line and column 1).
    case unreadable(message: String, file: String, line: Int, column: Int)

    public var file: String {
        switch self {
        case .syntax(_, let file, _, _), .invalid(_, _, let file, _, _), .configuration(_, let file, _, _),
            .unreadable(_, let file, _, _):
            file
        }
    }

    public var line: Int {
        switch self {
        case .syntax(_, _, let line, _), .invalid(_, _, _, let line, _), .configuration(_, _, let line, _),
            .unreadable(_, _, let line, _):
            line
        }
    }

    public var column: Int {
        switch self {
        case .syntax(_, _, _, let column), .invalid(_, _, _, _, let column), .configuration(_, _, _, let column),
            .unreadable(_, _, _, let column):
            column
        }
    }

    public var message: String {
        switch self {
        case .syntax(let message, _, _, _), .invalid(_, let message, _, _, _), .configuration(let message, _, _, _),
            .unreadable(let message, _, _, _):
            message
        }
    }

    /// The rule broken, for a validation error.
    public var rule: ValidationRule? {
        if case .invalid(let rule, _, _, _, _) = self { return rule }
        return nil
    }

    public var description: String { "\(file):\(line):\(column): error: \(message)" }
}
