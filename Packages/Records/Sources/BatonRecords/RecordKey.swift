/// The identity of a record: stable across processes, because the image stores it.
///
/// Spelled as the seeds' conformance dumps spell it (Relay's scheme): `Character:1` for an
/// object with identity, `client:root` for the query root, and `<parent key>:<storage key>`
/// (plus `:<index>` inside a list) for an object without identity, so the root's
/// `characters(page:1)` is `client:root:characters(page:1)`.
public struct RecordKey: Hashable, Comparable, Sendable {
    /// The key's text, as the image and the dumps write it.
    public let rawValue: String

    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// The key of an object with identity: its type name and its id.
    public init(type: String, id: String) {
        self.rawValue = type + ":" + id
    }

    /// The query root.
    public static let root = RecordKey("client:root")
    /// The mutation root: where a mutation's root fields land.
    public static let mutationRoot = RecordKey("client:root:mutation")
    /// The subscription root: where a subscription's root fields land.
    public static let subscriptionRoot = RecordKey("client:root:subscription")

    /// The key of an object without identity held by this record's field `storageKey`,
    /// at `index` when the field holds a list.
    public func child(_ storageKey: String, index: Int? = nil) -> RecordKey {
        var text = rawValue
        text.reserveCapacity(text.utf8.count + storageKey.utf8.count + 6)
        text += ":"
        text += storageKey
        if let index {
            text += ":"
            text += String(index)
        }
        return RecordKey(text)
    }

    /// Whether this is one of the three roots.
    public var isRoot: Bool {
        // The roots' lengths (11, 20, 24 bytes) rule out most keys without comparing text.
        switch rawValue.utf8.count {
        case 11: self.rawValue == Self.root.rawValue
        case 20: self.rawValue == Self.mutationRoot.rawValue
        case 24: self.rawValue == Self.subscriptionRoot.rawValue
        default: false
        }
    }

}

extension RecordKey: CustomStringConvertible, ExpressibleByStringLiteral {
    public var description: String { rawValue }

    public init(stringLiteral value: String) {
        self.init(value)
    }
}
