import BatonRecords

/// The kind of an operation: which root its response is committed under.
public enum OperationKind: String, Sendable, Hashable {
    case query
    case mutation
    case subscription
}

/// One GraphQL request as it goes on the wire: the document text, the operation to run,
/// its variables and extensions, and headers for this request alone.
///
/// A plain value: safe on any thread.
public struct GraphQLRequest: Sendable, Hashable {
    /// The executable document's text, as the server receives it.
    public var document: String
    /// The operation to run when the document holds several; nil for an anonymous one.
    public var operationName: String?
    /// The operation's kind; a transport may send queries with GET.
    public var kind: OperationKind
    /// The variables, by name.
    public var variables: [String: JSONValue]
    /// The request's `extensions` (persisted queries and the like), by name.
    public var extensions: [String: JSONValue]
    /// Headers for this request alone, on top of the transport's own.
    public var headers: [String: String]
    /// Files to send with the request, each at a variable path whose value is sent as `null`
    /// (the GraphQL multipart request specification). Empty for an ordinary request; a
    /// transport that cannot send files fails a request that has some.
    public var uploads: [UploadPlacement]

    public init(
        document: String,
        operationName: String? = nil,
        kind: OperationKind = .query,
        variables: [String: JSONValue] = [:],
        extensions: [String: JSONValue] = [:],
        headers: [String: String] = [:],
        uploads: [UploadPlacement] = []
    ) {
        self.document = document
        self.operationName = operationName
        self.kind = kind
        self.variables = variables
        self.extensions = extensions
        self.headers = headers
        self.uploads = uploads
    }
}
