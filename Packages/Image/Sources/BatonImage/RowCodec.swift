import BatonRecords

/// The binary row format, version 1.
///
/// A record's row is its format byte followed by its cells, each a name id (varint) and a
/// value; a deleted record's row (its tombstone) has no bytes at all; a root field's row is
/// the format byte and one value. Values:
///
/// | byte        | value |
/// |-------------|-------|
/// | `00` `01` `02` | null, false, true |
/// | `03` zigzag varint | int |
/// | `04` 8 bytes LE | double |
/// | `05` len bytes | string (64 bytes or longer) |
/// | `06` len bytes | link whose key has no type (no `:`) |
/// | `07` count values | list (64 elements or more) |
/// | `08` json | custom scalar |
/// | `09` message, path, extensions | field error |
/// | `0A` type-id len bytes / `0B` type-id varint | link, type id ≥ 32, id as text / as a number |
/// | `10`–`3F` | int 0…47 |
/// | `40`–`7F` bytes | string of 0…63 bytes |
/// | `80`–`9F` len bytes | link to `type:id`, type id 0…31 in the tag |
/// | `A0`–`BF` varint | link to `type:n`, `n` a canonical decimal, type id 0…31 |
/// | `C0`–`FF` values | list of 0…63 elements |
///
/// Lengths, counts and ids are LEB128 varints. A link is its target's type name id (the
/// text before the key's first `:`) and the rest of the key. A JSON scalar is tagged
/// `0` null, `1` false, `2` true, `3` int, `4` double, `5` string, `6` array, `7` object.
enum RowFormat {
    static let version: UInt8 = 1
    /// How deep lists (and JSON) may nest in a row the decoder accepts.
    static let maxDepth = 128
}

/// Encodes rows for the writer. Adds names to the file's table as it meets them, so it runs
/// inside the writer's transaction.
struct RowEncoder {
    var bytes: [UInt8] = []
    let names: Names

    init(names: Names) {
        self.names = names
        bytes.reserveCapacity(256)
    }

    /// Starts a row: clears the buffer and writes the format byte.
    mutating func begin() {
        bytes.removeAll(keepingCapacity: true)
        bytes.append(RowFormat.version)
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
        case .string(let s): string(s, shortTag: 0x40, longTag: 0x05)
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
            for element in elements { try encode(element) }
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

    private mutating func link(_ key: RecordKey) throws {
        let text = key.rawValue
        guard let colon = text.utf8.firstIndex(of: UInt8(ascii: ":")) else {
            bytes.append(0x06)
            lengthPrefixed(text)
            return
        }
        let type = String(text[..<colon])
        let id = text.utf8[text.utf8.index(after: colon)...]
        let typeID = try names.id(ofText: type)
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
            bytes.append(contentsOf: id)
        }
    }

    /// The id as a number when it is a decimal that prints back to the same text.
    static func canonicalNumber(_ id: Substring.UTF8View) -> UInt64? {
        guard !id.isEmpty, id.count <= 18 else { return nil }
        if id.count > 1 && id.first == UInt8(ascii: "0") { return nil }
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

    private mutating func string(_ s: String, shortTag: UInt8, longTag: UInt8) {
        var s = s
        s.withUTF8 { utf8 in
            if utf8.count < 64 {
                bytes.append(shortTag + UInt8(utf8.count))
            } else {
                bytes.append(longTag)
                varint(UInt64(utf8.count))
            }
            bytes.append(contentsOf: utf8)
        }
    }

    private mutating func lengthPrefixed(_ s: String) {
        var s = s
        s.withUTF8 { utf8 in
            varint(UInt64(utf8.count))
            bytes.append(contentsOf: utf8)
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

/// Decodes rows read from the file. Every read is bounds-checked: a row that does not
/// decode yields nil (a miss), never a trap.
struct RowDecoder {
    let bytes: UnsafeRawBufferPointer
    var position = 0
    let names: Names

    init(_ bytes: UnsafeRawBufferPointer, names: Names) {
        self.bytes = bytes
        self.names = names
    }

    /// Whether a record's row is a tombstone: no bytes, not even the format byte.
    static func isTombstone(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.isEmpty
    }

    /// Decodes a record's row into `scratch` (emptied first), ascending by slot. False, with
    /// `scratch` empty, when the row does not decode or names a field twice.
    static func cells(_ bytes: UnsafeRawBufferPointer, names: Names, into scratch: CellScratch) -> Bool {
        scratch.removeAll()
        var decoder = RowDecoder(bytes, names: names)
        guard decoder.byte() == RowFormat.version else { return false }
        while decoder.position < bytes.count {
            guard let id = decoder.varint(), let slot = names.slot(of: Int(truncatingIfNeeded: id)),
                let value = decoder.value(depth: 0)
            else {
                scratch.removeAll()
                return false
            }
            scratch.append(slot, value)
        }
        guard scratch.sortBySlot() else {
            scratch.removeAll()
            return false
        }
        return true
    }

    /// The snapshot of a record's row, or nil when the row does not decode.
    static func record(
        _ bytes: UnsafeRawBufferPointer, key: RecordKey, names: Names, scratch: CellScratch = CellScratch()
    ) -> RecordSnapshot? {
        guard cells(bytes, names: names, into: scratch) else { return nil }
        return scratch.takeSnapshot(key: key)
    }

    /// The value of a root field's row, or nil when it does not decode.
    static func rootField(_ bytes: UnsafeRawBufferPointer, names: Names) -> Value? {
        var decoder = RowDecoder(bytes, names: names)
        guard decoder.byte() == RowFormat.version, let value = decoder.value(depth: 0),
            decoder.position == bytes.count
        else { return nil }
        return value
    }

    /// A record row's cells as name ids and the byte ranges of their values, without
    /// decoding the values (the writer's merge copies them as they are). Nil when the row
    /// does not decode, or names a field twice (as ``record(_:key:names:scratch:)`` has it).
    static func cellRanges(_ bytes: UnsafeRawBufferPointer, names: Names) -> [(id: Int, range: Range<Int>)]? {
        var decoder = RowDecoder(bytes, names: names)
        guard decoder.byte() == RowFormat.version else { return nil }
        var cells: [(id: Int, range: Range<Int>)] = []
        var seen: Set<Int> = []
        while decoder.position < bytes.count {
            guard let id = decoder.varint(), names.text(of: Int(truncatingIfNeeded: id)) != nil,
                seen.insert(Int(truncatingIfNeeded: id)).inserted
            else { return nil }
            let start = decoder.position
            guard decoder.value(depth: 0) != nil else { return nil }
            cells.append((Int(id), start..<decoder.position))
        }
        return cells
    }

    mutating func value(depth: Int) -> Value? {
        guard depth < RowFormat.maxDepth, let tag = byte() else { return nil }
        switch tag {
        case 0x00: return .null
        case 0x01: return .bool(false)
        case 0x02: return .bool(true)
        case 0x03: return zigzag().map { .int(Int(truncatingIfNeeded: $0)) }
        case 0x04: return fixed64().map { .double(Double(bitPattern: $0)) }
        case 0x05: return lengthPrefixedString().map { .string($0) }
        case 0x06: return lengthPrefixedString().map { .link(RecordKey($0)) }
        case 0x07:
            guard let count = varint() else { return nil }
            return list(count: count, depth: depth)
        case 0x08: return json(depth: depth + 1).map { .scalar($0) }
        case 0x09: return fieldError(depth: depth).map { .error($0) }
        case 0x0A:
            guard let typeID = varint() else { return nil }
            return textLink(typeID: typeID)
        case 0x0B:
            guard let typeID = varint() else { return nil }
            return numberLink(typeID: typeID)
        case 0x10...0x3F: return .int(Int(tag - 0x10))
        case 0x40...0x7F: return string(count: Int(tag - 0x40)).map { .string($0) }
        case 0x80...0x9F: return textLink(typeID: UInt64(tag - 0x80))
        case 0xA0...0xBF: return numberLink(typeID: UInt64(tag - 0xA0))
        case 0xC0...0xFF: return list(count: UInt64(tag - 0xC0), depth: depth)
        default: return nil
        }
    }

    private mutating func list(count: UInt64, depth: Int) -> Value? {
        // Every element takes at least a byte: a count beyond the row is a bad row.
        guard count <= UInt64(bytes.count - position) else { return nil }
        var elements: [Value] = []
        elements.reserveCapacity(Int(count))
        for _ in 0..<count {
            guard let element = value(depth: depth + 1) else { return nil }
            elements.append(element)
        }
        return .list(elements)
    }

    private mutating func textLink(typeID: UInt64) -> Value? {
        guard let count = varint(), count <= UInt64(bytes.count - position) else { return nil }
        let id = UnsafeRawBufferPointer(rebasing: bytes[position..<position + Int(count)])
        position += Int(count)
        return names.linkKey(typeID: Int(truncatingIfNeeded: typeID), id: id).map { .link($0) }
    }

    private mutating func numberLink(typeID: UInt64) -> Value? {
        guard let number = varint() else { return nil }
        return names.linkKey(typeID: Int(truncatingIfNeeded: typeID), number: number).map { .link($0) }
    }

    private mutating func fieldError(depth: Int) -> FieldError? {
        guard let message = lengthPrefixedString(), let count = varint(),
            count <= UInt64(bytes.count - position)
        else { return nil }
        var path: [FieldError.PathElement] = []
        for _ in 0..<count {
            switch byte() {
            case 0:
                guard let name = lengthPrefixedString() else { return nil }
                path.append(.key(name))
            case 1:
                guard let index = zigzag() else { return nil }
                path.append(.index(Int(truncatingIfNeeded: index)))
            default: return nil
            }
        }
        switch byte() {
        case 0: return FieldError(message: message, path: path)
        case 1:
            guard let extensions = json(depth: depth + 1) else { return nil }
            return FieldError(message: message, path: path, extensions: extensions)
        default: return nil
        }
    }

    private mutating func json(depth: Int) -> JSONValue? {
        guard depth < RowFormat.maxDepth, let tag = byte() else { return nil }
        switch tag {
        case 0: return .null
        case 1: return .bool(false)
        case 2: return .bool(true)
        case 3: return zigzag().map { .int(Int(truncatingIfNeeded: $0)) }
        case 4: return fixed64().map { .double(Double(bitPattern: $0)) }
        case 5: return lengthPrefixedString().map { .string($0) }
        case 6:
            guard let count = varint(), count <= UInt64(bytes.count - position) else { return nil }
            var elements: [JSONValue] = []
            for _ in 0..<count {
                guard let element = json(depth: depth + 1) else { return nil }
                elements.append(element)
            }
            return .array(elements)
        case 7:
            guard let count = varint(), count <= UInt64(bytes.count - position) else { return nil }
            var members: [(String, JSONValue)] = []
            for _ in 0..<count {
                guard let name = lengthPrefixedString(), let value = json(depth: depth + 1) else { return nil }
                members.append((name, value))
            }
            return .object(members)
        default: return nil
        }
    }

    @inline(__always)
    mutating func byte() -> UInt8? {
        guard position < bytes.count else { return nil }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func varint() -> UInt64? {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            guard shift < 64 else { return nil }
            result |= UInt64(byte & 0x7f) << shift
            if byte < 0x80 { return result }
            shift += 7
        }
        return nil
    }

    private mutating func zigzag() -> Int64? {
        guard let raw = varint() else { return nil }
        return Int64(bitPattern: raw >> 1) ^ -Int64(bitPattern: raw & 1)
    }

    private mutating func fixed64() -> UInt64? {
        guard bytes.count - position >= 8 else { return nil }
        var value: UInt64 = 0
        for i in 0..<8 { value |= UInt64(bytes[position + i]) << UInt64(8 * i) }
        position += 8
        return value
    }

    private mutating func lengthPrefixedString() -> String? {
        guard let count = varint(), count <= UInt64(bytes.count - position) else { return nil }
        return string(count: Int(count))
    }

    private mutating func string(count: Int) -> String? {
        guard bytes.count - position >= count else { return nil }
        defer { position += count }
        if count == 0 { return "" }
        // Typed and unsliced: the standard library's direct path from UTF-8 bytes.
        let start = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self) + position
        return String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    }
}
