import BatonLens

/// One page of the characters list, by page number (the API's `characters(page:)`).
enum CharactersQuery: GraphQLOperation {
    static let document = """
    query Characters($page: Int) {
      characters(page: $page) {
        info { count pages next prev }
        results { id name status species }
      }
    }
    """

    static func variables(page: Int) -> [String: JSONValue] { ["page": .int(page)] }

    struct Data: Fragment {
        static let typeCondition = "Query"
        struct Fields: FieldSet { let characters = Link<Page?>("characters", arguments: true) }
        static let fields = Fields()
        let ref: RecordRef
    }

    /// The page: its numbering and its rows.
    struct Page: Fragment {
        static let typeCondition = "Characters"
        struct Fields: FieldSet {
            let info = Link<Info?>("info")
            let results = Link<[CharacterRow]>("results")
        }
        static let fields = Fields()
        let ref: RecordRef
    }

    /// Where the page sits among all pages.
    struct Info: Fragment {
        static let typeCondition = "Info"
        struct Fields: FieldSet {
            let count = Scalar<Int?>("count")
            let pages = Scalar<Int?>("pages")
            let next = Scalar<Int?>("next")
            let prev = Scalar<Int?>("prev")
        }
        static let fields = Fields()
        let ref: RecordRef
    }
}
