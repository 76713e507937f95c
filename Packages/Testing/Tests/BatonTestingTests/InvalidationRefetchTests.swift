import BatonLens
import BatonTesting
import Foundation
import Testing

/// A store invalidation refetches the live query handles that reach an invalidated record,
/// each under its own policy, once per batch.
@MainActor
struct InvalidationRefetchTests {
    let transport = ScriptedTransport()
    let clock = CrewClock()
    let environment: GraphQLEnvironment

    init() {
        environment = Crew.environment(transport, clock: clock)
    }

    private func character(_ id: String, policy: FetchPolicy = .cacheFirst) async throws -> QueryHandle<CharacterQuery>
    {
        let handle = QueryHandle(CharacterQuery.self, variables: ["id": .string(id)], policy: policy, in: environment)
        try await handle.answer(Crew.character("Rick \(id)", id: id), from: transport)
        return handle
    }

    private func characters() async throws -> QueryHandle<CrewCharactersQuery> {
        let handle = QueryHandle(CrewCharactersQuery.self, in: environment)
        try await handle.answer(Crew.characters(["Rick 1", "Rick 2"]), from: transport)
        return handle
    }

    @Test func invalidatingARecordRefetchesExactlyTheHandlesThatReachIt() async throws {
        let first = try await character("1")
        let second = try await character("2")
        let list = try await characters()
        let episode = QueryHandle(CrewEpisodeQuery.self, variables: ["id": "1"], in: environment)
        try await episode.answer(Crew.episode("Pilot", id: "1"), from: transport)

        environment.store.invalidate(record: "Character:1")

        #expect(first.isFetching(in: environment))
        #expect(list.isFetching(in: environment))
        #expect(!second.isFetching(in: environment))
        #expect(!episode.isFetching(in: environment))
        #expect(first.isRefreshing && list.isRefreshing && !second.isRefreshing && !episode.isRefreshing)
        try await first.answer(Crew.character("Rick Prime", id: "1"), from: transport)
        try await list.answer(Crew.characters(["Rick Prime", "Rick 2"]), from: transport)
        try await transport.expectNothingHeld()
        #expect(try first.data?.character?.name == "Rick Prime")
        #expect(transport.count("Character", variables: ["id": "1"]) == 2)
        #expect(transport.count("Characters") == 2)
        #expect(transport.count("Character", variables: ["id": "2"]) == 1)
        #expect(transport.count("Episode") == 1)
        #expect(clock.revalidated(.invalidated).sorted() == ["Character", "Characters"])
    }

    @Test func aCacheOnlyHandleShowingAnInvalidatedRecordFetchesNothing() async throws {
        var seeding: QueryHandle<CrewCharactersQuery>? = try await characters()
        seeding = nil
        let cached = QueryHandle(CrewCharactersQuery.self, policy: .cacheOnly, in: environment)
        #expect(cached.phase == .ready && seeding == nil)

        environment.store.invalidate(record: "Character:2")

        #expect(!cached.isFetching(in: environment))
        #expect(!cached.isRefreshing)
        try await transport.expectNothingHeld()
        #expect(transport.count("Characters") == 1)
        #expect(cached.phase == .ready)
        #expect(try cached.data?.characters.map { try $0.name } == ["Rick 1", "Rick 2"])
        #expect(clock.revalidated(.invalidated).isEmpty)
    }

    @Test(arguments: [FetchPolicy.cacheFirst, .cacheAndNetwork, .networkFirst, .staleWhileRevalidate(maxAge: 3600)])
    func aHandleThatFetchesRefetchesAnInvalidatedRecordUnderItsPolicy(_ policy: FetchPolicy) async throws {
        let handle = try await character("1", policy: policy)
        #expect(transport.count("Character") == 1)

        environment.store.invalidate(record: "Character:1")

        #expect(handle.isFetching(in: environment))
        #expect(try handle.data?.character?.name == "Rick 1")
        try await handle.answer(Crew.character("Rick Prime", id: "1"), from: transport)
        #expect(try handle.data?.character?.name == "Rick Prime")
        #expect(transport.count("Character") == 2)
        #expect(environment.store.check(handle.plan!).isAvailable)
        try await transport.expectNothingHeld()
    }

    @Test func aCacheOnlyHandleShowsWhatAnotherHandlesRefetchBrings() async throws {
        let seeding = try await character("1")
        let cached = QueryHandle(CharacterQuery.self, variables: ["id": "1"], policy: .cacheOnly, in: environment)

        environment.store.invalidate(record: "Character:1")
        #expect(!cached.isRefreshing)
        #expect(clock.revalidated(.invalidated) == ["Character"])
        try await transport.next(named: "Character").answer(data: Crew.character("Rick Prime", id: "1"))
        try await seeding.waitUntil(.ready)
        #expect(try cached.data?.character?.name == "Rick Prime")
        try await transport.expectNothingHeld()
        #expect(transport.count("Character") == 2)
    }

    @Test func aBatchOfRecordsAHandleReachesTwiceRefetchesItOnce() async throws {
        let list = try await characters()

        environment.store.invalidate(records: ["Character:1", "Character:2"])

        #expect(list.isFetching(in: environment))
        try await list.answer(Crew.characters(["Rick Prime", "Morty"]), from: transport)
        try await transport.expectNothingHeld()
        #expect(transport.count("Characters") == 2)
        #expect(clock.revalidated(.invalidated) == ["Characters"])
    }

    @Test func invalidationsInOneTurnJoinTheRefetchTheFirstStarted() async throws {
        let list = try await characters()
        let other = QueryHandle(CrewCharactersQuery.self, in: environment)
        #expect(other.phase == .ready)

        environment.store.invalidate(record: "Character:1")
        environment.store.invalidate(record: "Character:2")

        try await list.answer(Crew.characters(["Rick Prime", "Morty"]), from: transport)
        try await other.waitUntil(.ready)
        try await transport.expectNothingHeld()
        #expect(transport.count("Characters") == 2)
        #expect(try other.data?.characters.map { try $0.name } == ["Rick Prime", "Morty"])
    }

    @Test func invalidatingEverythingRefetchesEveryHandleThatFetches() async throws {
        let first = try await character("1")
        let episode = QueryHandle(CrewEpisodeQuery.self, variables: ["id": "1"], in: environment)
        try await episode.answer(Crew.episode("Pilot", id: "1"), from: transport)
        let cached = QueryHandle(CrewEpisodeQuery.self, variables: ["id": "1"], policy: .cacheOnly, in: environment)

        environment.store.invalidateAll()

        #expect(first.isFetching(in: environment) && episode.isFetching(in: environment))
        #expect(!cached.isRefreshing)
        try await first.answer(Crew.character("Rick Prime", id: "1"), from: transport)
        try await episode.answer(Crew.episode("Pilot, again", id: "1"), from: transport)
        try await transport.expectNothingHeld()
        #expect(transport.count("Character") == 2 && transport.count("Episode") == 2)
    }

    @Test func aRefetchThatFailsIsTheHandlesErrorAndPhase() async throws {
        let handle = try await character("1")

        environment.store.invalidate(record: "Character:1")

        try await transport.next(named: "Character").fail(Unreachable())
        try await handle.waitUntil(.failed(.transport))
        #expect(handle.error?.kind == .transport)
        #expect(try handle.data?.character?.name == "Rick 1")
        #expect(environment.store.check(handle.plan!).availability == .stale)
        try await transport.expectNothingHeld()
    }

    @Test func aHandleTheAppLetGoOfIsNotRefetched() async throws {
        var handle: QueryHandle<CharacterQuery>? = try await character("1")
        let plan = try #require(handle?.plan)
        handle = nil

        environment.store.invalidate(record: "Character:1")

        #expect(!environment.isFetching(plan.identity))
        try await transport.expectNothingHeld()
        #expect(transport.count("Character") == 1)
    }
}
