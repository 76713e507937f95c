import BatonRecords
import Foundation

/// Encodes rows for the writer. Adds names to the file's table as it meets them, so it runs
/// inside the writer's transaction. Not copyable: it owns the buffer it writes into.
struct RowEncoder: ~Copyable {
    var bytes: GrowableBytes
    let names: Names
    /// The UTF-8 of the last link's type and its name id (-1 before the first link): the
    /// links of a list, and of the rows of one batch, mostly share a type, so most links
    /// find their type's id with one comparison instead of a hash.
    private var lastType: [UInt8] = []
    private var lastTypeID = -1

    /// An encoder whose buffer holds `capacity` bytes before it grows: a row's worth by
    /// default, a batch's for the writer, which encodes a run of rows one after another.
    init(names: Names, capacity: Int = 256) {
        self.names = names
        bytes = GrowableBytes(capacity: capacity)
    }

    /// The UTF-8 of the key of the record whose row is being encoded, and where its first `:`
    /// is (nil for a root field's row, and for a key with no `:`): a string whose bytes are
    /// the key's type (before the colon) or id (after it) is one tag byte.
    private var key = GrowableBytes(capacity: 64)
    private var keyColon: Int?
    /// The UTF-8 of the last string prefix used and its name id (-1 before the first).
    private var lastPrefix: [UInt8] = []
    private var lastPrefixID = -1

    /// Starts a row: clears the buffer and writes the format byte. `key` is the record's
    /// (nil for a root field), whose type and id strings are encoded as one byte each.
    mutating func begin(key: RecordKey? = nil) {
        bytes.removeAll()
        append(key: key)
    }

    /// Starts a row after the rows already in the buffer, which stay: writes the format
    /// byte. `key` as for ``begin(key:)``.
    mutating func append(key: RecordKey?) {
        bytes.append(RowFormat.version)
        self.key.removeAll()
        keyColon = nil
        guard let key else { return }
        Self.withUTF8(of: key.rawValue) { utf8 in
            self.key.append(utf8)
            keyColon = Self.colon(in: utf8)
        }
    }

    mutating func cell(_ slot: Slot, _ value: Value) throws {
        varint(UInt64(try names.id(of: slot)))
        try encode(value)
    }

    mutating func encode(_ value: Value) throws {
        switch value {
        case .null: bytes.append(0x00)
        case .bool(let b): bytes.append(b ? 0x02 : 0x01)
        case .int(let i):
            if i >= 0 && i < 48 {
                bytes.append(0x10 + UInt8(i))
            } else {
                bytes.append(0x03)
                varint(UInt64(bitPattern: Int64((i << 1) ^ (i >> 63))))
            }
        case .double(let d):
            bytes.append(0x04)
            fixed64(d.bitPattern)
        case .string(let s): try string(s)
        case .scalar(let json):
            bytes.append(0x08)
            encode(json)
        case .link(let key): try link(key)
        case .list(let elements):
            if elements.count < 64 {
                bytes.append(0xC0 + UInt8(elements.count))
            } else {
                bytes.append(0x07)
                varint(UInt64(elements.count))
            }
            for index in elements.indices { try encode(elements[index]) }
        case .error(let error):
            bytes.append(0x09)
            lengthPrefixed(error.message)
            varint(UInt64(error.path.count))
            for element in error.path {
                switch element {
                case .key(let name):
                    bytes.append(0)
                    lengthPrefixed(name)
                case .index(let index):
                    bytes.append(1)
                    varint(UInt64(bitPattern: Int64((index << 1) ^ (index >> 63))))
                }
            }
            if let extensions = error.extensions {
                bytes.append(1)
                encode(extensions)
            } else {
                bytes.append(0)
            }
        }
    }

    /// A link, read through the key's UTF-8 in place: the colon, the type and the id are
    /// found with no index arithmetic on the string.
    private mutating func link(_ key: RecordKey) throws {
        try Self.withUTF8(of: key.rawValue) { utf8 in
            guard let colon = Self.colon(in: utf8) else {
                bytes.append(0x06)
                varint(UInt64(utf8.count))
                bytes.append(utf8)
                return
            }
            let typeID = try self.typeID(UnsafeBufferPointer(rebasing: utf8[..<colon]))
            let id = UnsafeBufferPointer(rebasing: utf8[(colon + 1)...])
            if let number = Self.canonicalNumber(id) {
                if typeID < 32 {
                    bytes.append(0xA0 + UInt8(typeID))
                } else {
                    bytes.append(0x0B)
                    varint(UInt64(typeID))
                }
                varint(number)
            } else {
                if typeID < 32 {
                    bytes.append(0x80 + UInt8(typeID))
                } else {
                    bytes.append(0x0A)
                    varint(UInt64(typeID))
                }
                varint(UInt64(id.count))
                bytes.append(id)
            }
        }
    }

    /// Calls `body` with `text`'s UTF-8 in place when the string holds it contiguously (a
    /// native string does), without the copy of the string that `withUTF8` mutates.
    @inline(__always)
    static func withUTF8<R>(of text: String, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        if let result = try text.utf8.withContiguousStorageIfAvailable(body) { return result }
        var text = text
        return try text.withUTF8(body)
    }

    /// Where a key's first `:` is, the end of its type.
    @inline(__always)
    static func colon(in utf8: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = utf8.baseAddress, let found = memchr(base, Int32(UInt8(ascii: ":")), utf8.count) else {
            return nil
        }
        return UnsafeRawPointer(found) - UnsafeRawPointer(base)
    }

    /// The name id of a link's type: the last link's when it is the same type (one memcmp),
    /// else looked up (and added to the file on first use).
    private mutating func typeID(_ type: UnsafeBufferPointer<UInt8>) throws -> Int {
        if lastTypeID >= 0, lastType.count == type.count,
            lastType.withUnsafeBufferPointer({ memcmp($0.baseAddress!, type.baseAddress!, type.count) == 0 })
        {
            return lastTypeID
        }
        let id = try names.id(ofText: String(decoding: type, as: UTF8.self))
        lastType = Array(type)
        lastTypeID = id
        return id
    }

    /// The id as a number when it is a decimal that prints back to the same text.
    static func canonicalNumber(_ id: UnsafeBufferPointer<UInt8>) -> UInt64? {
        guard !id.isEmpty, id.count <= 18 else { return nil }
        if id.count > 1 && id[0] == UInt8(ascii: "0") { return nil }
        var n: UInt64 = 0
        for byte in id {
            guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { return nil }
            n = n * 10 + UInt64(byte - UInt8(ascii: "0"))
        }
        return n
    }

    mutating func encode(_ json: JSONValue) {
        switch json {
        case .null: bytes.append(0)
        case .bool(let b): bytes.append(b ? 2 : 1)
        case .int(let i):
            bytes.append(3)
            varint(UInt64(bitPattern: Int64((i << 1) ^ (i >> 63))))
        case .double(let d):
            bytes.append(4)
            fixed64(d.bitPattern)
        case .string(let s):
            bytes.append(5)
            lengthPrefixed(s)
        case .array(let elements):
            bytes.append(6)
            varint(UInt64(elements.count))
            for element in elements { encode(element) }
        case .object(let members):
            bytes.append(7)
            varint(UInt64(members.count))
            for (name, value) in members {
                lengthPrefixed(name)
                encode(value)
            }
        }
    }

    /// A string value: the key's type or id as one byte, a long string under a shared prefix
    /// as the prefix's name id and the rest, else its bytes.
    private mutating func string(_ s: String) throws {
        try Self.withUTF8(of: s) { utf8 in
            if let tag = keyPartTag(utf8) {
                bytes.append(tag)
                return
            }
            if utf8.count >= RowFormat.prefixedStringMinimum, let (prefixID, count) = try prefix(of: utf8) {
                bytes.append(0x0E)
                varint(UInt64(prefixID))
                varint(UInt64(utf8.count - count))
                bytes.append(UnsafeBufferPointer(rebasing: utf8[count...]))
                return
            }
            if utf8.count < 64 {
                bytes.append(0x40 + UInt8(utf8.count))
            } else {
                bytes.append(0x05)
                varint(UInt64(utf8.count))
            }
            bytes.append(utf8)
        }
    }

    /// `0C` when `utf8` is the bytes of the key's type, `0D` when of its id, else nil.
    private func keyPartTag(_ utf8: UnsafeBufferPointer<UInt8>) -> UInt8? {
        guard let colon = keyColon else { return nil }
        let idCount = key.count - colon - 1
        guard utf8.count == colon || utf8.count == idCount else { return nil }
        return key.withUnsafeBytes { key -> UInt8? in
            if utf8.count == colon, utf8.count == 0 || memcmp(utf8.baseAddress!, key.baseAddress!, colon) == 0 {
                return 0x0C
            }
            if utf8.count == idCount,
                utf8.count == 0 || memcmp(utf8.baseAddress!, key.baseAddress! + colon + 1, idCount) == 0
            {
                return 0x0D
            }
            return nil
        }
    }

    /// The name id and length of the string's prefix up to and including its last `/`, when
    /// that prefix is long enough to share and the file has it or has room for it.
    private mutating func prefix(of utf8: UnsafeBufferPointer<UInt8>) throws -> (id: Int, count: Int)? {
        guard let slash = utf8.lastIndex(of: UInt8(ascii: "/")), slash + 1 >= RowFormat.prefixMinimum else {
            return nil
        }
        let count = slash + 1
        if lastPrefixID >= 0, lastPrefix.count == count,
            lastPrefix.withUnsafeBufferPointer({ memcmp($0.baseAddress!, utf8.baseAddress!, count) == 0 })
        {
            return (lastPrefixID, count)
        }
        let prefix = UnsafeBufferPointer(rebasing: utf8[..<count])
        guard let id = try names.prefixID(ofText: String(decoding: prefix, as: UTF8.self)) else { return nil }
        lastPrefix = Array(prefix)
        lastPrefixID = id
        return (id, count)
    }

    private mutating func lengthPrefixed(_ s: String) {
        Self.withUTF8(of: s) { utf8 in
            varint(UInt64(utf8.count))
            bytes.append(utf8)
        }
    }

    mutating func varint(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    private mutating func fixed64(_ value: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) {
            bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
        }
    }
}
