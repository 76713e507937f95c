import Foundation
import Testing
import BatonLens

/// How a subscription handle's stream lives and ends: with the handle, across reconnections,
/// and on an error that retrying cannot cure.
@MainActor
struct SubscriptionLifetimeTests {
    @Test func lettingGoOfAStartedHandleEndsItsTransportStream() async {
        let transport = StreamScriptTransport([[.connected]])
        let environment = Spec.environment(transport)
        weak var released: SubscriptionHandle<NoteAddedSubscription>?
        do {
            let handle = SubscriptionHandle(
                NoteAddedSubscription.self, variables: ["characterId": "1"], in: environment)
            handle.start()
            #expect(await eventually { handle.state == .open })
            released = handle
        }
        #expect(await eventually { released == nil }, "the running stream kept the handle alive")
        #expect(await eventually { transport.terminated == 1 }, "the transport's stream never saw its consumer go")
        #expect(transport.opened == 1)
    }

    @Test func aReconnectedStreamReadsAsOpenWithTheDropsErrorClearedBeforeAnyPayload() async {
        let clock = FastClock()
        let transport = StreamScriptTransport([[.connected, .fail(TestTransportError.dropped)], [.connected]])
        let environment = Spec.environment(transport)
        let handle = SubscriptionHandle(
            NoteAddedSubscription.self, variables: ["characterId": "1"], backoff: clock.backoff, in: environment)
        handle.start()
        #expect(await eventually { transport.opened == 2 && handle.state == .open })
        #expect(handle.resumptions == 1)
        #expect(handle.error == nil, "the error of the drop outlived the new connection")
        #expect(handle.eventCount == 0)
        handle.stop()
    }

    @Test func aStreamWithoutAConnectSignalOpensAndClearsTheErrorWithItsFirstPayload() async {
        let clock = FastClock()
        let transport = StreamingTransport([
            .init(events: [], drops: true),
            .init(events: [NoteAddedSubscription.event("n6", "one")], drops: false),
        ])
        let environment = Spec.environment(transport)
        let handle = SubscriptionHandle(
            NoteAddedSubscription.self, variables: ["characterId": "1"], backoff: clock.backoff, in: environment)
        handle.start()
        #expect(await eventually { handle.state == .ended })
        #expect(handle.eventCount == 1)
        #expect(handle.error == nil)
    }

    @Test func aPermanentTransportErrorFailsTheSubscriptionWithoutRetrying() async {
        let clock = FastClock()
        let log = EventLog()
        let transport = StreamScriptTransport([], then: RefusedError())
        let environment = Spec.environment(transport, log: log.sink)
        let handle = SubscriptionHandle(
            NoteAddedSubscription.self, variables: ["characterId": "1"], backoff: clock.backoff, in: environment)
        handle.start()
        #expect(await eventually { handle.state == .failed(.transport) })
        for _ in 0..<50 { await Task.yield() }
        #expect(transport.opened == 1, "a permanent error was retried")
        #expect(clock.delays.isEmpty)
        #expect(handle.resumptions == 0)
        guard case .fetch(.transport(let error, let operation))? = handle.error else {
            Issue.record("expected the transport's error, got \(String(describing: handle.error))")
            return
        }
        #expect(error is RefusedError)
        #expect(operation == "TestNoteAdded")
        #expect(log.events.contains(.failed(operation: "TestNoteAdded", kind: .transport)))
        #expect(!log.events.contains { if case .subscriptionDropped = $0 { true } else { false } })
    }

    @Test func startAfterAPermanentFailureTriesAgain() async {
        let transport = StreamScriptTransport([], then: RefusedError())
        let environment = Spec.environment(transport)
        let handle = SubscriptionHandle(NoteAddedSubscription.self, variables: ["characterId": "1"], in: environment)
        handle.start()
        #expect(await eventually { handle.state == .failed(.transport) })
        handle.start()
        #expect(await eventually { transport.opened == 2 })
    }
}
