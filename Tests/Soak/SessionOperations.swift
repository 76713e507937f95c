import BatonLens

/// The long session's screens, written by hand (no plugin): a character's detail with its
/// places, episodes and notes, and a page of the character list.
enum SessionCharacterQuery: GraphQLOperation {
    static let document = """
        query SessionCharacter($id: ID!) { character(id: $id) { id name status species gender image \
        origin { id name dimension } location { id name dimension } episode { id name episode air_date } \
        notes(first: 3) { edges { cursor node { id text } } pageInfo { endCursor hasNextPage } } } }
        """
    static func variables(_ id: Int) -> [String: JSONValue] { ["id": .string(String(id))] }

    struct Data: Fragment {
        static let typeCondition = "Query"
        struct Fields: FieldSet { let character = Linked<Character?>("character", arguments: true) }
        static let fields = Fields()
        let ref: RecordRef
    }

    struct Character: Fragment {
        static let typeCondition = "Character"
        struct Fields: FieldSet {
            let id = Scalar<String?>("id")
            let name = Scalar<String?>("name")
            let status = Scalar<String?>("status")
            let species = Scalar<String?>("species")
            let origin = Linked<Place?>("origin")
            let location = Linked<Place?>("location")
            let episode = Linked<[Episode?]>("episode")
            let notes = Linked<Notes>("notes", arguments: true)
        }
        static let fields = Fields()
        let ref: RecordRef
    }

    struct Place: Fragment {
        static let typeCondition = "Location"
        struct Fields: FieldSet {
            let name = Scalar<String?>("name")
            let dimension = Scalar<String?>("dimension")
        }
        static let fields = Fields()
        let ref: RecordRef
    }

    struct Episode: Fragment {
        static let typeCondition = "Episode"
        struct Fields: FieldSet {
            let name = Scalar<String?>("name")
            let episode = Scalar<String?>("episode")
        }
        static let fields = Fields()
        let ref: RecordRef
    }

    struct Notes: Fragment {
        static let typeCondition = "NoteConnection"
        struct Fields: FieldSet { let edges = Linked<[Edge]>("edges") }
        static let fields = Fields()
        let ref: RecordRef
    }

    struct Edge: Fragment {
        static let typeCondition = "NoteEdge"
        struct Fields: FieldSet { let node = Linked<SessionNote>("node") }
        static let fields = Fields()
        let ref: RecordRef
    }
}

/// A note as the detail screen and the edit read it.
struct SessionNote: Fragment {
    static let typeCondition = "Note"
    struct Fields: FieldSet {
        let id = Scalar<String>("id")
        let text = Scalar<String>("text")
    }
    static let fields = Fields()
    let ref: RecordRef
}

/// A page of the character list.
enum SessionPageQuery: GraphQLOperation {
    static let document = """
        query SessionPage($page: Int) { characters(page: $page) { info { count pages next prev } \
        results { id name status species image } } }
        """
    static func variables(_ page: Int) -> [String: JSONValue] { ["page": .int(page)] }

    struct Data: Fragment {
        static let typeCondition = "Query"
        struct Fields: FieldSet { let characters = Linked<Page?>("characters", arguments: true) }
        static let fields = Fields()
        let ref: RecordRef
    }

    struct Page: Fragment {
        static let typeCondition = "Characters"
        struct Fields: FieldSet { let results = Linked<[Row?]?>("results") }
        static let fields = Fields()
        let ref: RecordRef
    }

    struct Row: Fragment {
        static let typeCondition = "Character"
        struct Fields: FieldSet {
            let id = Scalar<String?>("id")
            let name = Scalar<String?>("name")
            let status = Scalar<String?>("status")
        }
        static let fields = Fields()
        let ref: RecordRef
    }
}

/// The detail screen's note edit, with an optimistic response.
enum SessionEditNoteMutation: GraphQLOperation {
    static let document =
        "mutation SessionEditNote($id: ID!, $text: String!) { editNote(id: $id, text: $text) { id text } }"
    static func variables(_ id: String, _ text: String) -> [String: JSONValue] {
        ["id": .string(id), "text": .string(text)]
    }
    static func optimistic(_ id: String, _ text: String) -> JSONValue {
        ["editNote": ["id": .string(id), "text": .string(text)]]
    }

    struct Data: Fragment {
        static let typeCondition = "Mutation"
        struct Fields: FieldSet { let editNote = Linked<SessionNote?>("editNote", arguments: true) }
        static let fields = Fields()
        let ref: RecordRef
    }
}
