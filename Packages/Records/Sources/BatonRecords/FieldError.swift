/// A GraphQL error stored in the field it names, in place of the value it replaced, so a
/// reader can tell an error from a null and the rest of the response is kept.
public struct FieldError: Error, Hashable, Sendable {
    /// One step of a response path: an object member or a list index.
    public enum PathElement: Hashable, Sendable {
        case key(String)
        case index(Int)
    }

    public var message: String
    /// The response path the server gave, from the operation's root.
    public var path: [PathElement]
    /// The error's `extensions`, when the server sent any.
    public var extensions: JSONValue?

    public init(message: String, path: [PathElement] = [], extensions: JSONValue? = nil) {
        self.message = message
        self.path = path
        self.extensions = extensions
    }
}

extension FieldError.PathElement: CustomStringConvertible {
    public var description: String {
        switch self {
        case .key(let name): name
        case .index(let index): String(index)
        }
    }
}
