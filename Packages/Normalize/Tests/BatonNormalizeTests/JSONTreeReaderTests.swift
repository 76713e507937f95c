import Testing
import BatonRecords
@testable import BatonNormalize

/// A tree's member is matched by its key's `String` when it is the one a selection expects,
/// without reading the key's bytes, and by its bytes otherwise: the two agree on every key.
@Suite struct JSONTreeReaderTests {
    @Test func aKeyWithTheExpectedStringsWordsIsMatchedAndItsValueRead() throws {
        // The reader is noncopyable: what it answers is read into locals, then expected.
        let table = JSONKeyTable(["id", "name"])
        var reader = JSONTreeReader(.object([("id", .int(1)), ("name", .string("Rick"))]))
        try reader.beginObject()
        let matchedID = reader.nextKey(isString: table.stringWords(at: 0))
        let id = try reader.readNumber()
        // "name" is not the expected "id": the reader stays where it is.
        let matchedNameAsID = reader.nextKey(isString: table.stringWords(at: 0))
        let name = try #require(try reader.nextKey())
        let nameIndex = table.index(of: name)
        let text = try reader.readString()
        let matchedPastTheEnd = reader.nextKey(isString: table.stringWords(at: 1))
        let end = try reader.nextKey()
        try reader.finish()
        #expect(matchedID && id == .int(1))
        #expect(!matchedNameAsID && nameIndex == 1 && text == "Rick")
        #expect(!matchedPastTheEnd && end == nil)
    }

    @Test func aKeyRepeatedInTheTableHasNoWordsSoItsFirstPositionAnswers() {
        let table = JSONKeyTable(["id", "name", "id"])
        #expect(table.stringWords(at: 0) != nil)
        #expect(table.stringWords(at: 2) == nil)
        #expect(table.stringWords(at: 3) == nil)
        #expect(table.stringWords(at: -1) == nil)
    }

    @Test func aLongKeyMadeElsewhereIsStillFoundByItsBytes() throws {
        let long = "aKeyLongerThanFifteenBytes"
        let table = JSONKeyTable(["id", long])
        // The same text in another string's storage: other words, the same key.
        let made = String(decoding: Array(long.utf8), as: UTF8.self)
        var reader = JSONTreeReader(.object([(made, .null)]))
        try reader.beginObject()
        let matched = reader.nextKey(isString: table.stringWords(at: 1))
        let key = try #require(try reader.nextKey())
        #expect(!matched)
        #expect(table.index(of: key, expected: 1) == 1)
    }

    @Test func membersOutOfSelectionOrderAndUnselectedOnesIngestAlikeFromATree() throws {
        let normalization = Normalization(
            schema: try GraphQLSchema.parse(
                sdl: "type Query { cells: [Cell] } type Cell { id: ID label: String longerFieldNameThanInline: String }"
            ))
        let plan = try OperationPlan("{ cells { id label longerFieldNameThanInline } }", normalization: normalization)
        let cell: (Int, [String]) -> JSONValue = { index, order in
            .object(
                order.map { name in
                    (name, name == "__typename" ? .string("Cell") : .string("\(name)-\(index)"))
                })
        }
        let data = JSONValue.object([
            (
                "cells",
                .array([
                    cell(0, ["id", "label", "longerFieldNameThanInline"]),
                    cell(1, ["longerFieldNameThanInline", "label", "id"]),
                    cell(2, ["__typename", "label", "id"]),
                    cell(3, ["label", "__typename", "longerFieldNameThanInline", "id"]),
                ])
            )
        ])
        let tree = try Ingest.handWritten.ingest(data: data, plan: plan)
        let bytes = try Ingest.handWritten.ingest(JSONValue.object([("data", data)]).jsonBytes(), plan: plan)
        #expect(tree.changes == bytes.changes)
        let reversed = try #require(tree.changes["Cell:id-1"])
        #expect(reversed["label"] == .string("label-1"))
        #expect(reversed["longerFieldNameThanInline"] == .string("longerFieldNameThanInline-1"))
    }
}
