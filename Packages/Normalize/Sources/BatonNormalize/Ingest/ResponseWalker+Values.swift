import BatonRecords

/// Field values: composites (an object, a list of them), leaves, scalars checked against their
/// type, strings shared through the walk's table, and the short texts errors show.
extension ResponseWalker where Reader: ~Copyable {
    /// Reads the value of a field with selections: an object, a list of them, or null.
    mutating func readComposite(_ field: FieldPlan, _ child: SelectionPlan, parent: RecordKey) throws -> Value {
        let embedded = EmbeddedKey(parent: parent, storageKey: field.storageKey)
        switch try reader.peekKind() {
        case .null:
            try reader.readNull()
            return .null
        case .object:
            if field.isList == true {
                throw IngestError(.wrongType(expected: "a list", found: "an object"))
            }
            return .link(try readObject(child, knownKey: nil, typename: nil, embedded: embedded))
        case .array:
            if field.isList == false {
                throw IngestError(.wrongType(expected: "an object", found: "a list"))
            }
            return try readList(child, embedded: embedded)
        default:
            throw IngestError(.wrongType(expected: "an object", found: try describeNext()))
        }
    }

    mutating func readList(_ child: SelectionPlan, embedded: EmbeddedKey) throws -> Value {
        try reader.beginArray()
        var elements: [Value] = []
        var index = 0
        while try reader.nextElement() {
            if tracksDeferred { path.append(.index(index)) }
            defer { if tracksDeferred { path.removeLast() } }
            do {
                switch try reader.peekKind() {
                case .null:
                    try reader.readNull()
                    elements.append(.null)
                case .object:
                    elements.append(
                        .link(
                            try readObject(
                                child, knownKey: nil, typename: nil, embedded: embedded, element: index)))
                case .array:
                    elements.append(try readList(child, embedded: embedded.at(index)))
                default:
                    throw IngestError(.wrongType(expected: "an object", found: try describeNext()))
                }
            } catch let error as IngestError {
                throw error.under(.index(index))
            }
            index += 1
        }
        return .list(elements)
    }

    /// Reads a leaf's value, whose next token is of `kind`: a scalar, an enum, a custom
    /// scalar's JSON, or a list of them.
    @inline(__always)
    mutating func readLeaf(_ kind: JSONKind) throws -> Value {
        switch kind {
        case .string:
            return .string(try reader.readText(sharing: &strings))
        case .number:
            switch try reader.readNumber() {
            case .int(let number): return .int(number)
            case .double(let number): return .double(number)
            }
        case .bool:
            return .bool(try reader.readBool())
        case .null:
            try reader.readNull()
            return .null
        case .object:
            return .scalar(try reader.readValue())
        case .array:
            return try readLeafList()
        }
    }

    /// Reads a built-in scalar's or an enum's value (or a list of them), checking its JSON
    /// against `scalar` (``LeafScalar``); `isList` is whether the schema's type is a list, nil
    /// inside one. An `ID` that came as an integer is kept as its decimal text. A value the
    /// scalar rules out throws ``IngestError/Kind/wrongScalar(type:expected:found:)`` naming
    /// the scalar: the caller, which knows the field, names its type instead
    /// (`IngestError.naming(type:)`), so a read passes no name it almost never uses (the
    /// field's type name, retained and released around each read: 1,600 a fixture).
    @inline(__always)
    mutating func readScalar(_ scalar: LeafScalar, isList: Bool?) throws -> Value {
        let kind = try reader.peekKind()
        switch (kind, scalar) {
        case (.null, _):
            try reader.readNull()
            return .null
        case (.array, _) where isList != false:
            try reader.beginArray()
            var elements: [Value] = []
            var index = 0
            while try reader.nextElement() {
                do {
                    elements.append(try readScalar(scalar, isList: nil))
                } catch let error as IngestError {
                    throw error.under(.index(index))
                }
                index += 1
            }
            return .list(elements)
        case (.array, _):
            break
        case (_, _) where isList == true:
            break
        case (.string, .string), (.string, .enumValue), (.string, .id):
            return .string(try reader.readText(sharing: &strings))
        case (.bool, .boolean):
            return .bool(try reader.readBool())
        case (.number, .float):
            switch try reader.readNumber() {
            case .int(let number): return .int(number)
            case .double(let number): return .double(number)
            }
        case (.number, .int), (.number, .id):
            let mark = reader.mark
            if case .int(let number) = try reader.readNumber() {
                return scalar == .id ? .string(String(number)) : .int(number)
            }
            reader.rewind(to: mark)
        default:
            break
        }
        throw IngestError(
            .wrongScalar(
                type: "\(scalar)",
                expected: isList == true ? "a list of \(scalar.expectation)" : scalar.expectation,
                found: try describeValue()))
    }

    /// The next value as a short text for an error (`42`, `"Alive"`, `a list`), read past.
    mutating func describeValue() throws -> String {
        switch try reader.peekKind() {
        case .object:
            try reader.skipValue()
            return "an object"
        case .array:
            try reader.skipValue()
            return "a list"
        default:
            let text = try reader.readValue().jsonText()
            return text.count > 40 ? String(text.prefix(40)) + "…" : text
        }
    }

    mutating func readLeafList() throws -> Value {
        try reader.beginArray()
        var elements: [Value] = []
        while try reader.nextElement() { elements.append(try readLeaf(reader.peekKind())) }
        return .list(elements)
    }

    /// Reads a string value, and gives its UTF-8 too when it had no escapes. A long text the
    /// response repeats is made once.
    mutating func readString() throws -> (text: String, utf8: UnsafeBufferPointer<UInt8>?) {
        try reader.readTextAndUTF8(sharing: &strings)
    }

    mutating func describeNext() throws -> String {
        switch try reader.peekKind() {
        case .object: "an object"
        case .array: "a list"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }
}
