import BatonRecords

/// What the ingest's walk reads a response from: a pull source of JSON tokens, either
/// `JSONReader` over a text's bytes or `JSONTreeReader` over a `JSONValue` tree.
///
/// The walk is generic over its source and specialized for each, so reading bytes costs what
/// it did before the walk had a choice. The calls follow `JSONReader`'s contract: `nextKey()`
/// inside an object and `nextElement()` inside an array before each member or element; a
/// key's and a raw string's bytes stay valid, readable a word past their end, while the source
/// lives; a mark is valid for rewinding while the container it was taken in is open (or was
/// just closed). A source is used by one task at a time.
protocol JSONTokenSource: ~Copyable {
    /// A place to come back to.
    associatedtype Mark

    mutating func peekKind() throws(JSONReadError) -> JSONKind
    mutating func beginObject() throws(JSONReadError)
    mutating func beginArray() throws(JSONReadError)
    mutating func nextKey() throws(JSONReadError) -> JSONKey?
    /// Moves past the next member's key, as `nextKey()` does, when the source holds it as the
    /// very `String` whose two words are `words` (see `JSONKeyTable.stringWords(at:)`): a
    /// key matched without reading its bytes. False, having moved nowhere, when it is not, when
    /// the object has no more members, or when the source holds no strings (text).
    mutating func nextKey(isString words: (UInt64, UInt64)?) -> Bool
    mutating func nextElement() throws(JSONReadError) -> Bool
    mutating func readString() throws(JSONReadError) -> String
    /// A string's bytes (escapes not decoded when `escaped`).
    mutating func readRawString() throws(JSONReadError) -> (raw: UnsafeBufferPointer<UInt8>, escaped: Bool)
    /// A string value as the walk keeps it: made from bytes through `table`, which shares a text
    /// the payload repeats.
    mutating func readText(sharing table: inout StringTable) throws(JSONReadError) -> String
    /// A string value as `readText(sharing:)` gives it, and its UTF-8 (valid as a raw string's
    /// bytes are) unless it had escapes: what an object's sole key field is read as.
    mutating func readTextAndUTF8(sharing table: inout StringTable) throws(JSONReadError)
        -> (text: String, utf8: UnsafeBufferPointer<UInt8>?)
    mutating func readNumber() throws(JSONReadError) -> JSONNumber
    mutating func readBool() throws(JSONReadError) -> Bool
    mutating func readNull() throws(JSONReadError)
    mutating func tryNull() throws(JSONReadError) -> Bool
    mutating func skipValue() throws(JSONReadError)
    mutating func readValue() throws(JSONReadError) -> JSONValue
    var mark: Mark { get }
    mutating func rewind(to mark: Mark)
    /// Asserts that the top-level value is complete.
    mutating func finish() throws(JSONReadError)
    /// `error` with what the source knows of where it happened filled in.
    func locating(_ error: JSONReadError) -> JSONReadError
    /// Where the object `beginObject()` has just opened lies (see `ObjectSpan`); nil when the
    /// source cannot tell a repeat of it.
    func openedObject() -> ObjectSpan?
    /// `span` (from `openedObject()`), which the source has just read to its end, with its length.
    func closed(_ span: ObjectSpan) -> ObjectSpan
    /// Leaves the object `current`, opened and not yet closed, when it is byte for byte the
    /// object `previous` read before (see `ObjectSpan`), as if read through to its end; false,
    /// having moved nowhere, when it is not.
    mutating func skipObject(_ current: ObjectSpan, sameAs previous: ObjectSpan) -> Bool
}

extension JSONReader: JSONTokenSource {
    /// A text holds no `String`s: false.
    @inline(__always)
    func nextKey(isString words: (UInt64, UInt64)?) -> Bool { false }
}
