import Foundation
import Testing
import BatonStore

/// A clock the test moves, as the spec's `advance` step does.
@MainActor final class TestClock {
    var now = Date(timeIntervalSince1970: 1_000)
    func advance(_ seconds: TimeInterval) { now += seconds }
}

@MainActor @Suite struct CheckTests {
    @Test func theFixtureIsAvailableFromMemoryAfterItsCommit() {
        let store = StoreFixture.store()
        let result = store.check(StoreFixture.plan)
        #expect(result.availability == .available)
        #expect(result.source == .memory)
        #expect(result.fetchedAt == Date(timeIntervalSince1970: 1000))
        #expect(!result.hasPendingDeferred)
    }

    @Test func anEmptyStoreMissesTheFixtureAtItsRootField() {
        let store = Store(normalization: StoreFixture.normalization)
        let result = store.check(StoreFixture.plan)
        #expect(result.availability == .missing([[.key("characters")]]))
        #expect(result.source == .miss)
    }

    @Test func anOperationFetchedLongerAgoThanMaxAgeIsStale() {
        let clock = TestClock()
        let store = Store(normalization: StoreFixture.normalization, now: { clock.now })
        store.commit(StoreFixture.changes, fetched: StoreFixture.plan.identity)
        #expect(store.check(StoreFixture.plan, maxAge: 60).availability == .available)
        clock.advance(61)
        #expect(store.check(StoreFixture.plan, maxAge: 60).availability == .stale)
        #expect(store.check(StoreFixture.plan).availability == .available)
        #expect(store.check(StoreFixture.plan, maxAge: 120).availability == .available)
        #expect(store.check(StoreFixture.plan, maxAge: 120, now: clock.now + 100).availability == .stale)
    }

    @Test func invalidatingARecordTheOperationReadsMakesItStaleUntilItIsFetchedAgain() {
        let store = StoreFixture.store()
        store.invalidate(record: "Character:2")
        #expect(store.check(StoreFixture.plan).availability == .stale)
        store.commit(StoreFixture.changes, fetched: StoreFixture.plan.identity)
        #expect(store.check(StoreFixture.plan).availability == .available)
    }

    @Test func invalidatingARecordTheOperationDoesNotReadLeavesItAvailable() {
        let store = StoreFixture.store()
        var changes = ChangeSet()
        changes.write(.string("elsewhere"), to: Slot("name"), of: "Character:9999")
        store.commit(changes)
        store.invalidate(record: "Character:9999")
        #expect(store.check(StoreFixture.plan).availability == .available)
    }

    @Test func invalidatingEverythingMakesEveryFetchedOperationStale() {
        let store = StoreFixture.store()
        store.invalidateAll()
        #expect(store.check(StoreFixture.plan).availability == .stale)
        store.recordFetch(StoreFixture.plan)
        #expect(store.check(StoreFixture.plan).availability == .available)
    }

    /// A walk moves its list step from element to element in place: the gaps it names carry
    /// each list's index at every depth, and the steps after a list are its parent's again.
    @Test func gapsInNestedListsAreNamedWithTheIndexOfEachList() throws {
        let store = StoreFixture.store()
        let root = try #require(store.record(.root))
        let rootLinks = root.fields.compactMap { root[untracked: $0.slot]?.link }
        let page = try #require(rootLinks.first)
        let people = try #require(store.record(page)?[untracked: Slot("results")]?.elements)
        let second = try #require(people[1].link)
        let episodes = try #require(store.record(second)?[untracked: Slot("episode")]?.elements)
        let episode = try #require(episodes[2].link)
        let cast = try #require(store.record(episode)?[untracked: Slot("characters")]?.elements)
        #expect(cast.count > 3)
        // The episode's fourth character, and the page's fourth result, become records the
        // store lacks.
        var editedCast = cast
        editedCast[3] = .link("Character:absent")
        var editedPeople = people
        editedPeople[3] = .link("Character:absent")
        var changes = ChangeSet()
        changes.write(.list(editedCast), to: Slot("characters"), of: episode)
        changes.write(.list(editedPeople), to: Slot("results"), of: page)
        store.commit(changes)
        // The episode misses its character wherever a result reaches it, at each index of each
        // list on the way; the page's own gap comes in its place among the results.
        var expected: [[FieldError.PathElement]] = []
        for (index, person) in people.enumerated() {
            if index == 3 {
                expected.append([.key("characters"), .key("results"), .index(3)])
                continue
            }
            let key = try #require(person.link)
            let reached = try #require(store.record(key)?[untracked: Slot("episode")]?.elements)
            for (position, link) in reached.enumerated() where link == .link(episode) {
                expected.append([
                    .key("characters"), .key("results"), .index(index), .key("episode"), .index(position),
                    .key("characters"), .index(3),
                ])
            }
        }
        #expect(expected.count > 2)
        #expect(store.check(StoreFixture.plan).availability == .missing(expected))
    }

    @Test func aPartialResponseIsMissingExactlyThePathsItDidNotAnswer() throws {
        let plan = SpecFixture.plan("TestList", variables: ["page": 1])
        let store = Store(normalization: SpecFixture.normalization)
        store.commit(try SpecFixture.changes("tests/characters-7-8.json", plan, completeness: .partial))
        let result = store.check(plan)
        var expected: Set<String> = []
        for index in 0..<2 {
            for field in ["status", "image", "species", "origin"] {
                expected.insert("characters.results.\(index).\(field)")
            }
        }
        #expect(Set(result.missingPaths) == expected)
        #expect(result.missingPaths.count == 8)
        #expect(result.source == .miss)
    }

    @Test func anAbsentDeferredFieldIsPendingNotMissing() throws {
        let plan = SpecFixture.plan("TestProfileQuery", variables: ["id": "1"])
        let store = Store(normalization: SpecFixture.normalization)
        store.commit(try SpecFixture.changes("tests/character-deferred-1.json", plan))
        let result = store.check(plan)
        #expect(result.availability == .available)
        #expect(result.hasPendingDeferred)
    }

    @Test func anAbsentFieldThatIsNotDeferredIsMissing() throws {
        let plan = SpecFixture.plan("TestProfileQuery", variables: ["id": "1"])
        let store = Store(normalization: SpecFixture.normalization)
        var changes = try SpecFixture.changes("tests/character-deferred-1.json", plan)
        changes.write(.string("x"), to: Slot("unrelated"), of: "Character:1")
        store.commit(changes)
        let header = SpecFixture.plan("TestHeaderQuery", variables: ["id": "1"])
        #expect(store.check(header).availability == .available)
        let withEpisodes = try OperationPlan(
            "query($id: ID!) { character(id: $id) { id episode { id } } }", variables: ["id": "1"],
            normalization: SpecFixture.normalization)
        #expect(store.check(withEpisodes).missingPaths == ["character.episode"])
    }

    @Test func aFieldErrorStoredInAFieldCountsAsPresent() throws {
        let plan = SpecFixture.plan("TestHeaderQuery", variables: ["id": "1"])
        let response = Data(
            #"""
            {"data":{"character":{"id":"1","name":"Rick","status":"Alive","species":"Human","image":null,
            "origin":{"id":"1","name":"Earth"}}},
            "errors":[{"message":"image service unavailable","path":["character","image"]}]}
            """#.utf8)
        let changes = try Ingest().ingest(response, plan: plan).changes
        #expect(changes["Character:1"]?["image"]?.fieldError != nil)
        let store = Store(normalization: SpecFixture.normalization)
        store.commit(changes)
        #expect(store.check(plan).availability == .available)
    }

    @Test func aLinkToADeletedRecordIsPresentAsANull() {
        let store = StoreFixture.store()
        store.commit(ChangeSet(snapshots: [], deletions: ["Character:2"]))
        #expect(store.check(StoreFixture.plan).availability == .available)
    }

    @Test func aLookupMakesANeverFetchedCharacterAvailable() throws {
        let plan = try OperationPlan(
            "query { character(id: 5) { id name status } }", normalization: StoreFixture.normalization)
        let plain = StoreFixture.store()
        #expect(plain.check(plan).missingPaths == ["character"])
        let store = Store(
            normalization: StoreFixture.normalization,
            lookups: [LookupRule(field: "Query.character", argument: "id", type: "Character")])
        store.commit(StoreFixture.changes)
        #expect(store.check(plan).availability == .available)
        let field = plan.root.resolved(for: "Query").fields[0]
        #expect(store.resolveLink(store.root, field: field)?.key == "Character:5")
        let absent = try OperationPlan(
            "query { character(id: 5000) { id name } }", normalization: StoreFixture.normalization)
        #expect(store.check(absent).missingPaths == ["character"])
    }

    @Test func aLookupWithoutATypeFindsTheRecordWhoseIdMatches() {
        let plan = SpecFixture.plan("TestNodeFields", variables: ["id": "1"])
        let store = Store(
            normalization: SpecFixture.normalization, lookups: [LookupRule(field: "node", argument: "id")])
        store.commit(
            ChangeSet(snapshots: [
                RecordSnapshot(
                    key: "Character:1",
                    values: [
                        "__typename": .string("Character"), "id": .string("1"), "name": .string("Rick"),
                    ])
            ]))
        #expect(store.check(plan).availability == .available)
        #expect(store.resolveLink(store.root, field: plan.root.resolved(for: "Query").fields[0])?.key == "Character:1")
    }

    @Test func aLookupWithoutATypeResolvesNothingWhenSeveralRecordsHaveTheId() {
        let plan = SpecFixture.plan("TestNodeFields", variables: ["id": "1"])
        let store = Store(
            normalization: SpecFixture.normalization, lookups: [LookupRule(field: "node", argument: "id")])
        store.commit(
            ChangeSet(snapshots: [
                RecordSnapshot(
                    key: "Character:1",
                    values: ["__typename": .string("Character"), "id": .string("1"), "name": .string("Rick")]),
                RecordSnapshot(key: "Episode:1", values: ["__typename": .string("Episode"), "id": .string("1")]),
            ]))
        #expect(store.check(plan).missingPaths == ["node"])
    }

    @Test func aLookupByKeyClosureResolvesTheKeyItMakes() {
        let plan = SpecFixture.plan("TestNodeFields", variables: ["id": "1"])
        let rule = LookupRule(field: "node", argument: "id") { arguments in
            guard case .string(let id)? = arguments["id"] else { return nil }
            return RecordKey(type: "Character", id: id)
        }
        let store = Store(normalization: SpecFixture.normalization, lookups: [rule])
        #expect(store.check(plan).missingPaths == ["node"])
        store.commit(
            ChangeSet(snapshots: [
                RecordSnapshot(
                    key: "Character:1",
                    values: [
                        "__typename": .string("Character"), "id": .string("1"), "name": .string("Rick"),
                    ])
            ]))
        #expect(store.check(plan).availability == .available)
    }
}

extension Value {
    /// A list's elements; nil for any other value.
    fileprivate var elements: [Value]? {
        if case .list(let elements) = self { return elements }
        return nil
    }
}
