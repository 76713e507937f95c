import BatonNormalize
import Testing

/// The text a server receives leaves out the client directives and the variables only they
/// use, whether the compiler wrote the template or the runtime parsed the document. Planned
/// without a schema, as these are, it selects `__typename` in every set below the root.
@Suite struct WireTextTests {
    @Test func aVariableOnlyAnEdgeDirectiveUsesIsNotDeclaredInTheTextSent() throws {
        let plan = try OperationPlan(
            """
            mutation NewNote($connections: [ID!]!, $characterId: ID!, $text: String!) {
              addNote(characterId: $characterId, text: $text) {
                note @appendNode(connections: $connections, edgeTypeName: "NoteEdge") { id text }
              }
            }
            """,
            variables: ["connections": ["client:Character:1:__C_notes_connection"], "characterId": "1", "text": "t"])
        #expect(
            plan.text
                == "mutation NewNote($characterId:ID!,$text:String!){addNote(characterId:$characterId,text:$text){note{id,text,__typename},__typename}}"
        )
        let note = try #require(plan.root.common.fields.first?.selection?.common.fields.first)
        #expect(note.edgeWrite?.connections == ["client:Character:1:__C_notes_connection"])
    }

    @Test func aVariableAServerFieldAlsoUsesStaysDeclared() throws {
        let plan = try OperationPlan(
            """
            mutation M($id: ID!) {
              removeNote(id: $id) { deletedNoteId @deleteEdge(connections: [$id]) }
            }
            """,
            variables: ["id": "n1"])
        #expect(plan.text == "mutation M($id:ID!){removeNote(id:$id){deletedNoteId,__typename}}")
    }

    @Test func aVariableOnlyAFragmentsClientDirectiveUsesIsNotDeclared() throws {
        let plan = try OperationPlan(
            """
            mutation M($c: [ID!]!, $flag: Boolean!) { addNote(characterId: "1", text: "t") { ...Added } }
            fragment Added on AddNotePayload { noteEdge @appendEdge(connections: $c) @include(if: $flag) { node { id } } }
            """,
            variables: ["c": [], "flag": true])
        #expect(plan.text.hasPrefix("mutation M($flag:Boolean!){"))
        #expect(
            plan.text.hasSuffix(
                "fragment Added on AddNotePayload{noteEdge@include(if:$flag){node{id,__typename},__typename}}"))
    }

    @Test func anUpdatableFragmentIsSentWithoutItsDirective() throws {
        let plan = try OperationPlan(
            """
            query Q { character(id: "1") { ...Row } }
            fragment Row on Character @updatable { id name }
            """)
        #expect(plan.text == #"query Q{character(id:"1"){...Row,__typename}}fragment Row on Character{id,name}"#)
    }
}
