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
        var id = id
        self = id.withUTF8 { RecordKey(type: type, id: $0) }
    }

    /// The key of an object with identity whose id's UTF-8 is `id` (as a response holds it;
    /// invalid UTF-8 is repaired as `String(decoding:as:)` repairs it).
    ///
    /// Written in one buffer of the key's length: the ingest makes one for each object with
    /// identity, and the id's `String` and the two appends took about 350 instructions a key.
    public init(type: String, id: UnsafeBufferPointer<UInt8>) {
        var type = type
        rawValue = type.withUTF8 { Self.joined($0, id) }
    }

    /// The query root.
    public static let root = RecordKey("client:root")
    /// The mutation root: where a mutation's root fields land.
    public static let mutationRoot = RecordKey("client:root:mutation")
    /// The subscription root: where a subscription's root fields land.
    public static let subscriptionRoot = RecordKey("client:root:subscription")

    /// The key of an object without identity held by this record's field `storageKey`,
    /// at `index` when the field holds a list.
    ///
    /// Written in one buffer of the key's length (appended piece by piece, with the index's
    /// description, an edge's key took about 2,200 instructions; a page of a connection makes
    /// one for each edge).
    public func child(_ storageKey: String, index: Int? = nil) -> RecordKey {
        var parent = rawValue
        var field = storageKey
        return RecordKey(parent.withUTF8 { parent in field.withUTF8 { Self.joined(parent, $0, index: index) } })
    }

    /// `first`, a colon and `second`, then a colon and `index` in decimal when there is one,
    /// written in one buffer of their length.
    private static func joined(
        _ first: UnsafeBufferPointer<UInt8>, _ second: UnsafeBufferPointer<UInt8>, index: Int? = nil
    ) -> String {
        let digits = index.map(decimalCount) ?? 0
        let count = first.count + 1 + second.count + (index == nil ? 0 : 1 + digits)
        return String(unsafeUninitializedCapacity: count) { out in
            var at = copy(first, to: out, at: 0)
            out[at] = UInt8(ascii: ":")
            at = copy(second, to: out, at: at + 1)
            guard let index else { return at }
            out[at] = UInt8(ascii: ":")
            return writeDecimal(index, digits: digits, to: out, at: at + 1)
        }
    }

    /// Copies `bytes` into `out` at `at`; returns where they end.
    private static func copy(_ bytes: UnsafeBufferPointer<UInt8>, to out: UnsafeMutableBufferPointer<UInt8>, at: Int)
        -> Int
    {
        guard let source = bytes.baseAddress, let target = out.baseAddress else { return at }
        (target + at).update(from: source, count: bytes.count)
        return at + bytes.count
    }

    /// How many bytes `value` takes in decimal, its sign included.
    private static func decimalCount(_ value: Int) -> Int {
        var count = value < 0 ? 2 : 1
        var rest = value.magnitude / 10
        while rest != 0 {
            count += 1
            rest /= 10
        }
        return count
    }

    /// Writes `value` in decimal (`digits` bytes, its sign included) into `out` at `at`;
    /// returns where it ends.
    private static func writeDecimal(_ value: Int, digits: Int, to out: UnsafeMutableBufferPointer<UInt8>, at: Int)
        -> Int
    {
        let end = at + digits
        var position = end
        var rest = value.magnitude
        repeat {
            position -= 1
            out[position] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
        } while rest != 0
        if value < 0 { out[at] = UInt8(ascii: "-") }
        return end
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
