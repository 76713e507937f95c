import BatonRecords

extension JSONValue {
    /// Parses one JSON text (RFC 8259, strictly: see `JSONReader`) into a value.
    ///
    /// - Parameters:
    ///   - bytes: the text in UTF-8: `[UInt8]`, `Data`, `String.UTF8View`, a slice.
    ///   - maxDepth: the deepest nesting of containers accepted.
    /// - Throws: `JSONReadError` with its line and column filled in.
    public static func parse(_ bytes: some Collection<UInt8>, maxDepth: Int = 512) throws(JSONReadError) -> JSONValue {
        var reader = JSONReader(bytes, maxDepth: maxDepth)
        do {
            let value = try reader.readValue()
            try reader.finish()
            return value
        } catch {
            throw reader.locating(error)
        }
    }

    /// Parses JSON text given as a `String`.
    public static func parse(_ text: String, maxDepth: Int = 512) throws(JSONReadError) -> JSONValue {
        try parse(text.utf8, maxDepth: maxDepth)
    }
}
