import Foundation
import Testing
import BatonLens

/// A character's non-null fields (`episode: [Episode]!`, `notes.totalCount: Int!`) and a
/// union's position (`search: [SearchResult]`), for payloads the schema rules out.
enum CheckedQuery: GraphQLOperation {
    static let document = """
        query Checked($id: ID!) {
          character(id: $id) { id name episode { id } notes { totalCount } }
          search(name: "Rick") { __typename ... on Character { id name } ... on Location { id name } }
        }
        """
    struct Data: Fragment {
        static let typeCondition = "Query"
        struct Fields: FieldSet { let character = Linked<NameQuery.Named?>("character", arguments: true) }
        static let fields = Fields()
        let ref: RecordRef
    }
}

/// A list of an enum's values (`setLists.statuses: [Status]`).
enum CheckedListsMutation: GraphQLOperation {
    static let document = "mutation CheckedLists { setLists { statuses } }"
    struct Data: Fragment {
        static let typeCondition = "Mutation"
        struct Fields: FieldSet {}
        static let fields = Fields()
        let ref: RecordRef
    }
}

/// A payload committed from app code is checked against the schema as well as the selection:
/// a null in a non-null field, an enum value the schema does not declare and a `__typename`
/// that cannot stand where it is are each refused with the ingest's typed error, and the
/// write they are part of lands nothing, not even its valid commits.
@MainActor
struct CheckedWriteTests {
    let environment = Spec.environment(ScriptedTransport.silent())
    let character: NameQuery.Named
    let log = RenderLog()

    init() throws {
        let data = try load(
            NameQuery.self, variables: ["id": "1"], response: NameQuery.response("Rick Sanchez"), into: environment)
        character = try #require(try data.character)
        let character = character
        render("name", in: log) { _ = try? character.name }
    }

    /// Commits a valid rename and then `data` for `operation` in one write; returns the
    /// refusal's ingest error, having checked that nothing landed.
    func refusal<Op: GraphQLOperation>(_ operation: Op.Type, _ data: JSONValue) throws -> IngestError? {
        let hadMutationRoot = environment.store.record(.mutationRoot) != nil
        var refused: IngestError?
        #expect {
            try environment.write { write in
                try write.commit(
                    CheckedQuery.self, variables: ["id": "1"], data: ["character": ["id": "1", "name": "Rick Prime"]])
                try write.commit(operation, variables: ["id": "1"], data: data)
            }
        } throws: { error in
            guard case WriteError.invalidPayload(let ingest, _) = error else { return false }
            refused = ingest
            return "\(error)".contains("invalid payload")
        }
        #expect(log.total == 0)
        #expect(try character.name == "Rick Sanchez")
        #expect((environment.store.record(.mutationRoot) != nil) == hadMutationRoot)
        return refused
    }

    @Test func aNullInANonNullFieldIsRefusedAndLandsNothing() throws {
        let error = try refusal(
            CheckedQuery.self, ["character": ["id": "1", "name": "Rick Prime", "notes": ["totalCount": nil]]])
        #expect(error?.kind == .nullInNonNull(type: "Int!"))
        #expect(error?.description == "expected Int!, found null at character.notes.totalCount")
        let list = try refusal(CheckedQuery.self, ["character": ["id": "1", "episode": nil]])
        #expect(list?.description == "expected [Episode]!, found null at character.episode")
    }

    @Test func anEnumValueTheSchemaDoesNotDeclareIsRefusedAndLandsNothing() throws {
        let error = try refusal(CheckedListsMutation.self, ["setLists": ["statuses": ["ALIVE", "ZOMBIE"]]])
        #expect(
            error?.kind
                == .undeclaredEnumValue("ZOMBIE", enum: "Status", values: ["ALIVE", "DEAD", "UNKNOWN"], nearest: nil))
        #expect(error?.pathText == "setLists.statuses.1")
    }

    @Test func aTypenameThatCannotStandWhereItIsIsRefusedAndLandsNothing() throws {
        let concrete = try refusal(CheckedQuery.self, ["character": ["__typename": "Location", "id": "1"]])
        #expect(concrete?.kind == .impossibleTypename("Location", position: "Character", possible: ["Character"]))
        let union = try refusal(CheckedQuery.self, ["search": [["__typename": "Note", "id": "n1"]]])
        #expect(
            union?.kind
                == .impossibleTypename(
                    "Note", position: "SearchResult", possible: ["Character", "Episode", "Location"]))
        #expect(union?.pathText == "search.0.__typename")
        let unknown = try refusal(CheckedQuery.self, ["search": [["__typename": "Charactr", "id": "1"]]])
        #expect(
            unknown?.kind
                == .unknownTypename("Charactr", possible: ["Character", "Episode", "Location"], nearest: "Character"))
    }

    @Test func aPayloadThatLeavesNonNullFieldsOutLands() throws {
        try environment.write { write in
            try write.commit(
                CheckedQuery.self, variables: ["id": "1"],
                data: [
                    "character": ["id": "1", "name": "Rick Prime"],
                    "search": [["__typename": "Location", "id": "3", "name": "Earth"]],
                ])
        }
        #expect(log.fired == ["name": 1])
        #expect(try character.name == "Rick Prime")
        #expect(environment.store.record("Location:3") != nil)
    }
}
