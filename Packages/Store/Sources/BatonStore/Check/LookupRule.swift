/// How a root field that takes an identity, `character(id: 5)`, `node(id:)`, resolves to a
/// record the store already holds when the field itself was never fetched.
///
/// With a `type`, the record's key is made from the arguments by the normalization's cache
/// key policy (arguments paired in order with the type's key fields). Without one, a `key`
/// closure decides, or, failing that, the store looks for a record of any type whose key
/// fields (named as the arguments) hold the arguments' values. A value: safe on any thread.
public struct LookupRule: Sendable {
    /// The root field's name (`character`); a `Query.` style prefix is dropped.
    public var field: String
    /// The arguments that carry the identity, in the order of the type's key fields.
    public var arguments: [String]
    /// The type of the record the field returns, when it is concrete.
    public var type: String?
    /// Makes the record key from the arguments, for a field whose type is not concrete.
    public var key: (@Sendable (_ arguments: [String: JSONValue]) -> RecordKey?)?

    public init(field: String, argument: String, type: String? = nil) {
        self.init(field: field, arguments: [argument], type: type)
    }

    public init(field: String, arguments: [String], type: String? = nil) {
        self.field = field.split(separator: ".").last.map(String.init) ?? field
        self.arguments = arguments
        self.type = type
        self.key = nil
    }

    /// A rule whose key comes from `key`: `LookupRule(field: "node", argument: "id") { ... }`.
    public init(
        field: String, argument: String, key: @escaping @Sendable (_ arguments: [String: JSONValue]) -> RecordKey?
    ) {
        self.init(field: field, arguments: [argument], type: nil)
        self.key = key
    }
}
