import BatonLens

/// A page of the local server's characters list, by page number, as a list screen reads it.
enum IntegrationCharacters: GraphQLOperation {
    static let document = """
    query IntegrationCharacters($page: Int) {
      characters(page: $page) { info { count pages next prev } results { id name status species } }
    }
    """

    static func variables(page: Int) -> [String: JSONValue] { ["page": .int(page)] }

    struct Data: Fragment {
        static let typeCondition = "Query"
        struct Fields: FieldSet { let characters = Link<Page?>("characters", arguments: true) }
        static let fields = Fields()
        let ref: RecordRef
    }

    struct Page: Fragment {
        static let typeCondition = "Characters"
        struct Fields: FieldSet { let results = Link<[Row]>("results") }
        static let fields = Fields()
        let ref: RecordRef
    }

    struct Row: Fragment {
        static let typeCondition = "Character"
        struct Fields: FieldSet {
            let id = Scalar<String?>("id")
            let name = Scalar<String?>("name")
        }
        static let fields = Fields()
        let ref: RecordRef
    }
}
