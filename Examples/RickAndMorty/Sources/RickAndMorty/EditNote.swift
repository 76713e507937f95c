import BatonLens

/* graphql
mutation EditNote($id: ID!, $text: String!) {
  editNote(id: $id, text: $text) { ...NoteRow }
}
*/

/// Changes a note's text; performed with an optimistic response, so the notes view shows the
/// new text before the server answers.
extension EditNoteMutation {
    /// What the server is expected to answer: the generated `OptimisticResponse`, which holds
    /// exactly the fields the mutation selects (a misspelt one does not compile).
    static func optimisticResponse(id: String, text: String) -> OptimisticResponse {
        OptimisticResponse(editNote: .init(id: id, text: text))
    }
}
