import BatonLens

/// Character 1's notes on the local server: a Relay connection paged two at a time, its pages
/// merged under `@connection`.
enum IntegrationNotes: GraphQLOperation {
    static let document = """
    query IntegrationNotes($id: ID!, $count: Int = 2, $cursor: String) {
      character(id: $id) {
        id name
        notes(first: $count, after: $cursor) @connection(key: "IntegrationNotes_notes") {
          edges { cursor node { id text } }
          pageInfo { endCursor hasNextPage }
        }
      }
    }
    """

    static let variables: [String: JSONValue] = ["id": "1"]
    /// The recorded texts: page 1 holds the first two, page 2 the third.
    static let texts = ["Wubba lubba dub dub", "Pickle Rick", "Get schwifty"]

    struct Data: Fragment {
        static let typeCondition = "Query"
        struct Fields: FieldSet { let character = Link<Character?>("character", arguments: true) }
        static let fields = Fields()
        let ref: RecordRef
    }

    struct Character: Fragment {
        static let typeCondition = "Character"
        struct Fields: FieldSet {
            let name = Scalar<String?>("name")
            let notes = Link<Notes>("notes", arguments: true)
        }
        static let fields = Fields()
        let ref: RecordRef
    }

    struct Notes: Fragment {
        static let typeCondition = "NoteConnection"
        struct Fields: FieldSet { let edges = Link<[Edge]>("edges") }
        static let fields = Fields()
        let ref: RecordRef
    }

    struct Edge: Fragment {
        static let typeCondition = "NoteEdge"
        struct Fields: FieldSet {
            let cursor = Scalar<String>("cursor")
            let node = Link<Note>("node")
        }
        static let fields = Fields()
        let ref: RecordRef
    }

    struct Note: Fragment {
        static let typeCondition = "Note"
        struct Fields: FieldSet {
            let id = Scalar<String>("id")
            let text = Scalar<String>("text")
        }
        static let fields = Fields()
        let ref: RecordRef
    }
}

extension IntegrationNotes.Data {
    /// The notes' texts in connection order, read through the lenses (tracked).
    var texts: [String] {
        get throws { try self.character?.notes.edges.map { try $0.node.text } ?? [] }
    }
}
