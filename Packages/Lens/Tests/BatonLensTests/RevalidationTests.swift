import Foundation
import Testing
import BatonLens

/// `NameQuery` whose data stays fresh 60 seconds, as `@cacheExpiration(seconds: 60)` writes it.
enum ExpiringNameQuery: GraphQLOperation {
    static let document = NameQuery.document
    static let cacheExpiration: Duration? = .seconds(60)
    typealias Data = NameQuery.Data
}

/// `.networkFirst` and an operation's `cacheExpiration`: when a handle fetches, and what it
/// shows while it does and after.
@MainActor
struct RevalidationTests {
    @Test func networkFirstShowsNothingFromTheStoreWhileItsFetchIsOnItsWay() async throws {
        let transport = GatedTransport()
        let environment = Spec.environment(transport)
        _ = try load(NameQuery.self, variables: ["id": "1"], response: NameQuery.response("Rick"), into: environment)
        let handle = QueryHandle(NameQuery.self, variables: ["id": "1"], policy: .networkFirst, in: environment)
        #expect(handle.data == nil)
        #expect(handle.phase == .loading)
        #expect(handle.isRefreshing == false)
        #expect(handle.initialCheck?.isAvailable == true)
        #expect(await eventually { transport.waiting == 1 })
        transport.answer(.success(Data(NameQuery.response("Rick Prime").utf8)))
        #expect(await eventually { handle.phase == .ready })
        #expect(try handle.data?.character?.name == "Rick Prime")
        #expect(handle.error == nil)
    }

    @Test func networkFirstFallsBackToTheStoreWhenTheNetworkFails() async throws {
        let transport = ScriptedTransport.failing()
        let environment = Spec.environment(transport)
        _ = try load(NameQuery.self, variables: ["id": "1"], response: NameQuery.response("Rick"), into: environment)
        let handle = QueryHandle(NameQuery.self, variables: ["id": "1"], policy: .networkFirst, in: environment)
        #expect(handle.data == nil)
        #expect(await eventually { handle.phase != .loading })
        #expect(transport.count == 1)
        #expect(handle.phase == .failed(.transport))
        #expect(handle.error?.kind == .transport)
        #expect(try handle.data?.character?.name == "Rick")
        #expect(handle.isRefreshing == false)
    }

    @Test func networkFirstFailsWithNoDataWhenTheStoreHasNothingEither() async {
        let transport = ScriptedTransport.failing()
        let environment = Spec.environment(transport)
        let handle = QueryHandle(NameQuery.self, variables: ["id": "1"], policy: .networkFirst, in: environment)
        #expect(await eventually { handle.phase != .loading })
        #expect(handle.phase == .failed(.transport))
        #expect(handle.error?.kind == .transport)
        #expect(handle.data == nil)
    }

    @Test func networkFirstFallsBackToStaleDataToo() async throws {
        let clock = TestClock()
        let store = Store(normalization: Spec.normalization, now: { clock.now })
        let environment = GraphQLEnvironment(store: store, transport: ScriptedTransport.failing())
        _ = try load(
            ExpiringNameQuery.self, variables: ["id": "1"], response: NameQuery.response("Rick"), into: environment)
        clock.now = Date(timeIntervalSince1970: 1_100)
        let handle = QueryHandle(
            ExpiringNameQuery.self, variables: ["id": "1"], policy: .networkFirst, in: environment)
        #expect(await eventually { handle.phase == .failed(.transport) })
        #expect(try handle.data?.character?.name == "Rick")
    }

    @Test func cacheFirstDoesNotFetchDataYoungerThanItsCacheExpiration() async throws {
        let transport = ScriptedTransport(answering: NameQuery.response("Rick Prime"))
        let clock = TestClock()
        let store = Store(normalization: Spec.normalization, now: { clock.now })
        let environment = GraphQLEnvironment(store: store, transport: transport)
        _ = try load(
            ExpiringNameQuery.self, variables: ["id": "1"], response: NameQuery.response("Rick"), into: environment)
        clock.now = Date(timeIntervalSince1970: 1_059)
        let handle = QueryHandle(ExpiringNameQuery.self, variables: ["id": "1"], in: environment)
        #expect(handle.initialCheck?.availability == .available)
        #expect(handle.phase == .ready)
        #expect(handle.isRefreshing == false)
        for _ in 0..<20 { await Task.yield() }
        #expect(transport.count == 0)
    }

    @Test func cacheFirstRefetchesDataPastItsCacheExpirationShowingItMeanwhile() async throws {
        let transport = GatedTransport()
        let clock = TestClock()
        let store = Store(normalization: Spec.normalization, now: { clock.now })
        let environment = GraphQLEnvironment(store: store, transport: transport)
        _ = try load(
            ExpiringNameQuery.self, variables: ["id": "1"], response: NameQuery.response("Rick"), into: environment)
        clock.now = Date(timeIntervalSince1970: 1_061)
        let handle = QueryHandle(ExpiringNameQuery.self, variables: ["id": "1"], in: environment)
        #expect(handle.initialCheck?.availability == .stale)
        #expect(handle.phase == .ready)
        #expect(handle.isRefreshing)
        #expect(try handle.data?.character?.name == "Rick")
        #expect(await eventually { transport.waiting == 1 })
        transport.answer(.success(Data(NameQuery.response("Rick Prime").utf8)))
        #expect(await eventually { !handle.isRefreshing })
        #expect(transport.count == 1)
        #expect(try handle.data?.character?.name == "Rick Prime")
        let again = QueryHandle(ExpiringNameQuery.self, variables: ["id": "1"], in: environment)
        #expect(again.isRefreshing == false, "the fetch that landed restarted the expiration")
    }

    @Test func theShorterOfMaxAgeAndCacheExpirationDecidesStaleness() throws {
        let clock = TestClock()
        let store = Store(normalization: Spec.normalization, now: { clock.now })
        let environment = GraphQLEnvironment(store: store, transport: ScriptedTransport.silent())
        _ = try load(
            ExpiringNameQuery.self, variables: ["id": "1"], response: NameQuery.response("Rick"), into: environment)
        clock.now = Date(timeIntervalSince1970: 1_030)
        let shorterMaxAge = QueryHandle(
            ExpiringNameQuery.self, variables: ["id": "1"], policy: .staleWhileRevalidate(maxAge: 10), in: environment)
        #expect(shorterMaxAge.initialCheck?.availability == .stale)
        clock.now = Date(timeIntervalSince1970: 1_061)
        let longerMaxAge = QueryHandle(
            ExpiringNameQuery.self, variables: ["id": "1"], policy: .staleWhileRevalidate(maxAge: 600), in: environment)
        #expect(longerMaxAge.initialCheck?.availability == .stale)
        let noExpiration = QueryHandle(
            NameQuery.self, variables: ["id": "1"], policy: .staleWhileRevalidate(maxAge: 600), in: environment)
        #expect(noExpiration.initialCheck?.availability == .available)
    }
}
