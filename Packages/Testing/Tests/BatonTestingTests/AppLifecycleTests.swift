import BatonLens
import BatonTesting
import Foundation
import Testing

/// The app's activity: subscriptions park while it is inactive and subscribe again on its
/// return; query handles whose data went stale meanwhile fetch again, fresh ones do not.
@MainActor
struct AppLifecycleTests {
    let transport = ScriptedTransport()
    let clock = CrewClock()
    let environment: GraphQLEnvironment

    init() {
        environment = Crew.environment(transport, clock: clock)
    }

    private func subscription() -> SubscriptionHandle<NameChangedSubscription> {
        SubscriptionHandle(
            NameChangedSubscription.self, variables: ["id": "1"], backoff: Backoff(jitter: { $0 }, sleep: { _ in }),
            in: environment)
    }

    private func character(_ id: String, policy: FetchPolicy = .cacheFirst) async throws -> QueryHandle<CharacterQuery>
    {
        let handle = QueryHandle(CharacterQuery.self, variables: ["id": .string(id)], policy: policy, in: environment)
        try await handle.answer(Crew.character("Rick \(id)", id: id), from: transport)
        return handle
    }

    @Test func goingInactiveParksASubscriptionAndReturningSubscribesAgain() async throws {
        let subscription = subscription()
        subscription.start()
        let first = try await transport.nextStream(named: "NameChanged")
        try first.send(data: NameChangedSubscription.event("Rick One"))
        try await subscription.waitUntil(eventCount: 1)

        environment.setActivity(.inactive)

        #expect(subscription.state == .parked)
        #expect(environment.activity == .inactive)
        try await until("the parked subscription's stream is let go") { transport.held.isEmpty }
        #expect(throws: ScriptedTransportError.self) { try first.send(data: NameChangedSubscription.event("late")) }

        environment.setActivity(.active)

        #expect(subscription.state == .connecting)
        let second = try await transport.nextStream(named: "NameChanged")
        try second.send(data: NameChangedSubscription.event("Rick Two"))
        try await subscription.waitUntil(eventCount: 2)
        #expect(try subscription.data?.nameChanged?.name == "Rick Two")
        #expect(transport.count("NameChanged") == 2)
        #expect(subscription.resumptions == 0)
        #expect(clock.events.contains(.activityChanged(.inactive)) && clock.events.contains(.activityChanged(.active)))
        subscription.stop()
        try await transport.expectNothingHeld()
    }

    @Test func aSubscriptionWaitingToReconnectParksAndSubscribesOnReturn() async throws {
        let gate = AsyncStream<Void>.makeStream()
        let subscription = SubscriptionHandle(
            NameChangedSubscription.self, variables: ["id": "1"],
            backoff: Backoff(
                jitter: { $0 },
                sleep: { _ in
                    for await _ in gate.stream {}; try Task.checkCancellation()
                }),
            in: environment)
        subscription.start()
        try await transport.nextStream(named: "NameChanged").fail(Unreachable())
        try await subscription.waitUntil(.waiting(attempt: 1))

        environment.setActivity(.inactive)
        #expect(subscription.state == .parked)
        environment.setActivity(.active)

        let second = try await transport.nextStream(named: "NameChanged")
        try second.connect()
        try await subscription.waitUntil(.open)
        #expect(transport.count("NameChanged") == 2)
        subscription.stop()
        gate.continuation.finish()
        try await transport.expectNothingHeld()
    }

    @Test func aSubscriptionStartedWhileInactiveConnectsOnlyOnReturn() async throws {
        environment.setActivity(.inactive)
        let subscription = subscription()

        subscription.start()

        #expect(subscription.state == .parked)
        #expect(transport.requests.isEmpty)
        environment.setActivity(.active)
        let stream = try await transport.nextStream(named: "NameChanged")
        try stream.connect()
        try await subscription.waitUntil(.open)
        subscription.stop()
        try await transport.expectNothingHeld()
        #expect(transport.count("NameChanged") == 1)
    }

    @Test func aParkedSubscriptionStoppedStaysEndedOnReturn() async throws {
        let subscription = subscription()
        subscription.start()
        _ = try await transport.nextStream(named: "NameChanged")
        environment.setActivity(.inactive)

        subscription.stop()
        environment.setActivity(.active)

        #expect(subscription.state == .ended)
        try await transport.expectNothingHeld()
        #expect(transport.count("NameChanged") == 1)
    }

    @Test func returningRevalidatesOnlyTheHandlesWhoseDataWentStale() async throws {
        let expiring = QueryHandle(CrewExpiringCharacterQuery.self, variables: ["id": "1"], in: environment)
        try await expiring.answer(Crew.character("Rick 1", id: "1"), from: transport)
        let fresh = try await character("2")
        let aging = QueryHandle(
            CrewEpisodeQuery.self, variables: ["id": "1"], policy: .staleWhileRevalidate(maxAge: 600), in: environment)
        try await aging.answer(Crew.episode("Pilot", id: "1"), from: transport)
        let cached = QueryHandle(
            CrewExpiringCharacterQuery.self, variables: ["id": "1"], policy: .cacheOnly, in: environment)

        environment.setActivity(.inactive)
        clock.advance(by: 120)
        environment.setActivity(.active)

        #expect(expiring.isFetching(in: environment))
        #expect(!fresh.isFetching(in: environment))
        #expect(!aging.isFetching(in: environment))
        #expect(!cached.isRefreshing)
        #expect(clock.revalidated(.activated) == ["ExpiringCharacter"])
        try await expiring.answer(Crew.character("Rick Prime", id: "1"), from: transport)
        #expect(try cached.data?.character?.name == "Rick Prime")

        environment.setActivity(.inactive)
        clock.advance(by: 1200)
        environment.setActivity(.active)

        #expect(aging.isFetching(in: environment) && expiring.isFetching(in: environment))
        #expect(!fresh.isFetching(in: environment))
        try await aging.answer(Crew.episode("Pilot, again", id: "1"), from: transport)
        try await expiring.answer(Crew.character("Rick Prime", id: "1"), from: transport)
        try await transport.expectNothingHeld()
        #expect(transport.count("Character") == 1 && transport.count("Episode") == 2)
        #expect(transport.count("ExpiringCharacter") == 3)
    }

    @Test func anInvalidationWhileInactiveRefetchesOnTheReturn() async throws {
        let first = try await character("1")
        let second = try await character("2")
        environment.setActivity(.inactive)

        environment.store.invalidate(record: "Character:1")

        #expect(!first.isFetching(in: environment))
        environment.setActivity(.active)
        #expect(first.isFetching(in: environment))
        #expect(!second.isFetching(in: environment))
        #expect(clock.revalidated(.invalidated).isEmpty && clock.revalidated(.activated) == ["Character"])
        try await first.answer(Crew.character("Rick Prime", id: "1"), from: transport)
        try await transport.expectNothingHeld()
        #expect(transport.count("Character", variables: ["id": "1"]) == 2)
        #expect(transport.count("Character", variables: ["id": "2"]) == 1)
    }

    @Test func aFetchInFlightWhenTheAppGoesInactiveLandsAndTheReturnFetchesNothingMore() async throws {
        let handle = QueryHandle(CharacterQuery.self, variables: ["id": "1"], in: environment)
        let held = try await transport.next(named: "Character")

        environment.setActivity(.inactive)
        try held.answer(data: Crew.character("Rick 1", id: "1"))
        try await handle.waitUntil(.ready)
        environment.setActivity(.active)

        #expect(!handle.isFetching(in: environment))
        #expect(try handle.data?.character?.name == "Rick 1")
        try await transport.expectNothingHeld()
        #expect(transport.count("Character") == 1)
    }

    @Test func aHandleWhoseFetchFailedWhileInactiveFetchesOnTheReturn() async throws {
        let handle = QueryHandle(CharacterQuery.self, variables: ["id": "1"], in: environment)
        let held = try await transport.next(named: "Character")
        environment.setActivity(.inactive)
        try held.fail(Unreachable())
        try await handle.waitUntil(.failed(.transport))

        environment.setActivity(.active)

        #expect(handle.phase == .loading)
        try await handle.answer(Crew.character("Rick 1", id: "1"), from: transport)
        #expect(handle.error == nil)
        try await transport.expectNothingHeld()
        #expect(transport.count("Character") == 2)
    }

    @Test func aFailedRevalidationOnTheReturnIsOnTheHandle() async throws {
        let handle = QueryHandle(CrewExpiringCharacterQuery.self, variables: ["id": "1"], in: environment)
        try await handle.answer(Crew.character("Rick 1", id: "1"), from: transport)
        environment.setActivity(.inactive)
        clock.advance(by: 120)

        environment.setActivity(.active)

        try await transport.next(named: "ExpiringCharacter").fail(Unreachable())
        try await handle.waitUntil(.failed(.transport))
        #expect(try handle.data?.character?.name == "Rick 1")
        try await transport.expectNothingHeld()
    }

    @Test func anEndedEnvironmentIgnoresTheAppsActivity() async throws {
        let subscription = subscription()
        subscription.start()
        _ = try await transport.nextStream(named: "NameChanged")
        environment.end()

        environment.setActivity(.inactive)
        environment.setActivity(.active)

        #expect(environment.activity == .active)
        #expect(subscription.state == .ended)
        try await transport.expectNothingHeld()
        #expect(transport.count("NameChanged") == 1)
    }

    @Test func anObserverSetsTheActivityFromTheNotificationsItListensTo() async throws {
        let center = NotificationCenter()
        let background = Notification.Name("test.background")
        let foreground = Notification.Name("test.foreground")
        var observer: AppActivityObserver? = AppActivityObserver(
            environment: environment, center: center, inactive: background, active: foreground)
        let subscription = subscription()
        subscription.start()
        _ = try await transport.nextStream(named: "NameChanged")

        center.post(name: background, object: nil)
        try await until("the posted notification sets the activity") { environment.activity == .inactive }
        #expect(subscription.state == .parked)
        Task.detached { center.post(name: foreground, object: nil) }
        try await until("a notification posted off the main thread sets the activity") {
            environment.activity == .active
        }
        _ = try await transport.nextStream(named: "NameChanged")

        #expect(observer != nil)
        observer = nil
        center.post(name: background, object: nil)
        // A main-actor task enqueued after what the post would have enqueued, at its priority.
        await Task { @MainActor in }.value
        #expect(environment.activity == .active)
        #expect(clock.events.filter { $0 == .activityChanged(.inactive) }.count == 1)
        subscription.stop()
        try await transport.expectNothingHeld()
    }
}
