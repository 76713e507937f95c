/// An object member's key as `JSONReader.nextKey()` found it: its raw bytes in the reader's
/// buffer, compared without allocating and decoded only when asked.
///
/// The bytes are those between the quotes, escapes not decoded (validated already). They
/// point into the reader's buffer: a key is valid only while the reader that returned it
/// lives; do not keep it. Not `Sendable`.
///
/// Keys come only from a reader, whose buffer has zero padding after the text, so at least
/// eight bytes past `utf8`'s end are readable; `JSONKeyTable` relies on that to hash and
/// compare a word at a time.
public struct JSONKey {
    /// The raw UTF-8 between the quotes.
    public let utf8: UnsafeBufferPointer<UInt8>
    /// Whether the raw bytes contain escapes (then they differ from the key's UTF-8).
    public let hasEscapes: Bool
    /// Byte offset of the key's opening quote in the text.
    public let offset: Int

    init(utf8: UnsafeBufferPointer<UInt8>, hasEscapes: Bool, offset: Int) {
        self.utf8 = utf8
        self.hasEscapes = hasEscapes
        self.offset = offset
    }

    /// The key, escapes decoded.
    public var string: String {
        hasEscapes ? JSONReader.decodeEscaped(utf8) : String(decoding: utf8, as: UTF8.self)
    }

    /// Whether the key is `name`; no allocation unless the key has escapes.
    public func equals(_ name: StaticString) -> Bool {
        if name.hasPointerRepresentation {
            return equals(utf8: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        }
        return string == name.description
    }

    /// Whether the key is `name`; no allocation unless the key has escapes.
    public func equals(_ name: String) -> Bool {
        if hasEscapes { return string == name }
        var name = name
        return name.withUTF8 { equals(utf8: $0) }
    }

    /// Whether the key's decoded UTF-8 is `other`.
    public func equals(utf8 other: UnsafeBufferPointer<UInt8>) -> Bool {
        if hasEscapes {
            var decoded = string
            return decoded.withUTF8 { JSONKey.bytesEqual($0, other) }
        }
        return JSONKey.bytesEqual(utf8, other)
    }

    @inline(__always)
    static func bytesEqual(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        let n = a.count
        guard n == b.count else { return false }
        guard n > 0, let pa = a.baseAddress, let pb = b.baseAddress else { return true }
        var i = 0
        while i &+ 8 <= n {
            let wa = UnsafeRawPointer(pa + i).loadUnaligned(as: UInt64.self)
            let wb = UnsafeRawPointer(pb + i).loadUnaligned(as: UInt64.self)
            if wa != wb { return false }
            i &+= 8
        }
        while i < n {
            if pa[i] != pb[i] { return false }
            i &+= 1
        }
        return true
    }
}
