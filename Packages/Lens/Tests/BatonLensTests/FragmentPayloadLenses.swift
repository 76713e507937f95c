import BatonLens

/// Fragments with typed payloads written by hand, as the fragment-payload write tests use
/// them: one whose selection is data as the compiler writes it, the others planned from their
/// text under the spec's schema, as app code without the compiler would.
extension NoteRow: PayloadFragment {
    /// `fragment NoteRow on Note { text id }`, as the compiler writes it.
    nonisolated static let selection = SelectionTemplate(
        "Note",
        [
            FieldTemplate("text", type: "String"),
            FieldTemplate("id", type: "ID"),
        ])

    struct Payload: GraphQLInputValue {
        var text: GraphQLNullable<String> = .absent
        var id: String
        var inputValue: JSONValue { .payload("Note", [("text", text.inputValue), ("id", .string(id))]) }
    }
}

/// A character's name and origin, the origin a place with its own record.
struct CharacterCard: PayloadFragment {
    static let typeCondition = "Character"
    struct Fields: FieldSet {
        let name = Scalar<String?>("name")
        let origin = Linked<PlaceRow?>("origin")
    }
    static let fields = Fields()
    let ref: RecordRef

    nonisolated static let selection = planned("fragment CharacterCard on Character { id name origin { id name } }")

    struct Payload: GraphQLInputValue {
        struct Origin: GraphQLInputValue {
            var id: String
            var name: GraphQLNullable<String> = .absent
            var inputValue: JSONValue { .payload("Location", [("id", .string(id)), ("name", name.inputValue)]) }
        }
        var id: String?
        var name: GraphQLNullable<String> = .absent
        var origin: GraphQLNullable<Origin> = .absent
        var inputValue: JSONValue {
            .payload(
                "Character",
                [("id", id.map(JSONValue.string)), ("name", name.inputValue), ("origin", origin.inputValue)])
        }
    }
}

/// A place's name: a payload of another type than a character's record.
struct PlaceCard: PayloadFragment {
    static let typeCondition = "Location"
    struct Fields: FieldSet { let name = Scalar<String?>("name") }
    static let fields = Fields()
    let ref: RecordRef

    nonisolated static let selection = planned("fragment PlaceCard on Location { id name }")

    struct Payload: GraphQLInputValue {
        var name: String
        var inputValue: JSONValue { .payload("Location", [("name", .string(name))]) }
    }
}

/// A payload written by hand that drifted from its selection: it writes `nickname`, which
/// the fragment does not select.
struct NicknameCard: PayloadFragment {
    static let typeCondition = "Character"
    struct Fields: FieldSet { let name = Scalar<String?>("name") }
    static let fields = Fields()
    let ref: RecordRef

    nonisolated static let selection = planned("fragment NicknameCard on Character { id name }")

    struct Payload: GraphQLInputValue {
        var name: String
        var inputValue: JSONValue { .payload("Character", [("name", .string(name)), ("nickname", .string(name))]) }
    }
}

/// The selection of the one fragment `text` defines, planned under the spec's schema.
private func planned(_ text: String) -> SelectionTemplate {
    let document = try! Document.parse(text)
    return try! SelectionTemplate.fragment(
        document.fragments.keys.first!, in: document, normalization: Spec.normalization)
}
