import Foundation
import Synchronization
import Testing
import BatonLens

/// The spec's note-added subscription.
enum NoteAddedSubscription: GraphQLOperation {
    static let document =
        "subscription TestNoteAdded($characterId: ID!) { noteAdded(characterId: $characterId) { noteEdge { cursor node { id text } } } }"
    struct Data: Fragment {
        static let typeCondition = "Subscription"
        struct Fields: FieldSet { let noteAdded = Linked<Payload?>("noteAdded", arguments: true) }
        static let fields = Fields()
        let ref: RecordRef
    }
    struct Payload: Fragment {
        static let typeCondition = "NoteAddedPayload"
        struct Fields: FieldSet { let noteEdge = Linked<NotesQuery.Edge?>("noteEdge") }
        static let fields = Fields()
        let ref: RecordRef
    }

    static func event(_ id: String, _ text: String) -> String {
        #"{"data":{"noteAdded":{"noteEdge":{"cursor":"c-\#(id)","node":{"__typename":"Note","id":"\#(id)","text":"\#(text)"}}}}}"#
    }
}

/// A backoff that records the delays it is asked to wait and waits none of them.
final class FastClock: Sendable {
    private let waited = Mutex<[Duration]>([])

    var delays: [Duration] { waited.withLock { $0 } }

    var backoff: Backoff {
        Backoff(jitter: { $0 }, sleep: { [self] delay in waited.withLock { $0.append(delay) } })
    }
}

@MainActor
struct SubscriptionTests {
    @Test func eventsAreCommittedAsTheyArrive() async throws {
        let transport = StreamingTransport([
            .init(
                events: [
                    NoteAddedSubscription.event("n6", "First live note"),
                    NoteAddedSubscription.event("n7", "Second live note"),
                ], drops: false)
        ])
        let environment = Spec.environment(transport)
        let subscription = SubscriptionHandle(
            NoteAddedSubscription.self, variables: ["characterId": "1"], in: environment)
        #expect(subscription.state == .idle)
        subscription.start()
        #expect(await eventually { subscription.state == .ended })
        #expect(subscription.eventCount == 2)
        #expect(try subscription.data?.noteAdded?.noteEdge?.node?.text == "Second live note")
        #expect(environment.store.record("Note:n6") != nil)
    }

    @Test func aDroppedStreamReconnectsWithExponentialBackoff() async throws {
        let clock = FastClock()
        let transport = StreamingTransport([
            .init(events: [NoteAddedSubscription.event("n6", "one")], drops: true),
            .init(events: [], drops: true),
            .init(events: [], drops: true),
            .init(events: [NoteAddedSubscription.event("n7", "two")], drops: false),
        ])
        let environment = Spec.environment(transport)
        let subscription = SubscriptionHandle(
            NoteAddedSubscription.self, variables: ["characterId": "1"], backoff: clock.backoff, in: environment)
        subscription.start()
        #expect(await eventually { subscription.state == .ended })
        #expect(transport.connectionCount == 4)
        #expect(subscription.resumptions == 3)
        #expect(subscription.eventCount == 2)
        #expect(clock.delays == [.seconds(1), .seconds(2), .seconds(4)])
    }

    @Test func backoffDoublesFromOneSecondToThirty() {
        let backoff = Backoff.standard
        #expect(
            (1...7).map { backoff.baseDelay(attempt: $0) }
                == [.seconds(1), .seconds(2), .seconds(4), .seconds(8), .seconds(16), .seconds(30), .seconds(30)])
    }

    @Test func jitterKeepsADelayBetweenHalfAndAll() {
        for _ in 0..<100 {
            let delay = Backoff.halfJitter(.seconds(8))
            #expect(delay >= .seconds(4) && delay <= .seconds(8))
        }
    }

    @Test func stopEndsTheSubscription() async {
        let transport = StreamingTransport([])
        let environment = Spec.environment(transport)
        let subscription = SubscriptionHandle(
            NoteAddedSubscription.self, variables: ["characterId": "1"],
            backoff: Backoff(sleep: { try await Task.sleep(for: $0) }), in: environment)
        subscription.start()
        #expect(await eventually { subscription.state == .waiting(attempt: 1) })
        subscription.stop()
        #expect(subscription.state == .ended)
        for _ in 0..<20 { await Task.yield() }
        #expect(subscription.resumptions == 0)
    }
}
