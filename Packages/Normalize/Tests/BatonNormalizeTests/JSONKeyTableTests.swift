import BatonNormalize
import Testing

/// The keys of the object in `json`, each looked up in `table`.
private func lookups(_ table: JSONKeyTable, in json: String) throws -> [Int?] {
    var reader = JSONReader(json.utf8)
    var found: [Int?] = []
    try reader.beginObject()
    while let key = try reader.nextKey() {
        found.append(table.index(of: key))
        try reader.skipValue()
    }
    try reader.finish()
    return found
}

@Test func keyTableFindsEachKeysPosition() throws {
    let table = JSONKeyTable(["id", "name", "status", "image", "created"])
    let found = try lookups(table, in: #"{"name":1,"id":2,"created":3,"image":4,"status":5}"#)
    #expect(found == [1, 0, 4, 3, 2])
    #expect(table.count == 5)
    #expect(table.keys == ["id", "name", "status", "image", "created"])
}

@Test func keyTableAnswersNilForUnknownKeysAndNearMisses() throws {
    let table = JSONKeyTable(["id", "name", "avatarURLForTheLargeScreen"])
    let found = try lookups(
        table,
        in: #"{"i":0,"ids":0,"Id":0,"":0,"nam":0,"avatarURLForTheLargeScreeN":0,"avatarURLForTheLargeScreen ":0}"#)
    #expect(found == [nil, nil, nil, nil, nil, nil, nil])
}

@Test func keyTableDecodesKeysWrittenWithEscapes() throws {
    let table = JSONKeyTable(["name", "line\nbreak", "é"])
    let found = try lookups(table, in: #"{"n\u0061me":0,"line\nbreak":0,"\u00e9":0,"\u00e8":0}"#)
    #expect(found == [0, 1, 2, nil])
}

@Test func keyTableMatchesNonASCIIAndEmptyKeysByteForByte() throws {
    let table = JSONKeyTable(["", "ключ", "😀", "e\u{301}"])
    let found = try lookups(table, in: #"{"":0,"ключ":0,"😀":0,"é":0,"e\u0301":0}"#)
    #expect(found == [0, 1, 2, nil, 3])
}

@Test func keyTableGivesTheFirstPositionOfARepeatedKey() throws {
    let table = JSONKeyTable(["a", "b", "a"])
    #expect(table.index(of: "a") == 0)
    #expect(table.index(of: "b") == 1)
    #expect(table.count == 3)
}

@Test func keyTableFindsEveryOneOfManyKeysOfEveryLength() throws {
    let keys = (0..<1_000).map { "k" + String(repeating: "x", count: $0 % 40) + String($0) }
    let table = JSONKeyTable(keys)
    for (position, key) in keys.enumerated() {
        #expect(table.index(of: key) == position)
        #expect(table.index(of: key + "!") == nil)
    }
    let json = "{" + keys.map { "\"\($0)\":0" }.joined(separator: ",") + "}"
    #expect(try lookups(table, in: json) == Array(0..<1_000))
}

@Test func emptyKeyTableFindsNothing() throws {
    let table = JSONKeyTable([String]())
    #expect(try lookups(table, in: #"{"a":1}"#) == [nil])
}

@Test func expectedPositionHintIsUsedWhenRightAndIgnoredWhenWrong() throws {
    let table = JSONKeyTable(["id", "name", "id"])
    var reader = JSONReader(#"{"id":1,"name":2,"id":3,"x":4}"#.utf8)
    try reader.beginObject()
    var found: [Int?] = []
    var hint = 0
    while let key = try reader.nextKey() {
        let index = table.index(of: key, expected: hint)
        found.append(index)
        hint = (index ?? hint) + 1
        try reader.skipValue()
    }
    // The third "id" is hinted at position 2, a repeat: the first position still wins.
    #expect(found == [0, 1, 0, nil])
    var outOfRange = JSONReader(#"{"name":1}"#.utf8)
    try outOfRange.beginObject()
    let key = try #require(try outOfRange.nextKey())
    #expect(table.index(of: key, expected: 99) == 1)
    #expect(table.index(of: key, expected: -1) == 1)
}
