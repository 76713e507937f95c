import Foundation
import Testing
import BatonLens

/// An optimistic response in its JSON form is checked against the operation's selection and
/// the schema before anything is applied or sent.
@MainActor
struct OptimisticResponseTests {
    let transport = ScriptedTransport(answering: #"{"data":{"rename":{"character":{"id":"1","name":"Rick Prime"}}}}"#)
    let environment: GraphQLEnvironment
    let character: NameQuery.Named

    init() throws {
        environment = Spec.environment(transport)
        let data = try load(
            NameQuery.self, variables: ["id": "1"], response: NameQuery.response("Rick Sanchez"), into: environment)
        character = try #require(try data.character)
    }

    @Test func aJSONOptimisticResponseWithATypoThrowsBeforeAnythingIsAppliedOrSent() async throws {
        let mutation = MutationHandle(RenameMutation.self, in: environment)
        let log = RenderLog()
        render("name", in: log) { _ = try? character.name }
        let typo: JSONValue = ["rename": ["character": ["id": "1", "nmae": "Rick Two"]]]

        await #expect {
            try await mutation.perform(variables: ["id": "1", "name": "Rick Prime"], optimisticResponse: typo)
        } throws: { error in
            guard case .refused(.invalidOptimisticResponse(let ingest, "TestRename"))? = error as? OperationError else {
                return false
            }
            let text = "\(error)"
            return ingest.kind == .unselectedKey("nmae", nearest: "name") && ingest.pathText == "rename.character"
                && text.contains(#""nmae""#) && text.contains("rename.character")
                && text.contains(#"did you mean "name""#)
        }
        #expect(mutation.error?.kind == .invalidOptimisticResponse)
        #expect(transport.count == 0, "the mutation is not sent when its optimistic response is invalid")
        #expect(environment.store.optimisticLayers.isEmpty)
        #expect(log.total == 0)
        #expect(try character.name == "Rick Sanchez")
        #expect(!mutation.isRunning)
        #expect(mutation.data == nil)
    }

    @Test func aJSONOptimisticResponseTheSchemaRulesOutThrowsBeforeAnythingIsAppliedOrSent() async throws {
        let mutation = MutationHandle(RenameMutation.self, in: environment)
        let log = RenderLog()
        render("name", in: log) { _ = try? character.name }
        let location: JSONValue = ["rename": ["character": ["__typename": "Location", "id": "1", "name": "Earth"]]]

        await #expect {
            try await mutation.perform(variables: ["id": "1", "name": "Rick Prime"], optimisticResponse: location)
        } throws: { error in
            guard case .refused(.invalidOptimisticResponse(let ingest, "TestRename"))? = error as? OperationError else {
                return false
            }
            return ingest.kind == .impossibleTypename("Location", position: "Character", possible: ["Character"])
                && "\(error)".contains("rename.character.__typename")
        }
        #expect(transport.count == 0, "the mutation is not sent when its optimistic response is invalid")
        #expect(environment.store.optimisticLayers.isEmpty)
        #expect(log.total == 0)
        #expect(try character.name == "Rick Sanchez")
    }
}
