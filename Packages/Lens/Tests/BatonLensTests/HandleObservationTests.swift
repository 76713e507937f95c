import Foundation
import Testing
import BatonLens

/// The handles' properties are observed one by one, through the state each handle keeps apart
/// from its generic self: a body reading one property re-runs when that property changes, and
/// not when another does.
@MainActor
struct HandleObservationTests {
    @Test func aQueryHandlesBodiesRerunOnlyForThePropertyTheyRead() async throws {
        let transport = GatedTransport()
        let environment = Spec.environment(transport)
        _ = try load(NameQuery.self, variables: ["id": "1"], response: NameQuery.response("Rick"), into: environment)
        let handle = QueryHandle(NameQuery.self, variables: ["id": "1"], policy: .cacheFirst, in: environment)
        #expect(handle.phase == .ready)
        let log = RenderLog()
        render("data", in: log) { _ = handle.data }
        render("phase", in: log) { _ = handle.phase }
        render("refreshing", in: log) { _ = handle.isRefreshing }
        render("page", in: log) { _ = handle.isLoadingPage }
        render("error", in: log) { _ = handle.error }

        let refetch = Task { await handle.refetch() }
        #expect(await eventually { transport.waiting == 1 })
        #expect(log.fired == ["refreshing": 1], "only isRefreshing changed when the refetch began")

        transport.answer(.failure(TestTransportError.unreachable))
        await refetch.value
        #expect(handle.error?.kind == .transport)
        #expect(handle.phase == .failed(.transport))
        #expect(log.fired["error"] == 1)
        #expect(log.fired["phase"] == 1)
        #expect(log.fired["data"] == nil, "the lens was never set again")
        #expect(log.fired["page"] == nil, "no page was loaded")
    }

    @Test func aQueryHandlesDataReadsTheSameRecordEachTime() throws {
        let environment = Spec.environment()
        _ = try load(NameQuery.self, variables: ["id": "1"], response: NameQuery.response("Rick"), into: environment)
        let handle = QueryHandle(NameQuery.self, variables: ["id": "1"], policy: .cacheOnly, in: environment)
        let first = try #require(handle.data)
        let second = try #require(handle.data)
        #expect(first.ref.record === second.ref.record)
        #expect(try second.character?.name == "Rick")
    }

    @Test func aSubscriptionHandlesStateAndCountNotifyApart() async {
        let transport = StreamingTransport([.init(events: [NoteAddedSubscription.event("n6", "one")], drops: false)])
        let environment = Spec.environment(transport)
        let handle = SubscriptionHandle(NoteAddedSubscription.self, variables: ["characterId": "1"], in: environment)
        let log = RenderLog()
        render("count", in: log) { _ = handle.eventCount }
        render("resumptions", in: log) { _ = handle.resumptions }
        handle.start()
        #expect(await eventually { handle.state == .ended })
        #expect(handle.eventCount == 1)
        #expect(handle.data != nil)
        #expect(log.fired == ["count": 1], "only the event count changed among what was read")
    }

    @Test func aRefetchHandlesBusyFlagNotifiesWithoutTheLens() async throws {
        let transport = GatedTransport()
        let environment = Spec.environment(transport)
        let handle = RefetchHandle(try RefetchHandleTests.screen(environment), variables: ["id": "1"], in: environment)
        let log = RenderLog()
        render("busy", in: log) { _ = handle.isRefetching }
        render("lens", in: log) { _ = handle.lens }
        render("variables", in: log) { _ = handle.variables }

        let refetch = Task { try await handle.refetch() }
        #expect(await eventually { transport.waiting == 1 })
        #expect(log.fired == ["busy": 1], "only isRefetching changed when the refetch began")

        transport.answer(.failure(TestTransportError.unreachable))
        await #expect(throws: OperationError.self) { try await refetch.value }
        #expect(log.fired["lens"] == nil, "a failed refetch leaves the lens where it was")
        #expect(log.fired["variables"] == nil)
        #expect(try handle.lens.name == "Rick Sanchez")
    }
}
