import BatonLens

/// Edits a note's text on the local server. The recorded answer sets `note-1` to
/// ``serverText``.
enum IntegrationEditNote: GraphQLOperation {
    static let document = """
    mutation IntegrationEditNote($id: ID!, $text: String!) { editNote(id: $id, text: $text) { id text } }
    """

    static let serverText = "Edited by the integration tests"
    static let variables: [String: JSONValue] = ["id": "note-1", "text": .string(serverText)]

    static func optimisticResponse(_ text: String) -> JSONValue {
        ["editNote": ["__typename": "Note", "id": "note-1", "text": .string(text)]]
    }

    struct Data: Fragment {
        static let typeCondition = "Mutation"
        struct Fields: FieldSet { let editNote = Link<IntegrationNotes.Note?>("editNote", arguments: true) }
        static let fields = Fields()
        let ref: RecordRef
    }
}
