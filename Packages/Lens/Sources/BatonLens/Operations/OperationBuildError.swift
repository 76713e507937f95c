/// Why an operation could not be built: its document does not plan, or a lens declares a
/// field the document does not select where the lens reads it. A value: safe on any thread.
public enum OperationBuildError: Error, Hashable, Sendable, CustomStringConvertible {
    case plan(PlanError, operation: String)
    /// `lens` (a fragment type) declares `field`, which the document does not select on `type`.
    case unselected(field: String, lens: String, type: String, operation: String)
    /// `lens` declares `field` in a way the selection contradicts: a link over a leaf, a
    /// scalar over an object, another schema field, arguments it does not declare, or a
    /// client-only field not declared `conditional` (it would throw until the app writes it).
    case mismatch(field: String, lens: String, reason: String, operation: String)

    public var description: String {
        switch self {
        case .plan(let error, let operation): "\(operation): \(error)"
        case .unselected(let field, let lens, let type, let operation):
            "\(operation): \(lens) reads \(field), which the document does not select on \(type)"
        case .mismatch(let field, let lens, let reason, let operation):
            "\(operation): \(lens).\(field): \(reason)"
        }
    }
}
