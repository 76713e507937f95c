import Foundation
import Testing
import BatonLens

/// `character(id: $id) { id name }`.
enum NameQuery: GraphQLOperation {
    static let document = "query NameQuery($id: ID!) { character(id: $id) { id name } }"
    struct Data: Fragment {
        static let typeCondition = "Query"
        struct Fields: FieldSet { let character = Linked<Named?>("character", arguments: true) }
        static let fields = Fields()
        let ref: RecordRef
    }
    struct Named: Fragment {
        static let typeCondition = "Character"
        struct Fields: FieldSet { let name = Scalar<String>("name") }
        static let fields = Fields()
        let ref: RecordRef
    }

    static func response(_ name: String) -> String {
        #"{"data":{"character":{"id":"1","name":"\#(name)"}}}"#
    }
}

@MainActor
struct QueryHandleTests {
    @Test func cachedDataIsPresentRightAfterTheInitializer() throws {
        let transport = ScriptedTransport.silent()
        let environment = FixtureQuery.environment(transport)
        let handle = QueryHandle(
            FixtureQuery.self, variables: FixtureQuery.variables, policy: .cacheAndNetwork, in: environment)
        let data = try #require(handle.data)
        #expect(handle.phase == .ready)
        #expect(handle.isRefreshing)
        #expect(try data.characters?.results.first?.name == "Rick Sanchez")
    }

    @Test func cacheFirstDoesNotFetchWhatTheStoreHolds() async {
        let transport = ScriptedTransport.silent()
        let environment = FixtureQuery.environment(transport)
        let handle = QueryHandle(
            FixtureQuery.self, variables: FixtureQuery.variables, policy: .cacheFirst, in: environment)
        #expect(handle.data != nil)
        for _ in 0..<20 { await Task.yield() }
        #expect(transport.count == 0)
        #expect(handle.isRefreshing == false)
    }

    @Test func cacheAndNetworkShowsTheCacheThenFetches() async throws {
        let transport = ScriptedTransport(answering: NameQuery.response("Rick Prime"))
        let environment = Spec.environment(transport)
        _ = try load(NameQuery.self, variables: ["id": "1"], response: NameQuery.response("Rick"), into: environment)
        let handle = QueryHandle(NameQuery.self, variables: ["id": "1"], policy: .cacheAndNetwork, in: environment)
        #expect(try handle.data?.character?.name == "Rick")
        #expect(await eventually { !handle.isRefreshing })
        #expect(transport.count == 1)
        #expect(handle.phase == .ready)
        #expect(try handle.data?.character?.name == "Rick Prime")
    }

    @Test func aMissingOperationLoadsThenReads() async throws {
        let transport = ScriptedTransport(answering: NameQuery.response("Rick"))
        let environment = Spec.environment(transport)
        let handle = QueryHandle(NameQuery.self, variables: ["id": "1"], in: environment)
        #expect(handle.data == nil)
        #expect(handle.phase == .loading)
        #expect(await eventually { handle.phase == .ready })
        #expect(try handle.data?.character?.name == "Rick")
    }

    @Test func networkOnlyShowsNothingUntilItsFetchLands() async throws {
        let transport = GatedTransport()
        let environment = Spec.environment(transport)
        _ = try load(NameQuery.self, variables: ["id": "1"], response: NameQuery.response("Rick"), into: environment)
        let handle = QueryHandle(NameQuery.self, variables: ["id": "1"], policy: .networkOnly, in: environment)
        #expect(handle.data == nil)
        #expect(await eventually { transport.waiting == 1 })
        transport.answer(.success(Data(NameQuery.response("Rick").utf8)))
        #expect(await eventually { handle.phase == .ready })
        #expect(try handle.data?.character?.name == "Rick")
    }

    @Test func cacheOnlyFailsWhenTheStoreCannotAnswer() {
        let transport = ScriptedTransport.silent()
        let environment = Spec.environment(transport)
        let handle = QueryHandle(NameQuery.self, variables: ["id": "1"], policy: .cacheOnly, in: environment)
        #expect(handle.phase == .failed(.notCached))
        #expect(transport.count == 0)
    }

    @Test func staleWhileRevalidateFetchesOnlyWhenOlderThanMaxAge() async throws {
        let transport = ScriptedTransport(answering: NameQuery.response("Rick"))
        let clock = TestClock()
        let store = Store(normalization: Spec.normalization, now: { clock.now })
        let environment = GraphQLEnvironment(store: store, transport: transport)
        _ = try load(NameQuery.self, variables: ["id": "1"], response: NameQuery.response("Rick"), into: environment)
        clock.now = Date(timeIntervalSince1970: 1_030)
        let fresh = QueryHandle(
            NameQuery.self, variables: ["id": "1"], policy: .staleWhileRevalidate(maxAge: 60), in: environment)
        #expect(fresh.isRefreshing == false)
        clock.now = Date(timeIntervalSince1970: 1_100)
        let stale = QueryHandle(
            NameQuery.self, variables: ["id": "1"], policy: .staleWhileRevalidate(maxAge: 60), in: environment)
        #expect(stale.data != nil)
        #expect(stale.isRefreshing)
        #expect(await eventually { transport.count == 1 && !stale.isRefreshing })
    }

    @Test func identicalRequestsInFlightAreSentOnce() async {
        let transport = ScriptedTransport(answering: NameQuery.response("Rick"))
        let environment = Spec.environment(transport)
        let first = QueryHandle(NameQuery.self, variables: ["id": "1"], in: environment)
        let second = QueryHandle(NameQuery.self, variables: ["id": "1"], policy: .networkOnly, in: environment)
        let other = QueryHandle(NameQuery.self, variables: ["id": "2"], in: environment)
        #expect(await eventually { first.phase == .ready && second.phase == .ready && other.phase != .loading })
        #expect(transport.requests.filter { $0.variables["id"] == "1" }.count == 1)
        #expect(transport.count == 2)
    }

    @Test func aHandleMadeAfterAPreloadJoinsItsFetch() async throws {
        let transport = GatedTransport()
        let environment = Spec.environment(transport)
        environment.preload(NameQuery.self, variables: ["id": "1"])
        #expect(await eventually { transport.waiting == 1 })
        let handle = QueryHandle(NameQuery.self, variables: ["id": "1"], policy: .cacheAndNetwork, in: environment)
        #expect(handle.phase == .loading)
        transport.answer(.success(Data(NameQuery.response("Rick").utf8)))
        #expect(await eventually { handle.phase == .ready })
        #expect(transport.count == 1)
        #expect(try handle.data?.character?.name == "Rick")
    }

    @Test func aFailedFetchIsAFailedPhase() async {
        let events = EventLog()
        let environment = Spec.environment(ScriptedTransport.failing(), log: events.sink)
        let handle = QueryHandle(NameQuery.self, variables: ["id": "1"], in: environment)
        #expect(await eventually { handle.phase == .failed(.transport) })
        #expect(handle.data == nil)
        #expect(handle.error?.kind == .transport)
        #expect(events.events.contains(.failed(operation: "NameQuery", kind: .transport)))
    }

    @Test func aMalformedResponseFailsAndLeavesTheStoreAsItWas() async {
        let environment = Spec.environment(ScriptedTransport(answering: #"{"data":{"character":{"id":"1""#))
        let before = environment.store.snapshot()
        let handle = QueryHandle(NameQuery.self, variables: ["id": "1"], in: environment)
        #expect(await eventually { handle.phase == .failed(.malformedResponse) })
        #expect(environment.store.snapshot() == before)
    }

    @Test func theLogCarriesNoFieldValues() async {
        let events = EventLog()
        let environment = Spec.environment(
            ScriptedTransport(answering: NameQuery.response("Secret Name")), log: events.sink)
        let handle = QueryHandle(NameQuery.self, variables: ["id": "1"], in: environment)
        #expect(await eventually { handle.phase == .ready })
        #expect(events.events.contains(.fetchStarted(operation: "NameQuery")))
        #expect(events.events.contains { if case .committed = $0 { true } else { false } })
        #expect(!events.events.map { "\($0)" }.joined().contains("Secret"))
    }

    @Test func aHandleRetainsItsOperationUntilItIsGone() async throws {
        let environment = Spec.environment()
        _ = try load(NameQuery.self, variables: ["id": "1"], response: NameQuery.response("Rick"), into: environment)
        var handle: QueryHandle<NameQuery>? = QueryHandle(NameQuery.self, variables: ["id": "1"], in: environment)
        #expect(environment.store.retainedOperations.count == 1)
        #expect(handle?.data != nil)
        handle = nil
        #expect(await eventually { environment.store.retainedOperations.isEmpty })
        #expect(environment.store.bufferedOperations.count == 1)
    }

    @Test func refetchFetchesAgainAndReadsTheAnswer() async throws {
        let transport = ScriptedTransport { _, number in Data(NameQuery.response("Rick \(number)").utf8) }
        let environment = Spec.environment(transport)
        let handle = QueryHandle(NameQuery.self, variables: ["id": "1"], in: environment)
        #expect(await eventually { handle.phase == .ready })
        await handle.refetch()
        #expect(transport.count == 2)
        #expect(try handle.data?.character?.name == "Rick 2")
    }
}

/// A clock the test advances. Main actor.
@MainActor
final class TestClock {
    var now = Date(timeIntervalSince1970: 1_000)
}
