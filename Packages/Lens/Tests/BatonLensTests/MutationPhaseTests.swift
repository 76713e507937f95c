import Foundation
import Testing
import BatonLens

@MainActor
struct MutationPhaseTests {
    let transport = GatedTransport()
    let environment: GraphQLEnvironment
    let character: NameQuery.Named

    init() throws {
        environment = Spec.environment(transport)
        let data = try load(
            NameQuery.self, variables: ["id": "1"], response: NameQuery.response("Rick Sanchez"), into: environment)
        character = try #require(try data.character)
    }

    @Test func aHandleNeverPerformedIsIdle() {
        #expect(MutationHandle(RenameMutation.self, in: environment).phase == .idle)
    }

    @Test func aPerformOnItsWayIsRunningThenSucceededWhenTheAnswerLands() async throws {
        let mutation = MutationHandle(RenameMutation.self, in: environment)
        let log = RenderLog()
        render("button", in: log) { _ = mutation.phase }
        let task = Task {
            try await mutation.perform(
                variables: ["id": "1", "name": "Rick Prime"], optimisticResponse: RenameMutation.optimistic("Rick Two"))
        }
        #expect(await eventually { transport.waiting == 1 })
        #expect(mutation.phase == .running)
        #expect(log.fired == ["button": 1])
        #expect(try character.name == "Rick Two")
        transport.answer(.success(RenameMutation.response("Rick Prime")))
        _ = try await task.value
        #expect(mutation.phase == .succeeded)
        #expect(try character.name == "Rick Prime")
    }

    @Test func aFailedPerformIsFailedWithItsKindAndItsLayerRolledBack() async throws {
        let mutation = MutationHandle(RenameMutation.self, in: environment)
        let task = Task {
            try await mutation.perform(
                variables: ["id": "1", "name": "Rick Prime"], optimisticResponse: RenameMutation.optimistic("Rick Two"))
        }
        #expect(await eventually { transport.waiting == 1 })
        transport.answer(.failure(TestTransportError.unreachable))
        await #expect(throws: OperationError.self) { try await task.value }
        #expect(mutation.phase == .failed(.transport))
        #expect(try character.name == "Rick Sanchez")
    }

    @Test func aPerformThatLandsAfterAFailureIsSucceeded() async throws {
        let mutation = MutationHandle(RenameMutation.self, in: environment)
        let failing = Task { try await mutation.perform(variables: ["id": "1", "name": "Rick Prime"]) }
        #expect(await eventually { transport.waiting == 1 })
        transport.answer(.failure(TestTransportError.unreachable))
        _ = try? await failing.value
        #expect(mutation.phase == .failed(.transport))
        let landing = Task { try await mutation.perform(variables: ["id": "1", "name": "Rick Prime"]) }
        #expect(await eventually { transport.waiting == 1 })
        transport.answer(.success(RenameMutation.response("Rick Prime")))
        _ = try await landing.value
        #expect(mutation.phase == .succeeded)
    }
}
