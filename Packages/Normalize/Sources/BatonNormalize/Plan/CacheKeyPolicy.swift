import BatonRecords

/// How an object in a response gets its record key.
///
/// By default an object with a type and an `id` is the record `Type:id`; other objects are
/// embedded under their parent (`<parent key>:<storage key>`). Types can name other key
/// fields (several are joined with `:`), and a closure can decide for any object. A value:
/// safe on any thread.
public struct CacheKeyPolicy: Sendable {
    /// The fields that identify an object of a type, when they are not `["id"]`.
    public var keyFields: [String: [String]]
    /// The fields that identify objects of types not in `keyFields`; empty embeds them all.
    public var defaultKeyFields: [String]
    /// Decides the id part of an object's key from its type and the values of its key fields;
    /// nil embeds the object. Runs instead of the default joining when set.
    public var identify: (@Sendable (_ typename: String, _ keyValues: [String: JSONValue]) -> String?)?

    public init(
        keyFields: [String: [String]] = [:],
        defaultKeyFields: [String] = ["id"],
        identify: (@Sendable (_ typename: String, _ keyValues: [String: JSONValue]) -> String?)? = nil
    ) {
        self.keyFields = keyFields
        self.defaultKeyFields = defaultKeyFields
        self.identify = identify
    }

    public static let `default` = CacheKeyPolicy()

    /// The key fields of `typename`.
    public func fields(of typename: String) -> [String] {
        keyFields[typename] ?? defaultKeyFields
    }

    /// The record key of an object of `typename` whose key fields hold `values`, or nil when
    /// the object has no identity and is embedded.
    public func key(typename: String, values: [String: JSONValue]) -> RecordKey? {
        if let identify {
            return identify(typename, values).map { RecordKey(type: typename, id: $0) }
        }
        var parts: [String] = []
        for field in fields(of: typename) {
            switch values[field] {
            case .string(let text)?: parts.append(text)
            case .int(let number)?: parts.append(String(number))
            case .double(let number)?:
                var text = ""
                JSONValue.writeNumber(number, to: &text)
                parts.append(text)
            default: return nil
            }
        }
        return parts.isEmpty ? nil : RecordKey(type: typename, id: parts.joined(separator: ":"))
    }
}
