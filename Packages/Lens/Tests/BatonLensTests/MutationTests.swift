import Foundation
import Testing
import BatonLens

/// The spec's rename mutation.
enum RenameMutation: GraphQLOperation {
    static let document =
        "mutation TestRename($id: ID!, $name: String!) { rename(id: $id, name: $name) { character { id name } } }"
    struct Data: Fragment {
        static let typeCondition = "Mutation"
        struct Fields: FieldSet { let rename = Linked<Payload?>("rename", arguments: true) }
        static let fields = Fields()
        let ref: RecordRef
    }
    struct Payload: Fragment {
        static let typeCondition = "FavoritePayload"
        struct Fields: FieldSet { let character = Linked<NameQuery.Named?>("character") }
        static let fields = Fields()
        let ref: RecordRef
    }

    static func response(_ name: String) -> Foundation.Data {
        Foundation.Data(#"{"data":{"rename":{"character":{"id":"1","name":"\#(name)"}}}}"#.utf8)
    }
    static func optimistic(_ name: String) -> JSONValue {
        ["rename": ["character": ["id": "1", "name": .string(name)]]]
    }
}

@MainActor
struct MutationTests {
    let transport = GatedTransport()
    let events = EventLog()
    let environment: GraphQLEnvironment
    let character: NameQuery.Named

    init() throws {
        environment = Spec.environment(transport, log: events.sink)
        let data = try load(
            NameQuery.self, variables: ["id": "1"], response: NameQuery.response("Rick Sanchez"), into: environment)
        character = try #require(try data.character)
    }

    @Test func anOptimisticResponseShowsBeforeTheServerAnswers() async throws {
        let mutation = MutationHandle(RenameMutation.self, in: environment)
        let task = Task {
            try await mutation.perform(
                variables: ["id": "1", "name": "Rick Prime"], optimisticResponse: RenameMutation.optimistic("Rick Two"))
        }
        #expect(await eventually { transport.waiting == 1 })
        #expect(try character.name == "Rick Two")
        #expect(mutation.isRunning)
        transport.answer(.success(RenameMutation.response("Rick Prime")))
        let data = try await task.value
        #expect(try data.rename?.character?.name == "Rick Prime")
    }

    @Test func theServersAnswerReplacesTheLayerInOneCommit() async throws {
        let mutation = MutationHandle(RenameMutation.self, in: environment)
        let task = Task {
            try await mutation.perform(
                variables: ["id": "1", "name": "Rick Prime"], optimisticResponse: RenameMutation.optimistic("Rick Two"))
        }
        #expect(await eventually { transport.waiting == 1 })
        let log = RenderLog()
        render("name", in: log) { _ = try? character.name }
        let commitsBefore = events.events.filter { if case .committed = $0 { true } else { false } }.count
        transport.answer(.success(RenameMutation.response("Rick Prime")))
        _ = try await task.value
        let commits = events.events.filter { if case .committed = $0 { true } else { false } }.count - commitsBefore
        #expect(commits == 1)
        #expect(log.fired == ["name": 1])
        #expect(environment.store.optimisticLayers.isEmpty)
        #expect(try character.name == "Rick Prime")
    }

    @Test func aFailedMutationRollsItsLayerBack() async throws {
        let mutation = MutationHandle(RenameMutation.self, in: environment)
        let task = Task {
            try await mutation.perform(
                variables: ["id": "1", "name": "Rick Prime"], optimisticResponse: RenameMutation.optimistic("Rick Two"))
        }
        #expect(await eventually { transport.waiting == 1 })
        #expect(try character.name == "Rick Two")
        transport.answer(.failure(TestTransportError.unreachable))
        await #expect(throws: OperationError.self) { try await task.value }
        #expect(try character.name == "Rick Sanchez")
        #expect(environment.store.optimisticLayers.isEmpty)
        #expect(mutation.error?.kind == .transport)
    }

    @Test func aMutationWithoutDataRollsBackAndReportsTheErrors() async throws {
        let mutation = MutationHandle(RenameMutation.self, in: environment)
        let task = Task {
            try await mutation.perform(
                variables: ["id": "1", "name": "Rick Prime"], optimisticResponse: RenameMutation.optimistic("Rick Two"))
        }
        #expect(await eventually { transport.waiting == 1 })
        transport.answer(.success(Data(#"{"data":null,"errors":[{"message":"not allowed"}]}"#.utf8)))
        await #expect(throws: OperationError.self) { try await task.value }
        #expect(try character.name == "Rick Sanchez")
        guard case .fetch(.noData(let errors, _))? = mutation.error else {
            Issue.record("expected noData, got \(String(describing: mutation.error))")
            return
        }
        #expect(errors.map(\.message) == ["not allowed"])
    }
}
