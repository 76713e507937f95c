import BatonLens

/// Lenses the write tests set fields through: an updatable note row, an updatable character
/// whose `notes` field takes arguments, and a typed payload for `NameQuery`.
struct NoteRow: UpdatableFragment {
    static let typeCondition = "Note"
    struct Fields: FieldSet {
        let text = Scalar<String?>("text")
        let id = Scalar<String>("id")
    }
    static let fields = Fields()
    let ref: RecordRef
}

struct CharacterRow: UpdatableFragment {
    static let typeCondition = "Character"
    struct Fields: FieldSet {
        let name = Scalar<String>("name")
        let notes = Linked<NotesQuery.Notes>("notes", arguments: true)
        let origin = Linked<PlaceRow?>("origin")
        let episodes = Linked<[PlaceRow]>("episode", alias: "episodes")
    }
    static let fields = Fields()
    let ref: RecordRef
}

/// Any record with a name: what `origin` and `episode` link to in these tests.
struct PlaceRow: Fragment {
    static let typeCondition = "Location"
    struct Fields: FieldSet { let name = Scalar<String?>("name") }
    static let fields = Fields()
    let ref: RecordRef
}

extension NameQuery: PayloadOperation {
    /// `{ character(id: $id) { id name } }`, as the compiler writes a payload.
    struct Payload: GraphQLInputValue {
        struct Character: GraphQLInputValue {
            var id: String
            var name: String?
            var inputValue: JSONValue {
                var fields: [(String, JSONValue)] = [("__typename", "Character"), ("id", .string(id))]
                if let name { fields.append(("name", .string(name))) }
                return .object(fields)
            }
        }
        var character: GraphQLNullable<Character>
        var inputValue: JSONValue {
            switch character {
            case .absent: .object([])
            case .null: .object([("character", .null)])
            case .some(let character): .object([("character", character.inputValue)])
            }
        }
    }
}
