import BatonLens

/* graphql
mutation EditNote($id: ID!, $text: String!) {
  editNote(id: $id, text: $text) { ...NoteRow }
}
*/

/// Changes a note's text; performed with an optimistic response, so the notes view shows the
/// new text before the server answers.
extension EditNoteMutation {
    /// What the server is expected to answer.
    static func optimisticResponse(id: String, text: String) -> JSONValue {
        ["editNote": ["__typename": "Note", "id": .string(id), "text": .string(text)]]
    }
}
