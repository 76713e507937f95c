import Foundation
import Testing
import BatonLens

@MainActor
struct EndTests {
    @Test func endCancelsFetchesAndClearsTheStore() async throws {
        let transport = ScriptedTransport.silent()
        let events = EventLog()
        let environment = FixtureQuery.environment(transport)
        environment.log = events.sink
        let handle = QueryHandle(NameQuery.self, variables: ["id": "1"], in: environment)
        #expect(await eventually { transport.count == 1 })
        #expect(environment.isFetching(handle.plan!.identity))

        environment.end()

        #expect(environment.isEnded)
        #expect(environment.store.recordCount == 3)
        #expect(handle.phase == .failed(.ended))
        #expect(handle.data == nil)
        #expect(!environment.isFetching(handle.plan!.identity))
        #expect(events.events.last == .ended)
    }

    @Test func anEndedEnvironmentFetchesNothing() async {
        let transport = ScriptedTransport(answering: NameQuery.response("Rick"))
        let environment = Spec.environment(transport)
        environment.end()
        await #expect(throws: OperationError.self) {
            try await environment.fetch(NameQuery.self, variables: ["id": "1"])
        }
        let handle = QueryHandle(NameQuery.self, variables: ["id": "1"], in: environment)
        #expect(handle.phase == .failed(.ended))
        #expect(transport.count == 0)
    }

    @Test func aResponseArrivingAfterTheEndIsNotCommitted() async throws {
        let transport = GatedTransport()
        let environment = Spec.environment(transport)
        let fetch = Task { try await environment.fetch(NameQuery.self, variables: ["id": "1"]) }
        #expect(await eventually { transport.waiting == 1 })
        environment.end()
        transport.answer(.success(Data(NameQuery.response("Rick").utf8)))
        await #expect(throws: OperationError.self) { try await fetch.value }
        #expect(environment.store.record("Character:1") == nil)
    }

    @Test func endStopsSubscriptions() async {
        let environment = Spec.environment(StreamingTransport([]))
        let subscription = SubscriptionHandle(
            NoteAddedSubscription.self, variables: ["characterId": "1"],
            backoff: Backoff(sleep: { try await Task.sleep(for: $0) }), in: environment)
        subscription.start()
        #expect(await eventually { subscription.state == .waiting(attempt: 1) })
        environment.end()
        #expect(subscription.state == .ended)
    }
}
