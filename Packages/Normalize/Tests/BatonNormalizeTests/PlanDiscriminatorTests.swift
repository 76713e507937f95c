import Testing
import BatonNormalize
import BatonRecords

/// An object of a type the plan does not know (a server newer than the app) gets a fragment
/// on an abstract type when it answers that type's discriminator, `__isNamed: __typename`
/// for `... on Named`, as Relay's runtime has it; without one it gets the common fields.
@Suite struct PlanDiscriminatorTests {
    static let normalization = Normalization(schema: PlanTests.schema)

    static let document = #"""
        query Q { search(name: "x") { __typename
          ... on Character { label: name status }
          ... on Named { __isNamed: __typename name }
          ... on Node { __isNode: __typename id }
        } }
        """#

    func ingest(_ elements: String, _ normalization: Normalization = normalization) throws -> ChangeSet {
        let plan = try OperationPlan(Self.document, normalization: normalization)
        let response = #"{"data":{"search":["# + elements + "]}}"
        return try Ingest().ingest(Array(response.utf8), plan: plan).changes
    }

    @Test func anUnknownTypeAnsweringADiscriminatorGetsThatFragmentsFields() throws {
        let changes = try ingest(
            #"{"__typename":"Robot","__isNamed":"Robot","name":"Butter Robot","__isNode":"Robot","id":"r1"}"#)
        let robot = try #require(changes["Robot:r1"])
        #expect(robot["name"] == .string("Butter Robot"))
        #expect(robot["id"] == .string("r1"))
        #expect(robot["__typename"] == .string("Robot"))
        // Discriminators are the type's name under another key: nothing of theirs is stored.
        #expect(robot.cells.map(\.slot.storageKey).sorted() == ["__typename", "id", "name"])
    }

    @Test func anUnknownTypeGetsOnlyTheFragmentsWhoseDiscriminatorsItAnswers() throws {
        // No `__isNamed`, or a null one: the name the server sent anyway is not selected.
        for element in [
            #"{"__typename":"Robot","__isNode":"Robot","id":"r1","name":"ignored"}"#,
            #"{"__typename":"Robot","__isNamed":null,"__isNode":"Robot","id":"r1","name":"ignored"}"#,
        ] {
            let robot = try #require(try ingest(element)["Robot:r1"])
            #expect(robot.cells.map(\.slot.storageKey).sorted() == ["__typename", "id"])
        }
    }

    @Test func aFragmentOnAnInterfaceEveryMemberImplementsNeedsNoDiscriminator() throws {
        // Every SearchResult the schema knows is a Node: the schema decides, as for a known type.
        let robot = try #require(try ingest(#"{"__typename":"Robot","id":"r1"}"#)["Robot:r1"])
        #expect(robot.cells.map(\.slot.storageKey).sorted() == ["__typename", "id"])
    }

    @Test func aKnownTypeIsPlannedByTheSchemaWhateverItAnswers() throws {
        let changes = try ingest(
            #"{"__typename":"Character","label":"Rick","status":"Alive","__isNamed":"Character","name":"Rick","__isNode":"Character","id":"1"}"#
        )
        let rick = try #require(changes["Character:1"])
        #expect(rick["name"] == .string("Rick"))
        #expect(rick["status"] == .string("Alive"))
    }

    @Test func withoutASchemaDiscriminatorsStillDecide() throws {
        // Relay's case: no schema at run time, so every object is of a type the plan only
        // knows by the fragments' conditions.
        let changes = try ingest(
            #"{"__typename":"Robot","__isNamed":"Robot","name":"Butter Robot","__isNode":"Robot","id":"r1"}"#,
            Normalization())
        #expect(changes["Robot:r1"]?["name"] == .string("Butter Robot"))
    }

    @Test func aPlanKnowsWhichDiscriminatorsItsSelectionsAnswerTo() throws {
        let plan = try OperationPlan(Self.document, normalization: Self.normalization)
        let search = try #require(plan.root.common.fields.first?.selection)
        // Every SearchResult the schema knows is a Node: no discriminator needed for it.
        #expect(search.discriminatedTypes == ["Named"])
        #expect(
            search.resolved(unknownTypeAnswering: ["Node", "Named"]).fields.map(\.responseKey)
                == ["__typename", "__isNamed", "name", "__isNode", "id"])
        #expect(
            search.resolved(unknownTypeAnswering: ["Named"]).fields.map(\.responseKey)
                == ["__typename", "__isNamed", "name", "__isNode", "id"])
        #expect(
            search.resolved(unknownTypeAnswering: []).fields.map(\.responseKey) == ["__typename", "__isNode", "id"])
        // `__typename` under another alias, or a discriminator for another type, is no discriminator.
        let other = try OperationPlan(
            #"query Q { search(name: "x") { ... on Named { kind: __typename __isNode: __typename name } } }"#,
            normalization: Self.normalization)
        #expect(other.root.common.fields.first?.selection?.discriminatedTypes == [])
    }
}
