import BatonLens
import BatonTesting
import Foundation

/// A small schema written by hand: a character by id, renaming it, and its name's changes.
enum Cast {
    static let sdl = """
        type Query { character(id: ID!): Character }
        type Mutation { rename(id: ID!, name: String!): RenamePayload }
        type Subscription { nameChanged(id: ID!): Character }
        type Character { id: ID! name: String! }
        type RenamePayload { character: Character }
        """

    static let normalization = Normalization(schema: try! GraphQLSchema.parse(sdl: sdl))

    /// An environment over a fresh store under the schema, talking to `transport`.
    @MainActor static func environment(_ transport: ScriptedTransport) -> GraphQLEnvironment {
        GraphQLEnvironment(store: Store(normalization: normalization), transport: transport)
    }

    static func character(_ name: String, id: String = "1") -> JSONValue {
        ["character": ["id": .string(id), "name": .string(name)]]
    }
}

struct NamedCharacter: Fragment {
    static let typeCondition = "Character"
    struct Fields: FieldSet { let name = Scalar<String>("name") }
    static let fields = Fields()
    let ref: RecordRef
}

enum CharacterQuery: GraphQLOperation {
    static let document = "query Character($id: ID!) { character(id: $id) { id name } }"
    struct Data: Fragment {
        static let typeCondition = "Query"
        struct Fields: FieldSet { let character = Linked<NamedCharacter?>("character", arguments: true) }
        static let fields = Fields()
        let ref: RecordRef
    }
}

enum RenameMutation: GraphQLOperation {
    static let document =
        "mutation Rename($id: ID!, $name: String!) { rename(id: $id, name: $name) { character { id name } } }"
    struct Data: Fragment {
        static let typeCondition = "Mutation"
        struct Fields: FieldSet { let rename = Linked<Payload?>("rename", arguments: true) }
        static let fields = Fields()
        let ref: RecordRef
    }
    struct Payload: Fragment {
        static let typeCondition = "RenamePayload"
        struct Fields: FieldSet { let character = Linked<NamedCharacter?>("character") }
        static let fields = Fields()
        let ref: RecordRef
    }

    static func renamed(_ name: String) -> JSONValue {
        ["rename": Cast.character(name)]
    }
}

enum NameChangedSubscription: GraphQLOperation {
    static let document = "subscription NameChanged($id: ID!) { nameChanged(id: $id) { id name } }"
    struct Data: Fragment {
        static let typeCondition = "Subscription"
        struct Fields: FieldSet { let nameChanged = Linked<NamedCharacter?>("nameChanged", arguments: true) }
        static let fields = Fields()
        let ref: RecordRef
    }

    static func event(_ name: String) -> JSONValue {
        ["nameChanged": ["id": "1", "name": .string(name)]]
    }
}

/// A failure the tests make the transport throw.
struct Unreachable: Error, Equatable {}
