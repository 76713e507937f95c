import BatonNormalize
import BatonRecords
import Foundation
import Testing

/// A document planned at run time is sent selecting the `__typename`s its plan reads: every
/// one below the root without a schema; with one, those at an interface, a union or a type
/// it does not know. A document written by hand need not spell them out.
@Suite struct TypenameSelectionTests {
    static let schema = try! GraphQLSchema.parse(
        sdl: """
            type Query { character(id: ID!): Character, node(id: ID!): Node }
            interface Node { id: ID! }
            type Character implements Node { id: ID! name: String, origin: Place, friends: [Character] }
            type Place implements Node { id: ID! name: String }
            """)

    @Test func withoutASchemaEverySetBelowTheRootSelectsTypename() throws {
        let plan = try OperationPlan(
            """
            query Q { character(id: "1") { id origin { name } friends { ...Friend } } }
            fragment Friend on Character { id name }
            """)
        #expect(
            plan.text
                == #"query Q{character(id:"1"){id,origin{name,__typename},friends{...Friend,__typename},__typename}}fragment Friend on Character{id,name}"#
        )
    }

    @Test func withASchemaOnlyAbstractPositionsSelectTypename() throws {
        let plan = try OperationPlan(
            """
            query Q {
              character(id: "1") { id origin { name } }
              node(id: "2") { id ... on Character { friends { id } } }
            }
            """,
            normalization: Normalization(schema: Self.schema))
        #expect(
            plan.text
                == #"query Q{character(id:"1"){id,origin{name}},node(id:"2"){id,...on Character{friends{id}},__typename}}"#
        )
    }

    @Test func aSetSelectingTypenameItselfIsLeftAsWritten() throws {
        let plan = try OperationPlan(#"query Q { character(id: "1") { __typename id } }"#)
        #expect(plan.text == #"query Q{character(id:"1"){__typename,id}}"#)
    }

    @Test func anAliasedOrConditionalTypenameStillGetsThePlainOne() throws {
        let plan = try OperationPlan(
            #"query Q($x: Boolean!) { character(id: "1") { t: __typename, a { __typename @include(if: $x) } } }"#,
            variables: ["x": false])
        #expect(
            plan.text
                == #"query Q($x:Boolean!){character(id:"1"){t:__typename,a{__typename@include(if:$x),__typename},__typename}}"#
        )
    }

    @Test func theResponseToTheTextSentNormalizesWithoutASchema() throws {
        let plan = try OperationPlan(#"query Q { character(id: "1") { id name origin { name } } }"#)
        // What a server answers to the text sent: `__typename` wherever it was selected.
        let response = #"""
            {"data":{"character":{"id":"1","name":"Rick","origin":{"name":"Earth","__typename":"Place"},"__typename":"Character"}}}
            """#
        let changes = try Ingest().ingest(Data(response.utf8), plan: plan).changes
        #expect(changes["Character:1"]?[Slot("name")] == .string("Rick"))
        // The same document's response without them is refused, naming where: the plan could
        // not type the object, and the text it had sent asked for its type.
        let bare = #"{"data":{"character":{"id":"1","name":"Rick","origin":{"name":"Earth"}}}}"#
        #expect(throws: IngestError.self) { try Ingest().ingest(Data(bare.utf8), plan: plan) }
    }
}
