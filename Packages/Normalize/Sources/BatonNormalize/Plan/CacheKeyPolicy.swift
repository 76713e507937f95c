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

    /// Every field that identifies some type.
    public var allKeyFields: Set<String> {
        Set(defaultKeyFields).union(keyFields.values.joined())
    }

    /// The one field that identifies every type, when there is no closure and no type names
    /// other fields: an object's key is then `Type:<that field>`.
    ///
    /// Computed here, outside `ResponseWalker`'s initializer: written inline there, Swift 6.3's
    /// optimizer released an uninitialized stack slot on the path where `keyFields` is empty,
    /// and every release build crashed in its first ingest (`BatonBenchmarks normalize`).
    @inline(never)
    var soleKeyField: String? {
        identify == nil && keyFields.isEmpty && defaultKeyFields.count == 1 ? defaultKeyFields[0] : nil
    }

    /// The key fields of `typename`.
    public func fields(of typename: String) -> [String] {
        keyFields[typename] ?? defaultKeyFields
    }

    /// The record key of an object of `typename` whose key fields hold `values`, or nil when
    /// the object has no identity and is embedded.
    public func key(typename: String, values: [String: JSONValue]) -> RecordKey? {
        key(typename: typename) { values[$0] }
    }

    /// The record key of an object of `typename` whose key field `name` holds `value(name)`.
    @inline(__always)
    public func key(typename: String, value: (String) -> JSONValue?) -> RecordKey? {
        let names = keyFields[typename] ?? defaultKeyFields
        if let identify {
            var values: [String: JSONValue] = [:]
            for name in names { values[name] = value(name) }
            return identify(typename, values).map { RecordKey(type: typename, id: $0) }
        }
        if names.count == 1 {
            return Self.idText(value(names[0])).map { RecordKey(type: typename, id: $0) }
        }
        var parts: [String] = []
        for field in names {
            guard let text = Self.idText(value(field)) else { return nil }
            parts.append(text)
        }
        return parts.isEmpty ? nil : RecordKey(type: typename, id: parts.joined(separator: ":"))
    }

    private static func idText(_ value: JSONValue?) -> String? {
        switch value {
        case .string(let text)?: return text
        case .int(let number)?: return String(number)
        case .double(let number)?:
            var text = ""
            JSONValue.writeNumber(number, to: &text)
            return text
        default: return nil
        }
    }
}
