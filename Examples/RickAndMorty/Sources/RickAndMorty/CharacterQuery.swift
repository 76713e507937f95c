import BatonLens

/// One character with its origin, its episodes and its notes (a Relay connection whose pages
/// merge under `@connection`).
enum CharacterQuery: GraphQLOperation {
    static let document = """
    query Character($id: ID!, $count: Int = 5, $cursor: String) {
      character(id: $id) {
        id name status species
        origin { id name }
        episode { id name episode }
        notes(first: $count, after: $cursor) @connection(key: "Character_notes") {
          edges { cursor node { id text } }
          pageInfo { endCursor hasNextPage }
        }
      }
    }
    """

    static func variables(id: String) -> [String: JSONValue] { ["id": .string(id)] }

    struct Data: Fragment {
        static let typeCondition = "Query"
        struct Fields: FieldSet { let character = Link<Detail?>("character", arguments: true) }
        static let fields = Fields()
        let ref: RecordRef
    }

    /// The character's screen: the header, the episodes and the notes read this one lens.
    struct Detail: Fragment {
        static let typeCondition = "Character"
        struct Fields: FieldSet {
            let id = Scalar<String?>("id")
            let name = Scalar<String?>("name")
            let status = Scalar<String?>("status")
            let species = Scalar<String?>("species")
            let origin = Link<Place?>("origin")
            let episodes = Link<[Episode]>("episode")
            let notes = Link<Notes>("notes", arguments: true)
        }
        static let fields = Fields()
        let ref: RecordRef
    }

    struct Place: Fragment {
        static let typeCondition = "Location"
        struct Fields: FieldSet { let name = Scalar<String?>("name") }
        static let fields = Fields()
        let ref: RecordRef
    }

    struct Episode: Fragment {
        static let typeCondition = "Episode"
        struct Fields: FieldSet {
            let name = Scalar<String?>("name")
            let code = Scalar<String?>("episode")
        }
        static let fields = Fields()
        let ref: RecordRef
    }

    /// The merged connection: every page loaded so far.
    struct Notes: Fragment {
        static let typeCondition = "NoteConnection"
        struct Fields: FieldSet { let edges = Link<[Edge]>("edges") }
        static let fields = Fields()
        let ref: RecordRef
    }

    struct Edge: Fragment {
        static let typeCondition = "NoteEdge"
        struct Fields: FieldSet { let node = Link<NoteRow>("node") }
        static let fields = Fields()
        let ref: RecordRef
    }
}
