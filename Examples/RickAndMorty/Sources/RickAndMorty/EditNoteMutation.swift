import BatonLens

/// Changes a note's text; performed with an optimistic response, so the notes view shows the
/// new text before the server answers.
enum EditNoteMutation: GraphQLOperation {
    static let document = """
    mutation EditNote($id: ID!, $text: String!) {
      editNote(id: $id, text: $text) { id text }
    }
    """

    static func variables(id: String, text: String) -> [String: JSONValue] {
        ["id": .string(id), "text": .string(text)]
    }

    /// What the server is expected to answer.
    static func optimisticResponse(id: String, text: String) -> JSONValue {
        ["editNote": ["__typename": "Note", "id": .string(id), "text": .string(text)]]
    }

    struct Data: Fragment {
        static let typeCondition = "Mutation"
        struct Fields: FieldSet { let editNote = Link<NoteRow?>("editNote", arguments: true) }
        static let fields = Fields()
        let ref: RecordRef
    }
}
