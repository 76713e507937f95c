import BatonNormalize

/// Why ``QueryHandle/loadNext(_:)`` or ``QueryHandle/loadPrevious(_:)`` cannot page its
/// operation, with the operation's name and what the document lacks. Nothing is fetched.
/// A value: safe on any thread.
///
/// A `@connection` field pages forward when its `first` and `after` arguments are both
/// variables, and backward when its `last` and `before` are (`ConnectionPaging`); the
/// page size and the cursor go into those variables.
public enum PaginationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The operation selects no `@connection` field.
    case noConnection(operation: String)
    /// The operation's connection, the field answering `field` under `@connection(key:)`,
    /// cannot page `direction`: its arguments for the page size and the cursor
    /// (`direction.arguments`) are not both variables.
    case notPageable(operation: String, field: String, key: String, direction: ConnectionPaging.Direction)

    public var description: String {
        switch self {
        case .noConnection(let operation):
            "\(operation): cannot page: the operation selects no @connection field"
        case .notPageable(let operation, let field, let key, let direction):
            "\(operation): cannot page '\(field)' @connection(key: \"\(key)\") \(direction.rawValue): "
                + "its '\(direction.arguments.count)' and '\(direction.arguments.cursor)' arguments must both be variables"
        }
    }
}
