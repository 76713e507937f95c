import BatonLens
import BatonTesting
import Foundation
import Testing

/// Held streams: dropped by the test, or left by their consumer.
@MainActor
struct ScriptedStreamTests {
    let transport = ScriptedTransport()
    let environment: GraphQLEnvironment

    init() {
        environment = Cast.environment(transport)
    }

    @Test func aStreamTheTestDropsIsReconnectedOnANewHeldStream() async throws {
        let noWait = Backoff(jitter: { $0 }, sleep: { _ in })
        let subscription = SubscriptionHandle(
            NameChangedSubscription.self, variables: ["id": "1"], backoff: noWait, in: environment)
        subscription.start()
        let first = try await transport.nextStream(named: "NameChanged")
        try first.send(data: NameChangedSubscription.event("Rick One"))
        try await subscription.waitUntil(eventCount: 1)
        try first.fail(Unreachable())

        let second = try await transport.nextStream(named: "NameChanged")
        #expect(subscription.resumptions == 1)
        try second.send(data: NameChangedSubscription.event("Rick Two"))
        try await subscription.waitUntil(eventCount: 2)
        #expect(try subscription.data?.nameChanged?.name == "Rick Two")
        subscription.stop()
        try await transport.expectNothingHeld()
    }

    @Test func aStreamWhoseConsumerStopsIsNoLongerHeld() async throws {
        let subscription = SubscriptionHandle(NameChangedSubscription.self, variables: ["id": "1"], in: environment)
        subscription.start()
        let stream = try await transport.nextStream(named: "NameChanged")
        #expect(transport.held.count == 1)
        subscription.stop()
        try await until("the stopped subscription's stream is let go") { transport.held.isEmpty }
        #expect(throws: ScriptedTransportError.self) { try stream.send(data: NameChangedSubscription.event("late")) }
        try await transport.expectNothingHeld()
    }
}
