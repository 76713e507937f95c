import BatonLens

/// The recorded answer sets `note-1` to ``serverText``.
extension IntegrationEditNoteMutation {
    static let serverText = "Edited by the integration tests"
    static let variables = Variables(id: "note-1", text: serverText)

    static func optimisticResponse(_ text: String) -> JSONValue {
        ["editNote": ["__typename": "Note", "id": "note-1", "text": .string(text)]]
    }
}
