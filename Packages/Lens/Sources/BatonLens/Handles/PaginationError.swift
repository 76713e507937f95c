import BatonNormalize

/// Why ``QueryHandle/loadNext(_:)``, ``QueryHandle/loadPrevious(_:)`` or
/// ``QueryHandle/loadNext()`` cannot page its
/// operation, with the operation's name and what the document lacks (nothing is fetched), or
/// why a page that came was not merged (``listMoved(operation:)``).
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
    /// While the page was on its way, the list stopped ending (or, paging backward, starting)
    /// where the page was asked from: a refetch started it again, a first page fetched again
    /// differed from its head, or another page landed first. The page came and is not merged,
    /// since merging it where the list now ends could leave a gap; the store is as before it.
    /// Asking again pages from where the list ends now.
    case listMoved(operation: String)

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
        case .listMoved(let operation):
            "\(operation): the page was not merged: the list no longer ends where it was asked from "
                + "(a refetch started it again, or another page landed first); ask for the page again"
        }
    }
}
