extension Lexer {
    /// Reads a `"…"` string with its escapes decoded.
    mutating func readString() throws(GraphQLSyntaxError) -> Token {
        let start = position
        var index = position + 1
        var chunkStart = index
        var value: [UInt8] = []
        while true {
            let c = byte(index)
            switch c {
            case -1, 0x0A, 0x0D:
                throw error("Unterminated string: expected '\"' before the end of the line", at: start)
            case 0x22:
                value.append(contentsOf: bytes[chunkStart..<index])
                let token = Token(
                    kind: .string, start: start, end: index + 1, line: line, lineStart: lineStart,
                    value: String(decoding: value, as: UTF8.self))
                setPosition(index + 1)
                return token
            case 0x5C:
                value.append(contentsOf: bytes[chunkStart..<index])
                index = try readEscape(at: index, into: &value)
                chunkStart = index
            case 0x00..<0x20 where c != 0x09:
                throw error("Invalid character within String: \(describeCharacter(at: index))", at: index)
            default:
                index += 1
            }
        }
    }

    /// Decodes the escape sequence whose `\` is at `index`; returns the offset after it.
    private func readEscape(at index: Int, into value: inout [UInt8]) throws(GraphQLSyntaxError) -> Int {
        let c = byte(index + 1)
        let simple: UInt8? =
            switch c {
            case 0x22: 0x22
            case 0x5C: 0x5C
            case 0x2F: 0x2F
            case 0x62: 0x08
            case 0x66: 0x0C
            case 0x6E: 0x0A
            case 0x72: 0x0D
            case 0x74: 0x09
            default: nil
            }
        if let simple {
            value.append(simple)
            return index + 2
        }
        guard c == 0x75 else {
            let found = c == -1 ? "<EOF>" : describeCharacter(at: index + 1)
            throw error(
                "Invalid character escape sequence: '\\' followed by \(found); expected one of \" \\ / b f n r t u",
                at: index)
        }
        if byte(index + 2) == 0x7B {
            var end = index + 3
            var scalarValue: UInt32 = 0
            while let digit = Lexer.hexValue(byte(end)) {
                if scalarValue > 0x10FFFF { break }
                scalarValue = scalarValue << 4 | digit
                end += 1
            }
            guard byte(end) == 0x7D, end > index + 3, let scalar = Unicode.Scalar(scalarValue) else {
                throw error("Invalid Unicode escape sequence: '\(escapeText(from: index, maxLength: 12))'", at: index)
            }
            value.append(contentsOf: scalar.utf8)
            return end + 1
        }
        guard let lead = hex4(at: index + 2) else {
            throw error("Invalid Unicode escape sequence: '\(escapeText(from: index, maxLength: 6))'", at: index)
        }
        if let scalar = Unicode.Scalar(lead) {
            value.append(contentsOf: scalar.utf8)
            return index + 6
        }
        if (0xD800...0xDBFF).contains(lead), byte(index + 6) == 0x5C, byte(index + 7) == 0x75,
            let trail = hex4(at: index + 8), (0xDC00...0xDFFF).contains(trail),
            let scalar = Unicode.Scalar(0x10000 + ((lead - 0xD800) << 10) + (trail - 0xDC00))
        {
            value.append(contentsOf: scalar.utf8)
            return index + 12
        }
        throw error(
            "Invalid Unicode escape sequence: '\(escapeText(from: index, maxLength: 6))' is a lone surrogate",
            at: index)
    }

    private func hex4(at index: Int) -> UInt32? {
        var result: UInt32 = 0
        for offset in 0..<4 {
            guard let digit = Lexer.hexValue(byte(index + offset)) else { return nil }
            result = result << 4 | digit
        }
        return result
    }

    private func escapeText(from index: Int, maxLength: Int) -> String {
        var end = index
        while end < bytes.count, end < index + maxLength {
            let b = bytes[end]
            if b < 0x20 || b == 0x22 || b >= 0x80 { break }
            end += 1
            if b == 0x7D { break }
        }
        return String(decoding: bytes[index..<end], as: UTF8.self)
    }

    static func hexValue(_ b: Int) -> UInt32? {
        switch b {
        case 0x30...0x39: UInt32(b - 0x30)
        case 0x41...0x46: UInt32(b - 0x41 + 10)
        case 0x61...0x66: UInt32(b - 0x61 + 10)
        default: nil
        }
    }

    /// Reads a `"""…"""` block string; its value has the spec's common indentation and blank
    /// first and last lines removed.
    mutating func readBlockString() throws(GraphQLSyntaxError) -> Token {
        let start = position
        let startLine = line
        let startLineStart = lineStart
        var index = position + 3
        var chunkStart = index
        var raw: [UInt8] = []
        while true {
            let c = byte(index)
            switch c {
            case -1:
                throw error("Unterminated block string: expected '\"\"\"'", at: start)
            case 0x22 where byte(index + 1) == 0x22 && byte(index + 2) == 0x22:
                raw.append(contentsOf: bytes[chunkStart..<index])
                let token = Token(
                    kind: .blockString, start: start, end: index + 3, line: startLine,
                    lineStart: startLineStart, value: Lexer.blockStringValue(raw))
                setPosition(index + 3)
                return token
            case 0x5C
            where byte(index + 1) == 0x22 && byte(index + 2) == 0x22 && byte(index + 3) == 0x22:
                raw.append(contentsOf: bytes[chunkStart..<index])
                raw.append(contentsOf: [0x22, 0x22, 0x22])
                index += 4
                chunkStart = index
            case 0x0A:
                index += 1
                advanceLine(to: index)
            case 0x0D:
                index += byte(index + 1) == 0x0A ? 2 : 1
                advanceLine(to: index)
            case 0x00..<0x20 where c != 0x09:
                throw error("Invalid character within String: \(describeCharacter(at: index))", at: index)
            default:
                index += 1
            }
        }
    }

    /// The spec's BlockStringValue(): common indentation removed from every line but the first,
    /// leading and trailing blank lines removed, lines joined with `\n`.
    static func blockStringValue(_ raw: [UInt8]) -> String {
        var lines: [ArraySlice<UInt8>] = []
        var lineStart = 0
        var index = 0
        while index < raw.count {
            let b = raw[index]
            if b == 0x0A || b == 0x0D {
                lines.append(raw[lineStart..<index])
                if b == 0x0D && index + 1 < raw.count && raw[index + 1] == 0x0A { index += 1 }
                lineStart = index + 1
            }
            index += 1
        }
        lines.append(raw[lineStart..<raw.count])

        func indentation(_ line: ArraySlice<UInt8>) -> Int {
            line.prefix { $0 == 0x20 || $0 == 0x09 }.count
        }
        var commonIndent: Int?
        for line in lines.dropFirst() {
            let indent = indentation(line)
            if indent < line.count, indent < (commonIndent ?? Int.max) {
                commonIndent = indent
            }
        }
        if let commonIndent {
            for i in lines.indices.dropFirst() {
                lines[i] = lines[i].dropFirst(commonIndent)
            }
        }
        while let first = lines.first, indentation(first) == first.count { lines.removeFirst() }
        while let last = lines.last, indentation(last) == last.count { lines.removeLast() }
        var result: [UInt8] = []
        for (i, line) in lines.enumerated() {
            if i > 0 { result.append(0x0A) }
            result.append(contentsOf: line)
        }
        return String(decoding: result, as: UTF8.self)
    }
}
