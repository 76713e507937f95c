import BatonLens
import BatonNormalize
import BatonRecords
import BatonTesting

/// A small schema and operations written by hand as the compiler would write them, for the
/// mock builder's tests: every kind of leaf, a nullable and a non-null list, an interface, a
/// union, an enum and a custom scalar.
enum MockSchema {
    static let sdl = """
        type Query { hero: Character! character(id: ID!): Character search(text: String!): [SearchResult!]! node(id: ID!): Node }
        interface Node { id: ID! }
        type Character implements Node {
          id: ID! name: String! nickname: String status: Status! age: Int! height: Float alive: Boolean!
          born: DateTime! friends: [Character!]! rivals: [Character]
        }
        type Planet implements Node { id: ID! name: String! }
        union SearchResult = Character | Planet
        enum Status { ALIVE DEAD UNKNOWN }
        scalar DateTime
        """

    static func builder(_ options: MockOptions = MockOptions()) throws -> MockBuilder {
        try MockBuilder(schema: sdl, options: options)
    }
}

/// The root lens the operations here read through; the mock tests read no lens.
struct MockRoot: Fragment {
    static let typeCondition = "Query"
    struct Fields: FieldSet {}
    static let fields = Fields()
    let ref: RecordRef
}

/// Every leaf kind of `Character`, planned from its text at run time.
enum HeroQuery: GraphQLOperation, PayloadOperation {
    typealias Data = MockRoot
    static let document = """
        query Hero { hero { id name nickname status age height alive born friends { id name } rivals { id } } }
        """

    /// `hero`'s payload as the compiler writes it: the key field required, a non-null field
    /// optional (nil: unset), a nullable one a `GraphQLNullable`.
    struct Payload: GraphQLInputValue {
        var hero: Hero?
        var inputValue: JSONValue { .payload("Query", [("hero", hero?.inputValue)]) }

        struct Hero: GraphQLInputValue {
            var id: String
            var name: String?
            var nickname: GraphQLNullable<String> = .absent
            var friends: [Hero]?
            var inputValue: JSONValue {
                .payload(
                    "Character",
                    [
                        ("id", id.inputValue), ("name", name?.inputValue), ("nickname", nickname.inputValue),
                        ("friends", friends?.inputValue),
                    ])
            }
        }
    }
}

/// A union list and an interface position.
enum SearchQuery: GraphQLOperation {
    typealias Data = MockRoot
    static let document = """
        query Search { search(text: "rick") { __typename ... on Character { id name } ... on Planet { id name } } \
        node(id: "1") { __typename id } }
        """
}

/// A fragment on `Character`, its selection planned from its text under the schema.
struct HeroRow: PayloadFragment {
    static let typeCondition = "Character"
    struct Fields: FieldSet {}
    static let fields = Fields()
    let ref: RecordRef

    nonisolated static let selection = try! SelectionTemplate.fragment(
        "HeroRow", in: Document.parse("fragment HeroRow on Character { id name status }"),
        normalization: Normalization(schema: try! GraphQLSchema.parse(sdl: MockSchema.sdl)))

    struct Payload: GraphQLInputValue {
        var id: String
        var name: String?
        var inputValue: JSONValue { .payload("Character", [("id", id.inputValue), ("name", name?.inputValue)]) }
    }
}
