extension Lexer {
    /// Reads an IntValue or FloatValue starting at the current position, per the spec's grammar:
    /// no leading zeros, digits after `.` and after an exponent, and no name or `.` right after.
    mutating func readNumber() throws(GraphQLSyntaxError) -> Token {
        let start = position
        var index = position
        var isFloat = false
        if byte(index) == 0x2D { index += 1 }
        if byte(index) == 0x30 {
            index += 1
            if Lexer.isDigit(byte(index)) {
                throw error(
                    "Invalid number, unexpected digit after 0: \(describeCharacter(at: index))", at: index)
            }
        } else {
            index = try readDigits(from: index)
        }
        if byte(index) == 0x2E {
            isFloat = true
            index = try readDigits(from: index + 1)
        }
        if byte(index) == 0x45 || byte(index) == 0x65 {
            isFloat = true
            index += 1
            if byte(index) == 0x2B || byte(index) == 0x2D { index += 1 }
            index = try readDigits(from: index)
        }
        let after = byte(index)
        if after == 0x2E || Lexer.isNameStart(after) {
            throw error(
                "Invalid number, expected digit but found \(describeCharacter(at: index))", at: index)
        }
        let token = Token(
            kind: isFloat ? .float : .int, start: start, end: index, line: line, lineStart: lineStart)
        setPosition(index)
        return token
    }

    private func readDigits(from start: Int) throws(GraphQLSyntaxError) -> Int {
        guard Lexer.isDigit(byte(start)) else {
            throw error(
                "Invalid number, expected digit but found \(describeCharacter(at: start))", at: start)
        }
        var index = start + 1
        while Lexer.isDigit(byte(index)) { index += 1 }
        return index
    }

    static func isDigit(_ b: Int) -> Bool { b >= 0x30 && b <= 0x39 }
}
