#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Objects a text repeats: one that is byte for byte an object read before is left in one
/// comparison, as if read through (see `ObjectSpan`).
extension JSONReader {
    /// The span of the object `beginObject()` has just opened.
    @inline(__always)
    func openedObject() -> ObjectSpan? {
        ObjectSpan(start: position &- 1, depth: depth, count: 0)
    }

    /// `span`, which the reader has just read to its `}`, with its length.
    @inline(__always)
    func closed(_ span: ObjectSpan) -> ObjectSpan {
        ObjectSpan(start: span.start, depth: span.depth, count: position &- span.start)
    }

    /// Leaves the object `current`, opened and not yet closed (the reader among its own
    /// members, not inside one), when its text from its `{` is `previous`'s byte for byte and
    /// it opens no deeper than `previous` did, so nothing in it can pass the nesting limit that
    /// `previous` kept to. The reader is then just past its `}`, as `nextKey()` leaves it at the
    /// object's end. False, having moved nowhere, otherwise.
    mutating func skipObject(_ current: ObjectSpan, sameAs previous: ObjectSpan) -> Bool {
        assert(depth == current.depth && innermostIsObject, "skipObject(_:sameAs:) outside the object's own members")
        assert(previous.start &+ previous.count <= current.start, "the earlier object does not end before this one")
        let count = previous.count
        guard count > 0, current.depth <= previous.depth, current.start &+ count <= byteCount,
            Self.equalBytes(bytes + current.start, bytes + previous.start, count: count)
        else { return false }
        position = current.start &+ count
        depth = current.depth &- 1
        atContainerStart = false
        return true
    }

    /// Whether the `count` bytes at `a` and at `b` are equal: the C library's comparison, which
    /// takes them many bytes at a time.
    @inline(__always)
    static func equalBytes(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, count: Int) -> Bool {
        memcmp(a, b, count) == 0
    }
}
