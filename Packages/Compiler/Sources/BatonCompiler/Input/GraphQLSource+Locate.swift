import BatonNormalize

extension GraphQLSource {
    /// Where a token the parser does not place sits: the `occurrence`-th argument `name`
    /// (`name` then `:`) or variable (`$name`) at or after `start`, the position of a field or
    /// directive. With `value`, the first character of the argument's value. `start` when the
    /// text does not hold it there.
    func locate(
        _ name: String, after start: SourceLocation, variable: Bool = false, value: Bool = false, occurrence: Int = 1
    ) -> SourceLocation {
        let scalars = Array(text.unicodeScalars)
        var index = 0
        var line = 1
        var column = 1
        while index < scalars.count, line < start.line || (line == start.line && column < start.column) {
            if scalars[index] == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
            index += 1
        }
        let needle = Array(((variable ? "$" : "") + name).unicodeScalars)
        func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "_" || scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
        }
        var seen = 0
        var inString = false
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\"", index == 0 || scalars[index - 1] != "\\" { inString.toggle() }
            if !inString, index + needle.count <= scalars.count, Array(scalars[index..<index + needle.count]) == needle,
                index == 0 || (!isNameScalar(scalars[index - 1]) && scalars[index - 1] != "$") || variable,
                index + needle.count == scalars.count || !isNameScalar(scalars[index + needle.count])
            {
                var cursor = index + needle.count
                while cursor < scalars.count, [" ", "\t", "\n", "\r", ","].contains(scalars[cursor]) { cursor += 1 }
                if variable || (cursor < scalars.count && scalars[cursor] == ":") {
                    seen += 1
                    if seen == occurrence {
                        guard value else { return SourceLocation(line: line, column: column) }
                        cursor += 1
                        var valueLine = line
                        var valueColumn = column + (cursor - index)
                        var scan = index
                        while scan < cursor {
                            if scalars[scan] == "\n" { valueLine += 1; valueColumn = 1 + (cursor - scan - 1) };
                            scan += 1
                        }
                        while cursor < scalars.count, [" ", "\t", "\n", "\r"].contains(scalars[cursor]) {
                            if scalars[cursor] == "\n" {
                                valueLine += 1
                                valueColumn = 1
                            } else {
                                valueColumn += 1
                            }
                            cursor += 1
                        }
                        return SourceLocation(line: valueLine, column: valueColumn)
                    }
                }
            }
            if scalar == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
            index += 1
        }
        return start
    }
}
