import BatonLens
import BatonTesting
import Foundation
import Testing

/// What a test that waits in vain, or leaves a request held, is told.
@MainActor
struct ScriptedTimeoutTests {
    let transport = ScriptedTransport()
    let environment: GraphQLEnvironment

    init() {
        environment = Cast.environment(transport)
    }

    @Test func waitingForARequestThatNeverComesNamesItAndTheRequestsSeen() async throws {
        _ = QueryHandle(CharacterQuery.self, variables: ["id": "1"], in: environment)
        _ = try await transport.next(named: "Character")
        do {
            _ = try await transport.next(named: "Rename", timeout: .milliseconds(100))
            Issue.record("a wait for a request never sent returned")
        } catch {
            guard case .timedOut(let awaited, _, let seen) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(awaited == "a request named Rename")
            #expect(seen == [#"query Character {"id":"1"} (held)"#])
            #expect("\(error)".contains("Rename") && "\(error)".contains("Character"))
        }
        await #expect(throws: ScriptedTransportError.self) {
            try await transport.expectNothingHeld(settling: .milliseconds(10))
        }
    }

    @Test func aHandleWaitThatTimesOutNamesTheConditionAndTheLastPhase() async throws {
        let handle = QueryHandle(CharacterQuery.self, variables: ["id": "1"], in: environment)
        do {
            try await handle.waitUntil(.ready, timeout: .milliseconds(50))
            Issue.record("a held query became ready")
        } catch {
            guard case .timedOut(let condition, _, let lastSeen, let location) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(condition == "QueryHandle<CharacterQuery> is ready and not refreshing")
            #expect(lastSeen == "loading, error: none")
            #expect(location.hasPrefix("BatonTestingTests/ScriptedTimeoutTests.swift:"))
        }
        try await transport.next().answer(data: Cast.character("Rick"))
        try await handle.waitUntil(.ready)
    }

    @Test func aWaitForReadyGivesUpAtOnceWhenTheFetchFailsAndSaysHow() async throws {
        let handle = QueryHandle(CharacterQuery.self, variables: ["id": "1"], in: environment)
        try await transport.next(named: "Character").fail(Unreachable())
        let start = ContinuousClock.now
        do {
            try await handle.waitUntil(.ready, timeout: .seconds(60))
            Issue.record("a failed query became ready")
        } catch {
            guard case .settledOtherwise(let condition, let lastSeen, let location) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(condition == "QueryHandle<CharacterQuery> is ready and not refreshing")
            #expect(lastSeen.hasPrefix("failed(.transport), error: "))
            #expect(lastSeen.contains("Unreachable"))
            #expect(location.hasPrefix("BatonTestingTests/ScriptedTimeoutTests.swift:"))
            #expect("\(error)".hasPrefix("gave up waiting until QueryHandle<CharacterQuery> is ready"))
        }
        // `settledOtherwise` says the wait gave up on what it saw, not on its budget; the clock
        // says that came well before the 60 s timeout. It also counts the turns of the main
        // actor the wait took, which a whole run under a sanitizer on two cores keeps queued
        // for seconds (10.4 s was seen), so it is held to half the timeout.
        #expect(ContinuousClock.now - start < .seconds(30))
    }

    @Test func aWaitBegunJustAfterARefetchOfAFailedHandleWaitsForTheRefetch() async throws {
        let handle = QueryHandle(CharacterQuery.self, variables: ["id": "1"], in: environment)
        try await transport.next(named: "Character").fail(Unreachable())
        try await handle.waitUntil(.failed(.transport))
        transport.on("Character") { _ in .answer(data: Cast.character("Rick")) }
        Task { await handle.refetch() }
        try await handle.waitUntil(.ready)
        #expect(try handle.data?.character?.name == "Rick")
    }

    @Test func aWaitForEventsGivesUpAtOnceWhenTheSubscriptionHasEnded() async throws {
        let subscription = SubscriptionHandle(NameChangedSubscription.self, variables: ["id": "1"], in: environment)
        subscription.start()
        _ = try await transport.nextStream(named: "NameChanged")
        subscription.stop()
        let start = ContinuousClock.now
        await #expect {
            try await subscription.waitUntil(eventCount: 1, timeout: .seconds(60))
        } throws: { error in
            guard case .settledOtherwise(_, let lastSeen, _)? = error as? WaitError else { return false }
            return lastSeen.hasPrefix("ended, 0 events")
        }
        await #expect(throws: WaitError.self) { try await subscription.waitUntil(.open, timeout: .seconds(60)) }
        // `settledOtherwise` says the wait gave up on what it saw, not on its budget; the clock
        // says that came well before the 60 s timeout. It also counts the turns of the main
        // actor the wait took, which a whole run under a sanitizer on two cores keeps queued
        // for seconds (10.4 s was seen), so it is held to half the timeout.
        #expect(ContinuousClock.now - start < .seconds(30))
    }

    @Test func untilTimesOutWithTheValueLastObserved() async throws {
        var count = 0
        do {
            try await until("count reaches 3", timeout: .milliseconds(50), observing: { count }, satisfies: { $0 >= 3 })
            Issue.record("the wait returned although the count stayed short")
        } catch {
            #expect("\(error)".contains("count reaches 3") && "\(error)".contains("last seen: 0"))
        }
        let bump = Task { @MainActor in count = 3 }
        try await until("count reaches 3") { count == 3 }
        await bump.value
    }

    /// Three turns of other work, 100 ms each, keep the main actor from the wait, then the
    /// condition holds: the wait's 100 ms are charged only for its own turns, so it returns
    /// (a wait timed on the clock alone gives up after the first).
    @Test func aWaitIsNotChargedTheTimeItsActorSpentOnOtherWork() async throws {
        var turnsLeft = 3
        func busyTurn() {
            let end = ContinuousClock.now.advanced(by: .milliseconds(100))
            while ContinuousClock.now < end {}
            turnsLeft -= 1
            if turnsLeft > 0 { Task { @MainActor in busyTurn() } }
        }
        Task { @MainActor in busyTurn() }
        try await until("the other work is done", timeout: .milliseconds(100)) { turnsLeft == 0 }
    }

    @Test func aRequestLeftUnansweredIsReportedByTheEndOfTestCheckAndFailed() async throws {
        let handle = QueryHandle(CharacterQuery.self, variables: ["id": "1"], in: environment)
        _ = try await transport.next(named: "Character")
        #expect(transport.held.map(\.operationName) == ["Character"])
        await #expect(throws: ScriptedTransportError.stillHeld([#"query Character {"id":"1"}"#])) {
            try await transport.expectNothingHeld()
        }
        try await handle.waitUntil(.failed(.transport))
        #expect(transport.held.isEmpty)
        try await transport.expectNothingHeld()
    }

    @Test func answeringARequestTwiceThrowsNotHeld() async throws {
        _ = QueryHandle(CharacterQuery.self, variables: ["id": "1"], in: environment)
        let request = try await transport.next(named: "Character")
        try request.answer(data: Cast.character("Rick"))
        #expect(throws: ScriptedTransportError.self) { try request.answer(data: Cast.character("Rick")) }
    }

    @Test func aRequestCancelledByItsCallerIsNoLongerHeld() async throws {
        let task = Task { try await transport.send(GraphQLRequest(document: "{ a }", operationName: "A")) }
        let request = try await transport.next(named: "A")
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(throws: ScriptedTransportError.self) { try request.answer("{}") }
        try await transport.expectNothingHeld()
    }
}
