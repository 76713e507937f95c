import BatonNormalize

/// Why ``QueryHandle/loadNext(_:)``, ``QueryHandle/loadPrevious(_:)`` or
/// ``QueryHandle/loadNext()`` cannot page its
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
    /// The operation's connection, the field answering `field` under `@connection(key:)`,
    /// does not select the page info paging `direction` reads: `pageInfo { hasNextPage
    /// endCursor }` forward, `pageInfo { hasPreviousPage startCursor }` backward. Without it
    /// the store never learns that a page follows, so nothing could ever be loaded.
    case noPageInfo(operation: String, field: String, key: String, direction: ConnectionPaging.Direction)
    /// ``QueryHandle/loadNext()`` was called on an operation that selects no `@pageList` or
    /// `@offsetList` field.
    case noPageList(operation: String)
    /// The operation's page list, the field answering `field`, gives its paging argument
    /// `argument` as a literal: only a variable can be set to the next page.
    case pageArgumentNotVariable(operation: String, field: String, argument: String)

    public var description: String {
        switch self {
        case .noConnection(let operation):
            "\(operation): cannot page: the operation selects no @connection field"
        case .notPageable(let operation, let field, let key, let direction):
            "\(operation): cannot page '\(field)' @connection(key: \"\(key)\") \(direction.rawValue): "
                + "its '\(direction.arguments.count)' and '\(direction.arguments.cursor)' arguments must both be variables"
        case .noPageInfo(let operation, let field, let key, let direction):
            "\(operation): cannot page '\(field)' @connection(key: \"\(key)\") \(direction.rawValue): "
                + "it must select pageInfo { \(direction.pageInfoFields.flag) \(direction.pageInfoFields.cursor) }"
        case .noPageList(let operation):
            "\(operation): cannot load the next page: the operation selects no @pageList or @offsetList field"
        case .pageArgumentNotVariable(let operation, let field, let argument):
            "\(operation): cannot load the next page of '\(field)': its '\(argument)' argument must be a variable"
        }
    }
}
