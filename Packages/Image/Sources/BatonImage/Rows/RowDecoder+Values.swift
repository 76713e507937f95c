import BatonRecords

/// The value grammar of ``RowFormat``: every read bounds-checked, a value that does not
/// decode is nil.
extension RowDecoder {
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
        case 0x0C: return key.flatMap { RowFormat.part(of: $0, id: false) }.map { .string($0) }
        case 0x0D: return key.flatMap { RowFormat.part(of: $0, id: true) }.map { .string($0) }
        case 0x0E: return prefixedString().map { .string($0) }
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
        names.usesNoted?.append(Int(truncatingIfNeeded: typeID))
        guard let count = varint(), count <= UInt64(bytes.count - position) else { return nil }
        let id = UnsafeRawBufferPointer(rebasing: bytes[position..<position + Int(count)])
        position += Int(count)
        return names.linkKey(typeID: Int(truncatingIfNeeded: typeID), id: id).map { .link($0) }
    }

    @inline(__always)
    private mutating func numberLink(typeID: UInt64) -> Value? {
        names.usesNoted?.append(Int(truncatingIfNeeded: typeID))
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

    /// A string under a shared prefix: the prefix's name id, then the rest's length and bytes.
    private mutating func prefixedString() -> String? {
        guard let id = varint(), let prefix = names.text(of: Int(truncatingIfNeeded: id)),
            let count = varint(), count <= UInt64(bytes.count - position)
        else { return nil }
        names.usesNoted?.append(Int(truncatingIfNeeded: id))
        let start = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self) + position
        position += Int(count)
        var text = prefix
        return text.withUTF8 { head in
            String(unsafeUninitializedCapacity: head.count + Int(count)) { buffer in
                if let base = head.baseAddress { buffer.baseAddress!.update(from: base, count: head.count) }
                (buffer.baseAddress! + head.count).update(from: start, count: Int(count))
                return head.count + Int(count)
            }
        }
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
