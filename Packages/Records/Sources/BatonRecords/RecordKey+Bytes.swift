/// Keys compare, order and hash as their UTF-8 bytes, as the image's SQLite compares them:
/// two spellings of the same text in different Unicode normal forms are different keys.
///
/// A dictionary of keys hashes each key's bytes with a multiply-xor hash under the table's
/// random seed, a few instructions per 8 bytes, instead of SipHash over the normalized text:
/// the check hashes every key it reads from disk several times.
///
/// ``bytesHash(seed:)`` is inlinable, with the hash of a key of up to 15 bytes from its two
/// words inlined in it, where it called that hash (`profile check 11` 9.59M → 9.26M
/// instructions, `collect-50k 2` 33.87M → 31.76M). A longer key pays the test and a call more
/// (`lens-argument-read`, 6 instructions a read); with the function kept out of line instead,
/// the check and collection lost 2–4% of what they gained and the lens reads gained 1%.
///
/// The calls a look-up makes out of line, the hash of a longer key's bytes, `_rawHashValue`
/// and the comparison of bytes (`equalBytes`), are read-only (`@_effects(readonly)`, as the
/// standard library marks its string comparison): they read the keys' bytes and write nothing
/// a caller can see, so a caller need not keep what it loaded from a table or an array alive
/// across them. Before, a loop that looked keys up retained and released the key it passed,
/// and what it held beside it, around each call: the store's commit of equal values copied
/// each snapshot out of its change set (`profile noop-commit 5`: 1.21M → 0.81M instructions),
/// a list view finding its rows by their edges' keys copied each edge's lens
/// (`profile load-next-page-rows 10`, the rows' re-render: 35.9M → 24.9M).
extension RecordKey {
    @inlinable
    public static func == (lhs: RecordKey, rhs: RecordKey) -> Bool {
        #if arch(x86_64) || arch(arm64)
        // The same string (one storage, or the same inline bytes of a key of up to 15 bytes):
        // the key a probe finds, told without reading its bytes. The bit cast of the string's
        // two words is the one way to ask this with no underscored API; without it (length and
        // bytes compared every time) `check_memory_us` went 102 → 117 and `collect_ms`
        // 0.347 → 0.385 (release, 6 interleaved runs).
        if unsafeBitCast(lhs.rawValue, to: (UInt64, UInt64).self)
            == unsafeBitCast(rhs.rawValue, to: (UInt64, UInt64).self)
        {
            return true
        }
        #endif
        return equalBytes(lhs, rhs)
    }

    /// Whether the two keys' bytes are equal, where their strings' bits are not: outlined, so
    /// the inlined `==` is the bit compare and a call.
    @usableFromInline @inline(never) @_effects(readonly)
    static func equalBytes(_ lhs: RecordKey, _ rhs: RecordKey) -> Bool {
        sameUTF8(unlessSameBits: lhs.rawValue, rhs.rawValue)
    }

    /// Whether two texts have the same UTF-8 bytes: how the store compares text, a key's or a
    /// value's (`Value`'s `==`), as the image's SQLite compares it. Stricter than `String`'s
    /// `==`, which takes canonically equivalent texts for equal.
    @inline(__always)
    static func sameUTF8(_ lhs: String, _ rhs: String) -> Bool {
        #if arch(x86_64) || arch(arm64)
        // The same storage, or the same small string: the same bytes.
        if unsafeBitCast(lhs, to: (UInt64, UInt64).self) == unsafeBitCast(rhs, to: (UInt64, UInt64).self) {
            return true
        }
        #endif
        return sameUTF8(unlessSameBits: lhs, rhs)
    }

    /// ``sameUTF8(_:_:)`` of two texts whose bits differ.
    @inline(__always)
    private static func sameUTF8(unlessSameBits lhs: String, _ rhs: String) -> Bool {
        #if arch(x86_64) || arch(arm64)
        // Two small strings (keys of up to 15 bytes, most entity keys: `Character:1`) are
        // their words: the bytes, zero beyond the count, and a last byte made of the count
        // and flags that follow from the bytes. Words that differ are bytes that differ.
        let left = unsafeBitCast(lhs, to: (UInt64, UInt64).self).1
        let right = unsafeBitCast(rhs, to: (UInt64, UInt64).self).1
        if left & right & smallStringBit != 0 { return false }
        #endif
        // Texts of different lengths, most other keys a dictionary probe meets, differ unread.
        guard lhs.utf8.count == rhs.utf8.count else { return false }
        return withBytes(of: lhs) { left in withBytes(of: rhs) { right in Self.equal(left, right) } }
    }

    public static func < (lhs: RecordKey, rhs: RecordKey) -> Bool {
        lhs.withBytes { left in rhs.withBytes { right in Self.compare(left, right) < 0 } }
    }

    public func hash(into hasher: inout Hasher) {
        withBytes { bytes in
            hasher.combine(bytes.count)
            hasher.combine(bytes: bytes)
        }
    }

    /// `Hashable`'s underscored requirement, so that a dictionary of keys hashes with
    /// `hash(_:seed:)` instead of `Hasher`'s SipHash over `hash(into:)`'s bytes: with
    /// `hash(into:)` alone `collect_ms` went 0.358 → 0.394 and `hydrate_898_ms` 0.619 → 0.633
    /// (release, 6 interleaved runs).
    @_effects(readonly)
    public func _rawHashValue(seed: Int) -> Int {
        Int(truncatingIfNeeded: bytesHash(seed: UInt64(truncatingIfNeeded: seed)))
    }

    /// The seed the process's record tables hash keys under: a change set hashes its
    /// snapshots' keys under it (`RecordSnapshot.keyHash`), off the main actor when an ingest
    /// builds it. Drawn from the standard library's `Hasher`, so it is random for each process
    /// as `Hasher`'s own seed is, and fixed when `SWIFT_DETERMINISTIC_HASHING` is set (as for
    /// `Hasher`), which makes a profile's counts repeat from one process to the next.
    @_spi(Baton) public static let processHashSeed: UInt64 = {
        var hasher = Hasher()
        hasher.combine(0x6261_746F_6E)
        return UInt64(truncatingIfNeeded: hasher.finalize())
    }()

    /// The hash of the key's bytes under `seed`, as hashed collections of keys use it.
    ///
    /// A key of up to 15 bytes is hashed from its two words, inlinable (the check hashes a key
    /// a link); a longer key's bytes are hashed out of line, read-only.
    @_spi(Baton) @inlinable
    public func bytesHash(seed: UInt64) -> UInt64 {
        #if arch(x86_64) || arch(arm64)
        // A key of up to 15 bytes is mostly a small string, whose bytes are its two words:
        // hashed from the words, with no view of the bytes to set up (the commit and the check
        // hash a key a record). The words give the very bytes the view would.
        let (leading, trailing) = unsafeBitCast(rawValue, to: (UInt64, UInt64).self)
        if trailing & Self.smallStringBit != 0 {
            return Self.hash(
                leading, trailing & 0x00FF_FFFF_FFFF_FFFF, count: Int(truncatingIfNeeded: (trailing >> 56) & 0xF),
                seed: seed)
        }
        #endif
        return bytesHashOutOfLine(seed: seed)
    }

    /// ``bytesHash(seed:)`` of a key that is no small string, from its bytes.
    @usableFromInline @inline(never) @_effects(readonly)
    func bytesHashOutOfLine(seed: UInt64) -> UInt64 {
        withBytes { Self.hash($0, seed: seed) }
    }

    /// The bit of a 64-bit string's second word that marks a small string: one whose (at most
    /// 15) UTF-8 bytes are its first word and the low 7 bytes of its second, zero beyond its
    /// count, which is bits 56-59 of the second word. The standard library's string layout,
    /// frozen by its ABI; `RecordKeyBytesTests` holds the hash from the words to the hash of
    /// the bytes, for every length.
    @usableFromInline
    static var smallStringBit: UInt64 { 1 << 61 }

    /// Calls `body` with the key's UTF-8 bytes, in place when the text is native.
    @inline(__always)
    func withBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        Self.withBytes(of: rawValue, body)
    }

    /// Calls `body` with `text`'s UTF-8 bytes, in place when the text is native.
    @inline(__always)
    static func withBytes<R>(of text: String, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        if let result = text.utf8.withContiguousStorageIfAvailable({ body(UnsafeRawBufferPointer($0)) }) {
            return result
        }
        var text = text
        return text.withUTF8 { body(UnsafeRawBufferPointer($0)) }
    }

    /// Orders byte strings as `memcmp` then length do.
    static func compare(_ left: UnsafeRawBufferPointer, _ right: UnsafeRawBufferPointer) -> Int {
        let count = min(left.count, right.count)
        var i = 0
        while i + 8 <= count {
            let l = UInt64(bigEndian: left.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            let r = UInt64(bigEndian: right.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            if l != r { return l < r ? -1 : 1 }
            i += 8
        }
        while i < count {
            if left[i] != right[i] { return left[i] < right[i] ? -1 : 1 }
            i += 1
        }
        return left.count == right.count ? 0 : (left.count < right.count ? -1 : 1)
    }

    /// Whether two byte strings of the same length are equal, 8 bytes at a time, the last 8
    /// first: keys of one length mostly share their type's or their parent's prefix and
    /// differ in the id or index that ends them (`…:edges:1234` and `…:edges:1235`), so two
    /// keys that a hash table's probe meets are told apart at the first word read.
    static func equal(_ left: UnsafeRawBufferPointer, _ right: UnsafeRawBufferPointer) -> Bool {
        let count = left.count
        guard count >= 8 else { return tail(left) == tail(right) }
        guard
            left.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
                == right.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        else { return false }
        var i = 0
        while i + 8 < count {
            if left.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                != right.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            {
                return false
            }
            i += 8
        }
        return true
    }

    /// The bytes' hash under `seed`: each 8-byte word is folded in by a multiply and a shift
    /// (the last word overlaps the one before it rather than reading byte by byte), and the
    /// result goes through MurmurHash3's 64-bit finalizer so that every bit of the key
    /// reaches the low bits a hash table masks. The length is mixed in first.
    static func hash(_ bytes: UnsafeRawBufferPointer, seed: UInt64) -> UInt64 {
        let count = bytes.count
        var h = seed ^ (UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15)
        if count >= 8, let start = bytes.baseAddress {
            // Through the base address, unwrapped once, with wrapping offsets: the buffer's
            // own loads checked the address and the offset's overflow at every word (11
            // instructions a word; 6 now).
            let last = start + (count &- 8)
            var word = start
            while word < last {
                h = fold(h, word.loadUnaligned(as: UInt64.self))
                word += 8
            }
            h = fold(h, last.loadUnaligned(as: UInt64.self))
        } else {
            h = fold(h, tail(bytes))
        }
        return finish(h)
    }

    /// `hash(_:seed:)` of the `count` (at most 15) bytes whose first 8 are `first` and whose
    /// others are `second`, little-endian, zero beyond `count`.
    @inlinable
    static func hash(_ first: UInt64, _ second: UInt64, count: Int, seed: UInt64) -> UInt64 {
        var h = seed ^ (UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15)
        // The shifts are masking ones: each is within 0...56 here, and the tests a shift makes
        // for 64 and beyond were about 30% of the hash's instructions (47 → 33 a key).
        if count > 8 {
            // The first 8 bytes, then the last 8 (overlapping them).
            let shift = UInt64(truncatingIfNeeded: 8 &* (count &- 8))
            h = fold(fold(h, first), first &>> shift | second &<< (64 &- shift))
        } else if count == 8 {
            h = fold(h, first)
        } else if count >= 4 {
            // The first 4 bytes and the last 4, as `tail` loads them.
            let high = first &>> UInt64(truncatingIfNeeded: 8 &* (count &- 4)) & 0xFFFF_FFFF
            h = fold(h, first & 0xFFFF_FFFF | high << 32)
        } else {
            h = fold(h, first)
        }
        return finish(h)
    }

    @inlinable @inline(__always)
    static func finish(_ h: UInt64) -> UInt64 {
        var h = h
        h ^= h >> 33
        h &*= 0xFF51_AFD7_ED55_8CCD
        h ^= h >> 33
        h &*= 0xC4CE_B9FE_1A85_EC53
        h ^= h >> 33
        return h
    }

    @inlinable @inline(__always)
    static func fold(_ h: UInt64, _ word: UInt64) -> UInt64 {
        let mixed = (h ^ word) &* 0xBF58_476D_1CE4_E5B9
        return mixed ^ (mixed >> 31)
    }

    /// Up to 7 bytes as one word: two overlapping 4-byte loads, or the bytes one by one.
    @inline(__always)
    private static func tail(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        let count = bytes.count
        if count >= 4 {
            let low = UInt64(bytes.loadUnaligned(fromByteOffset: 0, as: UInt32.self))
            let high = UInt64(bytes.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self))
            return low | high << 32
        }
        var word: UInt64 = 0
        for i in 0..<count { word |= UInt64(bytes[i]) << UInt64(8 * i) }
        return word
    }
}
