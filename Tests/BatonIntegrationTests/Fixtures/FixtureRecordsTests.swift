import Foundation
import Testing
import BatonNormalize
import BatonRecords

/// What the hand-written fixtures' records look like: the shapes the round trip alone would
/// not pin (where nested lists and aliases land).
@Suite struct FixtureRecordsTests {
    func changes(_ name: String) throws -> ChangeSet {
        let fixture = try #require(RecordedFixture.named(name))
        return try fixture.ingest.ingest(fixture.responseBytes(), plan: fixture.plan()).changes
    }

    @Test func listsOfListsKeepTheirShapeWithLinksNullsAndEmbeddedObjects() throws {
        let changes = try changes("board-1")
        #expect(
            changes["Board:b1"]?["cells"]
                == .list([
                    .list([.link("Cell:c00"), .link("Cell:c01")]), .list([.null, .link("Cell:c11")]), .list([]),
                ]))
        #expect(
            changes["Board:b1"]?["marks"]
                == .list([
                    .list([.link("Board:b1:marks:0:0"), .null]),
                    .list([.link("Board:b1:marks:1:0"), .link("Board:b1:marks:1:1")]),
                ]))
        #expect(changes["Board:b1:marks:1:0"]?["symbol"] == .string("O"))
        #expect(
            changes["Board:b1"]?["labels"] == .list([.list([.string("a"), .string("b")]), .list([.null]), .list([])]))
    }

    @Test func aliasesOfOneFieldWithDifferentArgumentsLandInDifferentSlots() throws {
        let root = try #require(try changes("aliases-1")[.root])
        #expect(root["character(id:\"1\")"] == .link("Character:1"))
        #expect(root["character(id:\"2\")"] == .link("Character:2"))
        #expect(root["characters(page:1)"] == .link("client:root:characters(page:1)"))
        // `$second` was not given: its default, 2, is the argument.
        #expect(root["characters(page:2)"] == .link("client:root:characters(page:2)"))
        #expect(root["characters"] == .link("client:root:characters"))
    }

    @Test func aliasedArgumentsOfALeafAreTwoFieldsOfOneRecord() throws {
        let luke = try #require(try changes("hero-and-search-1")["Human:1000"])
        #expect(luke["height(unit:\"METER\")"] == .double(1.72))
        #expect(luke["height(unit:\"FOOT\")"] == .double(5.643))
    }
}
