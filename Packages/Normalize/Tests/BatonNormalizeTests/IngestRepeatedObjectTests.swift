import Testing
@testable import BatonNormalize
import BatonRecords

/// An identified object that a response gives again, byte for byte (or, in a payload's tree,
/// value for value), under the same selection, is left unread in one comparison, and the changes
/// are exactly those of reading it in full: the later value still wins wherever anything was
/// written differently in between, connections and edge writes are read every time, and the
/// nesting limit holds wherever the repeat lies.
@Suite struct IngestRepeatedObjectTests {
    static let normalization = Normalization(schema: PlanTests.schema)

    /// The walk of `response`'s bytes (how many repeats it skipped, its changes) beside the
    /// changes of reading every object of them; the walk of its `data` as a tree must skip as
    /// many and change the same.
    func ingest(_ document: String, _ response: String, maxDepth: Int = 512) throws
        -> (skipped: Int, changes: ChangeSet, read: ChangeSet)
    {
        let plan = try OperationPlan(document, normalization: Self.normalization)
        let bytes = Array(response.utf8)
        var walker = ResponseWalker(reader: JSONReader(bytes, maxDepth: maxDepth), plan: plan, complete: true)
        let changes = try walker.walkResponse().changes
        var reading = ResponseWalker(
            reader: JSONReader(bytes, maxDepth: maxDepth), plan: plan, complete: true, skippingRepeats: false)
        let read = try reading.walkResponse().changes
        #expect(reading.repeatsSkipped == 0)
        let data = try #require(try JSONValue.parse(bytes)[member: "data"])
        var tree = ResponseWalker(
            reader: JSONTreeReader(.object([("data", data)]), maxDepth: maxDepth), plan: plan, complete: true)
        #expect(try tree.walkResponse().changes == changes)
        #expect(tree.repeatsSkipped == walker.repeatsSkipped)
        return (walker.repeatsSkipped, changes, read)
    }

    static let episodes = #"query Q { episodesByIds(ids: ["1", "2"]) { id name characters { id name } } }"#

    @Test func anObjectRepeatedByteForByteIsSkippedAndChangesNothingReadingItWouldNot() throws {
        let pilot = #"{"id":"1","name":"Pilot","characters":[{"id":"1","name":"Rick"},{"id":"2","name":"Morty"}]}"#
        let (skipped, changes, read) = try ingest(
            Self.episodes,
            #"{"data":{"episodesByIds":[\#(pilot),{"id":"2","name":"Lawnmower Dog","characters":[{"id":"1","name":"Rick"}]},\#(pilot)]}}"#
        )
        // The second Pilot, and the second Rick under Lawnmower Dog.
        #expect(skipped == 2)
        #expect(changes == read)
        let root = try #require(changes["client:root"])
        #expect(root.cells.map(\.value).last == .list([.link("Episode:1"), .link("Episode:2"), .link("Episode:1")]))
        #expect(changes["Episode:1"]?["characters"] == .list([.link("Character:1"), .link("Character:2")]))
    }

    @Test func aRepeatAfterTheRecordWasWrittenDifferentlyIsReadAndWins() throws {
        let rick = #"{"id":"1","name":"Rick","characters":[]}"#
        let (skipped, changes, read) = try ingest(
            Self.episodes,
            #"{"data":{"episodesByIds":[\#(rick),{"id":"1","name":"Rick Sanchez","characters":[]},\#(rick)]}}"#)
        #expect(skipped == 0)
        #expect(changes == read)
        #expect(changes["Episode:1"]?["name"] == .string("Rick"))
    }

    /// The record a repeat's child names was written differently in between, by another
    /// object: the repeat is read, so the child's later value is the repeat's.
    @Test func aRepeatWhoseChildWasWrittenDifferentlySinceIsReadAndWins() throws {
        let pilot = #"{"id":"1","name":"Pilot","characters":[{"id":"1","name":"Rick"}]}"#
        let (skipped, changes, read) = try ingest(
            Self.episodes,
            #"{"data":{"episodesByIds":[\#(pilot),{"id":"2","name":"Other","characters":[{"id":"1","name":"Morty"}]},\#(pilot)]}}"#
        )
        #expect(skipped == 0)
        #expect(changes == read)
        #expect(changes["Character:1"]?["name"] == .string("Rick"))
    }

    @Test func theSameTextUnderAnotherSelectionIsReadThere() throws {
        let rick = #"{"id":"1","name":"Rick"}"#
        let (skipped, changes, read) = try ingest(
            #"query Q { a: character(id: "1") { id name } b: character(id: "1") { id name } }"#,
            #"{"data":{"a":\#(rick),"b":\#(rick)}}"#)
        #expect(skipped == 0)
        #expect(changes == read)
    }

    /// The node under the repeated connection is read again too: a connection's merge counts
    /// as a replacement, which no earlier reading outlives.
    @Test func anObjectWithAConnectionIsReadEveryTime() throws {
        let hero =
            #"{"id":"1","notes":{"edges":[{"cursor":"c1","node":{"id":"n1","text":"hi"}}],"pageInfo":{"hasNextPage":false,"endCursor":"c1"}}}"#
        let document = """
            query Q {
              charactersByIds(ids: ["1"]) {
                id notes(first: 1) @connection(key: "Q_notes") { edges { cursor node { id text } } pageInfo { hasNextPage endCursor } }
              }
            }
            """
        let plan = try OperationPlan(document, normalization: Self.normalization)
        let element = try #require(plan.root.common.fields.first?.selection)
        #expect(!element.writesOnlyCells)
        let (skipped, changes, read) = try ingest(document, #"{"data":{"charactersByIds":[\#(hero),\#(hero)]}}"#)
        #expect(skipped == 0)
        #expect(changes == read)
    }

    /// A list nested deeper than its first place holds the same object again: the repeat's
    /// own children pass the nesting limit that its first reading kept to, so it is read, and
    /// refused.
    @Test func aRepeatDeeperThanItsFirstReadingIsHeldToTheNestingLimit() throws {
        let pilot = #"{"id":"1","name":"Pilot","characters":[{"id":"1","name":"Rick"}]}"#
        // The first Pilot opens at depth 4 (the response, data, the list, Pilot), its Rick at
        // 6; the repeat at 6, its Rick at 8.
        let deeper = #"{"data":{"episodesByIds":[\#(pilot),[[\#(pilot)]]]}}"#
        let plan = try OperationPlan(Self.episodes, normalization: Self.normalization)
        #expect(throws: IngestError.self) { try Ingest(maxDepth: 7).ingest(Array(deeper.utf8), plan: plan) }
        #expect(throws: Never.self) { try Ingest(maxDepth: 8).ingest(Array(deeper.utf8), plan: plan) }
        let tree = try #require(try JSONValue.parse(Array(deeper.utf8))[member: "data"])
        #expect(throws: IngestError.self) { try Ingest(maxDepth: 7).ingest(data: tree, plan: plan) }
        let shallower = #"{"data":{"episodesByIds":[[[\#(pilot)]],\#(pilot)]}}"#
        let (skipped, changes, read) = try ingest(Self.episodes, shallower, maxDepth: 8)
        #expect(skipped == 1)
        #expect(changes == read)
    }

    /// In a tree, a repeat is the same values in the same order: members in another order, or
    /// a number written as a double where the first gave an integer, are read again.
    @Test func aTreeRepeatsAnObjectOnlyValueForValueInOrder() throws {
        let plan = try OperationPlan(
            #"query Q { charactersByIds(ids: ["1"]) { id name origin { id } } }"#, normalization: Self.normalization)
        func character(_ members: [(String, JSONValue)]) -> JSONValue { .object(members) }
        let rick = character([("id", "1"), ("name", "Rick"), ("origin", .null)])
        let reordered = character([("id", "1"), ("origin", .null), ("name", "Rick")])
        let shared: JSONValue = .object([("charactersByIds", .array([rick, rick, reordered]))])
        var tree = ResponseWalker(
            reader: JSONTreeReader(.object([("data", shared)])), plan: plan, complete: true)
        let changes = try tree.walkResponse().changes
        var reading = ResponseWalker(
            reader: JSONTreeReader(.object([("data", shared)])), plan: plan, complete: true, skippingRepeats: false)
        #expect(tree.repeatsSkipped == 1)
        #expect(try reading.walkResponse().changes == changes)
        #expect(JSONTreeReader.same(rick, rick))
        #expect(!JSONTreeReader.same(rick, reordered))
        #expect(rick == reordered)
        #expect(!JSONTreeReader.same(.int(1), .double(1)))
        #expect(!JSONTreeReader.same(.array([.int(1)]), .array([.int(1), .int(1)])))
        #expect(JSONTreeReader.same(.array([rick, .string("a")]), .array([rick, .string("a")])))
    }

    /// Responses made at random from a few episodes, which name a few characters with
    /// different names, so that objects come again byte for byte, with a field changed, and
    /// with a child changed in between, at different depths: each ingests, skipping or not,
    /// to the same changes.
    @Test func randomResponsesIngestAlikeWhetherOrNotRepeatsAreSkipped() throws {
        var random = SplitMix64(state: 0x5EED)
        func pick(_ count: Int) -> Int { Int.random(in: 0..<count, using: &random) }
        func character() -> String {
            #"{"id":"\#(pick(3))","name":"\#(["Rick", "Morty"][pick(2)])"}"#
        }
        func episode() -> String {
            let characters = (0..<pick(3)).map { _ in character() }.joined(separator: ",")
            return #"{"id":"\#(pick(3))","name":"E\#(pick(2))","characters":[\#(characters)]}"#
        }
        var skippedInAll = 0
        for _ in 0..<500 {
            let episodes = (0..<4).map { _ in episode() }
            let elements = (0...pick(8)).map { _ in
                let episode = episodes[pick(episodes.count)]
                return pick(6) == 0 ? "[\(episode)]" : pick(9) == 0 ? "null" : episode
            }
            let response = #"{"data":{"episodesByIds":[\#(elements.joined(separator: ","))]}}"#
            let (skipped, changes, read) = try ingest(Self.episodes, response)
            #expect(changes == read, "\(response)")
            skippedInAll += skipped
        }
        #expect(skippedInAll > 500)
    }
}
