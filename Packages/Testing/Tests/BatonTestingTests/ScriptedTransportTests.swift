import BatonLens
@testable import BatonTesting
import Foundation
import Testing

/// Lens's handles over a store, driven step by step by the scripted transport.
@MainActor
struct ScriptedTransportTests {
    let transport = ScriptedTransport()
    let environment: GraphQLEnvironment

    init() {
        environment = Cast.environment(transport)
    }

    @Test func aQueryIsHeldUntilTheTestAnswersIt() async throws {
        let handle = QueryHandle(CharacterQuery.self, variables: ["id": "1"], in: environment)
        let request = try await transport.next(named: "Character", variables: ["id": "1"])
        for _ in 0..<20 { await Task.yield() }
        #expect(handle.phase == .loading, "nothing lands while the request is held")
        #expect(handle.data == nil)

        try request.answer(data: Cast.character("Rick Sanchez"))
        try await handle.waitUntil(.ready)
        #expect(try handle.data?.character?.name == "Rick Sanchez")
        try await transport.expectNothingHeld()
    }

    @Test func aRuleAnswersMatchingRequestsAsTheyArrive() async throws {
        transport.on("Character", variables: ["id": "2"]) { _ in .answer(data: Cast.character("Morty", id: "2")) }
        let morty = QueryHandle(CharacterQuery.self, variables: ["id": "2"], in: environment)
        let rick = QueryHandle(CharacterQuery.self, variables: ["id": "1"], in: environment)
        try await morty.waitUntil(.ready)
        #expect(try morty.data?.character?.name == "Morty")

        let held = try await transport.next(named: "Character")
        #expect(held.request.variables == ["id": "1"], "the rule's variables leave the other request held")
        #expect(rick.phase == .loading)
        try held.answer(data: Cast.character("Rick"))
        try await rick.waitUntil(.ready)
        try await transport.expectNothingHeld()
    }

    @Test func aFailedRequestLandsAsTheHandlesError() async throws {
        let handle = QueryHandle(CharacterQuery.self, variables: ["id": "1"], in: environment)
        try await transport.next(named: "Character").fail(Unreachable())
        try await handle.waitUntil(.failed(.transport))
        #expect(handle.error?.kind == .transport)
        #expect(handle.data == nil)
    }

    @Test func aDelayedReplyLandsOnlyAfterItsDelay() async throws {
        transport.on("Character") { _ in .answer(data: Cast.character("Rick")).delayed(by: .milliseconds(100)) }
        let start = ContinuousClock.now
        let handle = QueryHandle(CharacterQuery.self, variables: ["id": "1"], in: environment)
        try await handle.waitUntil(.ready)
        #expect(ContinuousClock.now - start >= .milliseconds(100))
    }

    @Test func anOptimisticMutationIsRevertedWhenFailedThenAnsweredTheSecondTime() async throws {
        transport.on("Character") { _ in .answer(data: Cast.character("Rick Sanchez")) }
        let query = QueryHandle(CharacterQuery.self, variables: ["id": "1"], in: environment)
        try await query.waitUntil(.ready)
        let character = try #require(try query.data?.character)
        let mutation = MutationHandle(RenameMutation.self, in: environment)
        let variables: [String: JSONValue] = ["id": "1", "name": "Rick Prime"]

        let first = Task {
            try await mutation.perform(variables: variables, optimisticResponse: RenameMutation.renamed("Rick Two"))
        }
        let held = try await transport.next(named: "Rename")
        #expect(try character.name == "Rick Two", "the optimistic layer shows while the mutation is held")
        #expect(environment.store.optimisticLayers.count == 1)
        try held.fail(Unreachable())
        await #expect(throws: OperationError.self) { try await first.value }
        #expect(try character.name == "Rick Sanchez", "the failed mutation's layer is reverted")
        #expect(environment.store.optimisticLayers.isEmpty)
        #expect(mutation.error?.kind == .transport)

        let second = Task {
            try await mutation.perform(variables: variables, optimisticResponse: RenameMutation.renamed("Rick Two"))
        }
        let again = try await transport.next(named: "Rename")
        #expect(try character.name == "Rick Two")
        try again.answer(data: RenameMutation.renamed("Rick Prime"))
        let data = try await second.value
        #expect(try data.rename?.character?.name == "Rick Prime")
        #expect(try character.name == "Rick Prime")
        #expect(environment.store.optimisticLayers.isEmpty)
        #expect(transport.requests.map(\.operationName) == ["Character", "Rename", "Rename"])
        try await transport.expectNothingHeld()
    }

    @Test func aSubscriptionIsFedTwoEventsThenEnded() async throws {
        let subscription = SubscriptionHandle(NameChangedSubscription.self, variables: ["id": "1"], in: environment)
        subscription.start()
        let stream = try await transport.nextStream(named: "NameChanged", variables: ["id": "1"])
        try stream.connect()
        try await subscription.waitUntil(.open)
        #expect(subscription.eventCount == 0)

        try stream.send(data: NameChangedSubscription.event("Rick One"))
        try await subscription.waitUntil(eventCount: 1)
        #expect(try subscription.data?.nameChanged?.name == "Rick One")
        try stream.send(data: NameChangedSubscription.event("Rick Two"))
        try await subscription.waitUntil(eventCount: 2)
        #expect(try subscription.data?.nameChanged?.name == "Rick Two")

        try stream.finish()
        try await subscription.waitUntil(.ended)
        #expect(throws: ScriptedTransportError.self) { try stream.send(data: NameChangedSubscription.event("late")) }
        try await transport.expectNothingHeld()
    }

    @Test func theRequestsAreRecordedWithTheirTextVariablesAndKind() async throws {
        _ = QueryHandle(CharacterQuery.self, variables: ["id": "7"], in: environment)
        try await transport.next(named: "Character").answer(data: Cast.character("Squanchy", id: "7"))
        let mutation = MutationHandle(RenameMutation.self, in: environment)
        let task = Task { try await mutation.perform(variables: ["id": "7", "name": "Squanch"]) }
        try await transport.next(named: "Rename").answer(data: RenameMutation.renamed("Squanch"))
        _ = try await task.value

        let requests = transport.requests
        try #require(requests.count == 2)
        #expect(requests[0].document == "query Character($id:ID!){character(id:$id){id,name}}")
        #expect(requests[0].variables == ["id": "7"])
        #expect(requests[0].kind == .query)
        #expect(requests[1].document.hasPrefix("mutation Rename($id:ID!,$name:String!){rename("))
        #expect(requests[1].variables == ["id": "7", "name": "Squanch"])
        #expect(requests[1].kind == .mutation)
    }
}

/// A request is handed to the test only once its caller waits for the reply: a test that
/// takes a request the moment it is sent can always answer it.
struct ScriptedTransportHandOverTests {
    @Test func aRequestIsNotHandedOverBeforeItsCallerWaits() async throws {
        let (gap, enterGap) = AsyncStream<Void>.makeStream()
        let (release, leaveGap) = AsyncStream<Void>.makeStream()
        let transport = ScriptedTransport(beforeWaiting: {
            enterGap.yield()
            for await _ in release { return }
        })
        let request = GraphQLRequest(document: "", operationName: "Character", variables: ["id": "1"])
        let sent = Task { try await transport.send(request) }
        for await _ in gap { break }

        // Logged and held, but its caller is not waiting yet: no wait takes it.
        #expect(transport.held.count == 1)
        await #expect(throws: ScriptedTransportError.self) {
            _ = try await transport.next(named: "Character", timeout: .milliseconds(50))
        }
        leaveGap.yield()
        try await transport.next(named: "Character").answer("{\"data\":null}")
        #expect(try await sent.value == Data("{\"data\":null}".utf8))
        try await transport.expectNothingHeld()
    }
}
