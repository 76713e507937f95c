import Foundation
import BatonNormalize
import BatonRecords

/// The hostile responses built in code: too big to check in, or byte-exact where a file would
/// hide the bytes that matter.
extension ReliabilityHostileResponseTests {
    /// The good profile response the generated cases are built around.
    static func profile(
        name: String = "\"Rick Sanchez\"", origin: String = #"{"id":"1","name":"Earth (C-137)"}"#,
        extensions: String? = nil
    ) -> [UInt8] {
        var text = #"{"data":{"character":{"id":"1","name":"#
        text += name + #","origin":"# + origin
        text +=
            #","status":"Alive","image":"rick.png","location":{"id":"20","name":"Earth","dimension":"D"},"gender":"Male","species":"Human","type":"Genius"}}"#
        if let extensions { text += #","extensions":"# + extensions }
        return Array((text + "}").utf8)
    }

    /// The good profile response with the first `old` replaced by `new`.
    static func profile(replacing old: String, with new: String) -> [UInt8] {
        replacing(old, with: Array(new.utf8), in: profile())
    }

    /// The good profile response whose name is `raw` between its quotes, byte for byte.
    static func profile(nameBytes raw: [UInt8]) -> [UInt8] {
        replacing("Rick Sanchez", with: raw, in: profile())
    }

    /// The good profile response with `errors` beside its data.
    static func profile(errors: String) -> [UInt8] {
        Array((String(decoding: profile().dropLast(), as: UTF8.self) + #","errors":"# + errors + "}").utf8)
    }

    static func replacing(_ old: String, with new: [UInt8], in bytes: [UInt8]) -> [UInt8] {
        let old = Array(old.utf8)
        let start = (0...(bytes.count - old.count)).first { bytes[$0..<($0 + old.count)].elementsEqual(old) }!
        return Array(bytes[..<start]) + new + Array(bytes[(start + old.count)...])
    }

    /// The tokenizer's good response, each member in `members` given instead as the JSON text
    /// there.
    static func tokenizer(_ members: [String: String] = [:]) -> [UInt8] {
        let good: [(String, String)] = [
            ("id", #""t""#), ("text", #""x""#), ("strings", #"["a"]"#), ("count", "1"), ("counts", "[1,2]"),
            ("ratio", "0.5"), ("ratios", "[0.5]"), ("flag", "true"), ("flags", "[true]"), ("json", #"{"a":1}"#),
            ("jsons", "[1]"),
        ]
        let body = good.map { #""\#($0.0)":"# + (members[$0.0] ?? $0.1) }.joined(separator: ",")
        return Array(#"{"data":{"tokenizer":{\#(body)}}}"#.utf8)
    }

    /// One good list element, for the list operation.
    static let row = #"{"id":"7","name":"A","status":"S","image":"I","species":"H","origin":null}"#

    static func list(_ results: String? = nil, errors: String? = nil) -> [UInt8] {
        let results = results ?? "[" + row + "]"
        return Array(
            (#"{"data":{"characters":{"results":"# + results + "}}" + (errors.map { #","errors":"# + $0 } ?? "") + "}")
                .utf8)
    }

    static func union(_ element: String) -> [UInt8] {
        Array(#"{"data":{"search":[\#(element)]}}"#.utf8)
    }

    static func lists(_ depth: Int) -> String {
        String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    }

    static func objects(_ depth: Int) -> String {
        String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth)
    }

    static let tokenizerKey: RecordKey = "Tokenizer:t"

    /// Cases too big to check in: the response's bytes and what they must give.
    static let generated: [(Case, @Sendable () -> [UInt8])] = [
        (
            Case(
                name: "a 10 MB string", operation: .profile, expect: .data,
                check: [Lands(rick, "name", .string(String(repeating: "R", count: 10 << 20)))]),
            { profile(name: "\"" + String(repeating: "R", count: 10 << 20) + "\"") }
        ),
        (
            Case(name: "10,000 nested lists in extensions", operation: .profile, expect: .json(.depthLimitExceeded)),
            { profile(extensions: lists(10_000)) }
        ),
        (
            Case(
                name: "10,000 nested objects where an object was selected", operation: .profile,
                expect: .json(.depthLimitExceeded)),
            { profile(origin: objects(10_000)) }
        ),
        (
            Case(
                name: "10,000 nested lists where a scalar was selected", operation: .profile,
                expect: .json(.depthLimitExceeded)),
            { profile(name: lists(10_000)) }
        ),
        (
            Case(name: "10,000 unclosed objects", operation: .profile, expect: .json(.depthLimitExceeded)),
            { Array((#"{"data":"# + String(repeating: #"{"a":"#, count: 10_000)).utf8) }
        ),
        (
            Case(
                name: "100,000 list elements", operation: .list, expect: .data,
                check: [Lands("Character:99999", "name", .string("N"))]),
            {
                let element = { (i: Int) in
                    #"{"id":"\#(i)","name":"N","status":"S","image":"I","species":"H","origin":null}"#
                }
                let elements = (0..<100_000).map(element).joined(separator: ",")
                return Array(#"{"data":{"characters":{"results":[\#(elements)]}}}"#.utf8)
            }
        ),
    ]

    /// A case of `built`, of the profile operation.
    static func hostile(
        _ name: String, _ expect: Expect, _ check: [Lands] = [], _ bytes: @escaping @Sendable () -> [UInt8]
    ) -> Hostile {
        hostile(name, .profile, expect, check, bytes)
    }

    /// A case of `built`.
    static func hostile(
        _ name: String, _ operation: Operation, _ expect: Expect, _ check: [Lands] = [],
        _ bytes: @escaping @Sendable () -> [UInt8]
    ) -> Hostile {
        Hostile(test: Case(name: name, operation: operation, expect: expect, check: check), bytes: bytes)
    }

    /// Rick's name lands as `name`.
    static func named(_ name: String) -> [Lands] { [Lands(rick, "name", .string(name))] }
    /// The tokenizer's `field` lands as `value`.
    static func tokenized(_ field: String, _ value: Value) -> [Lands] { [Lands(tokenizerKey, field, value)] }

    /// The byte-exact cases, then the good profile response cut at every structural boundary.
    static let built: [Hostile] =
        depth + strings + encodings + duplicates + numbers + ids + typenames + paths
        + truncations

    /// The reader's `maxDepth` (512, the ingest's default) reached exactly, and passed by one,
    /// wherever a container can nest: the top level counts as depth 1.
    static let depth: [Hostile] = [
        hostile("511 nested lists in extensions: at the limit", .data, named("Rick Sanchez")) {
            profile(extensions: lists(511))
        },
        hostile("512 nested lists in extensions: one past", .json(.depthLimitExceeded)) {
            profile(extensions: lists(512))
        },
        hostile("509 nested lists in an unselected member: at the limit", .data, named("Rick Sanchez")) {
            profile(replacing: #""id":"1","#, with: #""id":"1","deep":"# + lists(509) + ",")
        },
        hostile("510 nested lists in an unselected member: one past", .json(.depthLimitExceeded)) {
            profile(replacing: #""id":"1","#, with: #""id":"1","deep":"# + lists(510) + ",")
        },
        hostile("508 nested objects in a selected object's member: at the limit", .data, named("Rick Sanchez")) {
            profile(replacing: #""name":"Earth (C-137)""#, with: #""name":"Earth (C-137)","deep":"# + objects(508))
        },
        hostile("509 nested objects in a selected object's member: one past", .json(.depthLimitExceeded)) {
            profile(replacing: #""name":"Earth (C-137)""#, with: #""name":"Earth (C-137)","deep":"# + objects(509))
        },
        hostile("509 nested lists in an error's extensions: at the limit", .data, named("Rick Sanchez")) {
            profile(errors: #"[{"message":"x","extensions":"# + lists(509) + "}]")
        }.unplaced(1),
        hostile("510 nested lists in an error's extensions: one past", .json(.depthLimitExceeded)) {
            profile(errors: #"[{"message":"x","extensions":"# + lists(510) + "}]")
        },
        hostile(
            "507 nested lists in a list element: at the limit", .list, .data,
            [Lands("Character:7", "name", .string("A"))]
        ) {
            list("[" + String(row.dropLast()) + #","deep":"# + lists(507) + "}]")
        },
        hostile("508 nested lists in a list element: one past", .list, .json(.depthLimitExceeded)) {
            list("[" + String(row.dropLast()) + #","deep":"# + lists(508) + "}]")
        },
        hostile("508 nested lists in a union element: at the limit", .union, .data) {
            union(#"{"__typename":"Episode","air_date":"d","id":"1","deep":"# + lists(508) + "}")
        },
        hostile("509 nested lists in a union element: one past", .union, .json(.depthLimitExceeded)) {
            union(#"{"__typename":"Episode","air_date":"d","id":"1","deep":"# + lists(509) + "}")
        },
        hostile(
            "509 nested lists in a JSON scalar: at the limit, in the store; its image row a miss", .tokenizer, .data
        ) {
            tokenizer(["json": lists(509)])
        }.missingInImage([tokenizerKey]),
        hostile("510 nested lists in a JSON scalar: one past", .tokenizer, .json(.depthLimitExceeded)) {
            tokenizer(["json": lists(510)])
        },
        hostile("511 unclosed lists: the end comes first", .json(.unexpectedEnd)) {
            Array(String(decoding: profile().dropLast(), as: UTF8.self).utf8) + Array(#","extensions":"#.utf8)
                + Array(repeating: UInt8(ascii: "["), count: 511)
        },
    ]

    static let strings: [Hostile] = [
        hostile("a 1 MB member name", .data, named("Rick Sanchez")) {
            profile(replacing: #""id":"1","#, with: #""id":"1",""# + String(repeating: "k", count: 1 << 20) + #"":1,"#)
        },
        hostile("a 16 MB string in extensions", .data, named("Rick Sanchez")) {
            profile(extensions: "\"" + String(repeating: "e", count: 16 << 20) + "\"")
        },
        hostile("a 1 MB error message", .data, named("Rick Sanchez")) {
            profile(errors: #"[{"message":""# + String(repeating: "m", count: 1 << 20) + #""}]"#)
        }.unplaced(1),
        hostile("100,000 escapes in a name", .data, named(String(repeating: "é", count: 100_000))) {
            profile(name: "\"" + String(repeating: #"\u00e9"#, count: 100_000) + "\"")
        },
        hostile("a 1 MB string that never ends", .json(.unexpectedEnd)) {
            Array(#"{"data":{"character":{"id":"1","name":""#.utf8)
                + Array(repeating: UInt8(ascii: "r"), count: 1 << 20)
        },
    ]

    static let encodings: [Hostile] = [
        hostile("a high surrogate escape without its low half", .json(.loneSurrogate)) {
            profile(replacing: "Rick Sanchez", with: #"Rick \ud83d Sanchez"#)
        },
        hostile("a high surrogate escape that ends the string", .json(.loneSurrogate)) {
            profile(replacing: "Rick Sanchez", with: #"Rick \ud83d"#)
        },
        hostile("a high surrogate escape before a non-surrogate escape", .json(.loneSurrogate)) {
            profile(replacing: "Rick Sanchez", with: #"\ud83d\u0041"#)
        },
        hostile("two high surrogate escapes", .json(.loneSurrogate)) {
            profile(replacing: "Rick Sanchez", with: #"\ud83d\ud83d"#)
        },
        hostile("a low surrogate escape alone", .json(.loneSurrogate)) {
            profile(replacing: "Rick Sanchez", with: #"Rick \ude00"#)
        },
        hostile("a low surrogate escape before a high one", .json(.loneSurrogate)) {
            profile(replacing: "Rick Sanchez", with: #"\ude00\ud83d"#)
        },
        hostile("a high surrogate escape before a plain character", .json(.loneSurrogate)) {
            profile(replacing: "Rick Sanchez", with: #"\ud83dx"#)
        },
        hostile("a lone high surrogate escape in a key", .json(.loneSurrogate)) {
            profile(replacing: #""id":"1","#, with: #""id":"1","na\ud800me":"x","#)
        },
        hostile("a lone low surrogate escape in a key of extensions", .json(.loneSurrogate)) {
            profile(extensions: #"{"\udc00":1}"#)
        },
        hostile("a lone surrogate escape in an error message", .json(.loneSurrogate)) {
            profile(errors: #"[{"message":"\udfff"}]"#)
        },
        hostile("a surrogate pair escape", .data, named("Rick 😀")) {
            profile(replacing: "Rick Sanchez", with: #"Rick \ud83d\ude00"#)
        },
        hostile("an escaped NUL in a value", .data, named("Rick\u{0}")) {
            profile(replacing: "Rick Sanchez", with: #"Rick\u0000"#)
        },
        hostile("invalid UTF-8 in a key", .json(.invalidUTF8)) {
            replacing(#""species""#, with: [0x22, 0x73, 0xFF, 0x22], in: profile())
        },
        hostile("a UTF-8 encoded surrogate", .json(.invalidUTF8)) { profile(nameBytes: [0x52, 0xED, 0xA0, 0x80]) },
        hostile("a code point past U+10FFFF", .json(.invalidUTF8)) { profile(nameBytes: [0xF4, 0x90, 0x80, 0x80]) },
        hostile("a multi-byte sequence cut by the closing quote", .json(.invalidUTF8)) {
            profile(nameBytes: [0x52, 0xE2, 0x82])
        },
        hostile("a lone continuation byte", .json(.invalidUTF8)) { profile(nameBytes: [0x52, 0x80, 0x52]) },
        hostile("an overlong NUL", .json(.invalidUTF8)) { profile(nameBytes: [0xC0, 0x80]) },
        hostile("invalid UTF-8 in an unselected member's value", .json(.invalidUTF8)) {
            replacing(
                #""Male""#, with: [0x22, 0x4D, 0xFE, 0x22], in: profile(replacing: #""gender""#, with: #""sex""#))
        },
        hostile("invalid UTF-8 in extensions", .json(.invalidUTF8)) {
            replacing("\"E\"", with: [0x22, 0xC3, 0x28, 0x22], in: profile(extensions: "\"E\""))
        },
        hostile("an unknown escape", .json(.invalidEscape)) { profile(replacing: "Rick Sanchez", with: #"Rick\x"#) },
        hostile("a \\u escape of two digits", .json(.invalidUnicodeEscape)) {
            profile(replacing: "Rick Sanchez", with: #"Rick\u12"#)
        },
        hostile("a \\u escape of letters", .json(.invalidUnicodeEscape)) {
            profile(replacing: "Rick Sanchez", with: #"\uZZZZ"#)
        },
        hostile("a raw NUL inside a string", .json(.controlCharacterInString)) {
            profile(nameBytes: [0x52, 0x00, 0x52])
        },
        hostile("a raw newline inside a string", .json(.controlCharacterInString)) {
            profile(nameBytes: [0x52, 0x0A, 0x52])
        },
        hostile("a raw tab inside a string", .json(.controlCharacterInString)) { profile(nameBytes: [0x52, 0x09]) },
        hostile("a NUL byte between tokens", .json(.unexpectedByte)) {
            replacing(#","status""#, with: [0x2C, 0x00] + Array(#""status""#.utf8), in: profile())
        },
        hostile("a NUL byte before the response", .json(.unexpectedByte)) { [0x00] + profile() },
        hostile("a UTF-16 byte order mark", .json(.unexpectedByte)) { [0xFE, 0xFF] + profile() },
        hostile("a UTF-16 little-endian response", .json(.unexpectedByte)) { profile().flatMap { [$0, 0x00] } },
        hostile("a UTF-8 byte order mark inside the object", .json(.unexpectedByte)) {
            replacing(#""data""#, with: [0xEF, 0xBB, 0xBF] + Array(#""data""#.utf8), in: profile())
        },
        hostile("a second object after the response", .json(.trailingData)) { profile() + Array("{}".utf8) },
        hostile("a stray closing brace after the response", .json(.trailingData)) { profile() + [UInt8(ascii: "}")] },
        hostile("a trailing comma in an object", .json(.trailingComma)) {
            profile(replacing: #""Genius""#, with: #""Genius","#)
        },
        hostile("a trailing comma in a list", .list, .json(.trailingComma)) { list("[" + row + ",]") },
        hostile("trailing whitespace after the response", .data, named("Rick Sanchez")) {
            profile() + Array(" \n\t\r ".utf8)
        },
    ]

    static let duplicates: [Hostile] = [
        hostile("an id sent twice with two values", .duplicateField("id")) {
            profile(replacing: #""gender""#, with: #""id":"2","gender""#)
        },
        hostile("an id sent twice with one value", .duplicateField("id")) {
            profile(replacing: #""gender""#, with: #""id":"1","gender""#)
        },
        hostile("an object field sent twice", .duplicateField("origin")) {
            profile(replacing: #""gender""#, with: #""origin":{"id":"2","name":"Mars"},"gender""#)
        },
        hostile("a nested record's name sent twice", .duplicateField("name")) {
            profile(replacing: #""name":"Earth (C-137)""#, with: #""name":"Earth (C-137)","name":"Evil""#)
        },
        hostile("__typename sent twice with two types", .union, .duplicateField("__typename")) {
            union(#"{"__typename":"Episode","air_date":"d","id":"1","__typename":"Character"}"#)
        },
        hostile("data sent twice", .duplicateField("data")) {
            Array((String(decoding: profile().dropLast(), as: UTF8.self) + #","data":{"character":null}}"#).utf8)
        },
        hostile("errors sent twice", .duplicateField("errors")) {
            profile(errors: #"[{"message":"a"}],"errors":[{"message":"b"}]"#)
        },
        hostile("a list element's field sent twice", .list, .duplicateField("name")) {
            list("[" + String(row.dropLast()) + #","name":"B"}]"#)
        },
        hostile("an unselected member sent twice", .data, named("Rick Sanchez")) {
            profile(replacing: #""gender""#, with: #""x":1,"x":[2],"gender""#)
        },
        hostile(
            "a duplicate key inside a JSON scalar is kept as sent", .tokenizer, .data,
            tokenized("json", .scalar(.object([("a", .int(1)), ("a", .int(2))])))
        ) {
            tokenizer(["json": #"{"a":1,"a":2}"#])
        },
    ]

    static let numbers: [Hostile] = [
        hostile("an Int of 99999999999999999999", .tokenizer, .wrongScalar) {
            tokenizer(["count": "99999999999999999999"])
        },
        hostile("an Int of 2^63", .tokenizer, .wrongScalar) { tokenizer(["count": "9223372036854775808"]) },
        hostile("an Int of -2^63 is kept", .tokenizer, .data, tokenized("count", .int(Int.min))) {
            tokenizer(["count": "-9223372036854775808"])
        },
        hostile("an Int past Int32 is kept as sent", .tokenizer, .data, tokenized("count", .int(2_147_483_648))) {
            tokenizer(["count": "2147483648"])
        },
        hostile("an Int of 1.0", .tokenizer, .wrongScalar) { tokenizer(["count": "1.0"]) },
        hostile("an Int of 1e2", .tokenizer, .wrongScalar) { tokenizer(["count": "1e2"]) },
        hostile("an Int of 1e400", .tokenizer, .json(.numberOutOfRange)) { tokenizer(["count": "1e400"]) },
        hostile("a Float of 1e400", .tokenizer, .json(.numberOutOfRange)) { tokenizer(["ratio": "1e400"]) },
        hostile("a Float of -1e400", .tokenizer, .json(.numberOutOfRange)) { tokenizer(["ratio": "-1e400"]) },
        hostile("a Float of 1e-400 underflows to zero", .tokenizer, .data, tokenized("ratio", .double(0))) {
            tokenizer(["ratio": "1e-400"])
        },
        hostile("a Float of 99999999999999999999", .tokenizer, .data, tokenized("ratio", .double(1e20))) {
            tokenizer(["ratio": "99999999999999999999"])
        },
        hostile("a Float sent as a string", .tokenizer, .wrongScalar) { tokenizer(["ratio": #""0.5""#]) },
        hostile("a Boolean sent as 0", .tokenizer, .wrongScalar) { tokenizer(["flag": "0"]) },
        hostile("a Boolean sent as a string", .tokenizer, .wrongScalar) { tokenizer(["flag": #""true""#]) },
        hostile("a list of Int holding a string", .tokenizer, .wrongScalar) { tokenizer(["counts": #"[1,"2"]"#]) },
        hostile("a list of Int holding 99999999999999999999", .tokenizer, .wrongScalar) {
            tokenizer(["counts": "[1,99999999999999999999]"])
        },
        hostile("a JSON scalar of 1e400", .tokenizer, .json(.numberOutOfRange)) { tokenizer(["json": "1e400"]) },
        hostile("a String of -1e400", .json(.numberOutOfRange)) { profile(replacing: #""Alive""#, with: "-1e400") },
        hostile("a number with a plus sign", .tokenizer, .json(.invalidNumber)) { tokenizer(["count": "+1"]) },
        hostile("a number ending in a point", .tokenizer, .json(.invalidNumber)) { tokenizer(["ratio": "1."]) },
        hostile("a minus sign alone", .tokenizer, .json(.invalidNumber)) { tokenizer(["ratio": "-"]) },
        hostile("an exponent without digits", .tokenizer, .json(.invalidNumber)) { tokenizer(["ratio": "1e"]) },
    ]

    /// The key field `id` as every JSON type: an integer is coerced to its decimal text (and
    /// names the record), null leaves the record keyless, anything else is refused.
    static let ids: [Hostile] = [
        hostile("an id that is an integer", .tokenizer, .data, [Lands("Tokenizer:42", "id", .string("42"))]) {
            tokenizer(["id": "42"])
        },
        hostile("an id that is a negative integer", .tokenizer, .data, [Lands("Tokenizer:-1", "text", .string("x"))]) {
            tokenizer(["id": "-1"])
        },
        hostile("an id that is a float", .tokenizer, .wrongScalar) { tokenizer(["id": "1.5"]) },
        hostile("an id that is an exponent", .tokenizer, .wrongScalar) { tokenizer(["id": "1e3"]) },
        hostile("an id past Int64", .tokenizer, .wrongScalar) { tokenizer(["id": "99999999999999999999"]) },
        hostile("an id that is a boolean", .tokenizer, .wrongScalar) { tokenizer(["id": "true"]) },
        hostile(
            "an id that is null embeds the record under the root", .tokenizer, .data,
            [Lands(RecordKey.root.child("tokenizer"), "text", .string("x")), Lands("Tokenizer:null", "text", nil)]
        ) { tokenizer(["id": "null"]) },
        hostile("an id that is an object", .tokenizer, .wrongScalar) { tokenizer(["id": #"{"id":"t"}"#]) },
        hostile("an id that is a list", .tokenizer, .wrongScalar) { tokenizer(["id": #"["t"]"#]) },
        hostile("an id that is an empty string", .tokenizer, .data, [Lands("Tokenizer:", "text", .string("x"))]) {
            tokenizer(["id": #""""#])
        },
        hostile("a character's id that is 1.0", .wrongScalar) { profile(replacing: #""id":"1""#, with: #""id":1.0"#) },
        hostile("a nested record's id that is an object", .wrongScalar) {
            profile(replacing: #""id":"20""#, with: #""id":{"id":"20"}"#)
        },
    ]

    static let typenames: [Hostile] = [
        hostile(
            "a Character whose __typename says Location lands as the Character",
            .data, named("Rick Sanchez") + [Lands("Location:1", "name", .string("Earth (C-137)"))]
        ) {
            profile(replacing: #""id":"1","#, with: #""__typename":"Location","id":"1","#)
        },
        hostile(
            "a Location whose __typename says Character lands as the Location",
            .data, named("Rick Sanchez") + [Lands("Location:1", "name", .string("Earth (C-137)"))]
        ) {
            profile(
                replacing: #"{"id":"1","name":"Earth (C-137)"}"#,
                with: #"{"__typename":"Character","id":"1","name":"Earth (C-137)"}"#)
        },
        hostile("a union element whose __typename is null", .union, .wrongType) {
            union(#"{"__typename":null,"id":"1"}"#)
        },
        hostile("a union element whose __typename is a type outside the union", .union, .data) {
            union(#"{"__typename":"Note","id":"1"}"#)
        },
        hostile("a union element whose __typename is an interface", .union, .missingField) {
            union(#"{"__typename":"Named","name":"n"}"#)
        },
        hostile("a union element whose __typename is a list", .union, .wrongType) {
            union(#"{"__typename":["Character"],"id":"1"}"#)
        },
    ]

    /// Errors whose paths point anywhere: one the operation cannot place on a field stays a
    /// response-level error; one it can marks the field.
    static let paths: [Hostile] = [
        hostile("an error path into a scalar", .data) {
            profile(errors: #"[{"message":"x","path":["character","name","x"]}]"#)
        }.unplaced(1),
        hostile("an error path indexing a scalar", .data) {
            profile(errors: #"[{"message":"x","path":["character","name",0]}]"#)
        }.unplaced(1),
        hostile("an error path through a null object is placed on the null", .data) {
            Array(
                (String(decoding: profile(origin: "null").dropLast(), as: UTF8.self)
                    + #","errors":[{"message":"x","path":["character","origin","name"]}]}"#).utf8)
        }.unplaced(0),
        hostile("an empty error path", .data) { profile(errors: #"[{"message":"x","path":[]}]"#) }.unplaced(1),
        hostile("a null error path", .data) { profile(errors: #"[{"message":"x","path":null}]"#) }.unplaced(1),
        hostile("an error path that is a number", .data) { profile(errors: #"[{"message":"x","path":5}]"#) }.unplaced(
            1),
        hostile("an error path that is an object", .data) {
            profile(errors: #"[{"message":"x","path":{"character":0}}]"#)
        }.unplaced(1),
        hostile("an error path with a boolean element", .data) {
            profile(errors: #"[{"message":"x","path":["character",true]}]"#)
        }.unplaced(1),
        hostile("an error path with a null element", .data) { profile(errors: #"[{"message":"x","path":[null]}]"#) }
            .unplaced(1),
        hostile("an error path with a float index", .list, .data) {
            list(errors: #"[{"message":"x","path":["characters","results",0.5,"name"]}]"#)
        }.unplaced(1),
        hostile("an error path with an index of 1e30", .list, .data) {
            list(errors: #"[{"message":"x","path":["characters","results",1e30,"name"]}]"#)
        }.unplaced(1),
        hostile("an error path with an index past Int64", .list, .data) {
            list(errors: #"[{"message":"x","path":["characters","results",99999999999999999999,"name"]}]"#)
        }.unplaced(1),
        hostile("an error path to a list element's field holding data stays unplaced", .list, .data) {
            list(errors: #"[{"message":"x","path":["characters","results",0,"name"]}]"#)
        }.unplaced(1),
        hostile("an error path to the root field holding data stays unplaced", .data) {
            profile(errors: #"[{"message":"x","path":["character"]}]"#)
        }.unplaced(1),
        hostile("an error path to a list element's null field is placed there", .list, .data) {
            list(
                #"[{"id":"7","name":null,"status":"S","image":"I","species":"H","origin":null}]"#,
                errors: #"[{"message":"x","path":["characters","results",0,"name"]}]"#)
        }.unplaced(0),
        hostile("an error message that is a number", .notAResponse) { profile(errors: #"[{"message":5}]"#) },
        hostile("an error message that is null", .notAResponse) { profile(errors: #"[{"message":null}]"#) },
        hostile("an error's locations that are garbage", .data) {
            profile(errors: #"[{"message":"x","locations":"here"}]"#)
        }.unplaced(1),
    ]

    /// The good profile response cut just before and just after every structural byte
    /// (`{ } [ ] : , "`): each is malformed JSON that ended too soon.
    static let truncations: [Hostile] = {
        let whole = profile()
        var cuts = Set<Int>()
        for (offset, byte) in whole.enumerated() where Array("{}[]:,\"".utf8).contains(byte) {
            cuts.insert(offset)
            cuts.insert(offset + 1)
        }
        return cuts.filter { $0 < whole.count }.sorted().map { cut in
            hostile("the good response cut at byte \(cut) of \(whole.count)", .json(.unexpectedEnd)) {
                Array(profile().prefix(cut))
            }
        }
    }()
}
