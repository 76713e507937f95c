import Foundation
import Testing
import BatonLens

/// `query Favorite { character(id: "1") { id name isFavorite draft { id text } } }`, where
/// `isFavorite` and `draft` are client-only (a client extension defines them), declared
/// `conditional` as the compiler declares them.
enum FavoriteQuery: GraphQLOperation {
    static let document = #"query Favorite { character(id: "1") { id name isFavorite draft { id text } } }"#
    static let normalization = Normalization(
        schema: try! GraphQLSchema.parse(
            sdl: ["type Query { character(id: ID!): Character } type Character { id: ID!, name: String }"],
            clientExtensions: [
                "extend type Character { isFavorite: Boolean!, draft: Draft } type Draft { id: ID, text: String }"
            ]))

    struct Data: Fragment {
        static let typeCondition = "Query"
        struct Fields: FieldSet { let character = Linked<Character?>("character", arguments: true) }
        static let fields = Fields()
        let ref: RecordRef
    }
    struct Character: Fragment {
        static let typeCondition = "Character"
        struct Fields: FieldSet {
            let name = Scalar<String?>("name")
            let isFavorite = Scalar<Bool?>("isFavorite", conditional: true)
            let draft = Linked<Draft?>("draft", conditional: true)
        }
        static let fields = Fields()
        let ref: RecordRef
    }
    struct Draft: Fragment {
        static let typeCondition = "Draft"
        struct Fields: FieldSet { let text = Scalar<String?>("text", conditional: true) }
        static let fields = Fields()
        let ref: RecordRef
    }
}

@MainActor @Suite struct ClientOnlyFieldTests {
    static func environment() -> GraphQLEnvironment {
        GraphQLEnvironment(
            store: Store(normalization: FavoriteQuery.normalization), transport: ScriptedTransport.silent())
    }

    static let response = #"{"data":{"character":{"id":"1","name":"Rick"}}}"#

    @Test func aClientOnlyFieldTheStoreLacksReadsNilNotMissing() throws {
        let environment = Self.environment()
        let data = try load(FavoriteQuery.self, response: Self.response, into: environment)
        let character = try #require(try data.character)
        #expect(try character.name == "Rick")
        #expect(try character.isFavorite == nil)
        #expect(try character.draft == nil)
    }

    @Test func aClientOnlyFieldReadsWhatTheAppWrote() throws {
        let environment = Self.environment()
        let data = try load(FavoriteQuery.self, response: Self.response, into: environment)
        var changes = ChangeSet()
        changes.write(.bool(true), to: Slot("isFavorite"), of: "Character:1")
        changes.write(.link("Draft:d1"), to: Slot("draft"), of: "Character:1")
        changes.write(.string("Draft"), to: Slot("__typename"), of: "Draft:d1")
        changes.write(.string("d1"), to: Slot("id"), of: "Draft:d1")
        environment.store.commit(changes)
        let character = try #require(try data.character)
        #expect(try character.isFavorite == true)
        // The draft's text is client-only too: unwritten, it reads nil.
        #expect(try character.draft?.text == nil)
    }

    @Test func aServerFieldTheStoreLacksStillThrowsMissing() throws {
        let environment = Self.environment()
        let plan = try environment.plan(FavoriteQuery.self, variables: [:])
        let partial = try Ingest(completeness: .partial).ingest(
            Array(#"{"data":{"character":{"id":"1"}}}"#.utf8), plan: plan)
        environment.store.commit(partial.changes)
        let data = FavoriteQuery.Data(
            ref: RecordRef(
                record: environment.store.record(plan.rootKey)!, selection: plan.root,
                context: environment.lensContext))
        let character = try #require(try data.character)
        #expect(throws: LensError.missing(field: "name", record: "Character:1")) { try character.name }
        #expect(try character.isFavorite == nil)
    }

    @Test func theTextSentLeavesTheClientOnlyFieldsOut() throws {
        let environment = Self.environment()
        let plan = try environment.plan(FavoriteQuery.self, variables: [:])
        #expect(plan.text == #"query Favorite{character(id:"1"){id,name}}"#)
    }
}

/// The query above with a lens that declares the client-only `isFavorite` as a server field.
enum UndeclaredFavoriteQuery: GraphQLOperation {
    static var document: String { FavoriteQuery.document }
    struct Data: Fragment {
        static let typeCondition = "Query"
        struct Fields: FieldSet { let character = Linked<Character?>("character", arguments: true) }
        static let fields = Fields()
        let ref: RecordRef
    }
    struct Character: Fragment {
        static let typeCondition = "Character"
        struct Fields: FieldSet { let isFavorite = Scalar<Bool?>("isFavorite") }
        static let fields = Fields()
        let ref: RecordRef
    }
}

@MainActor @Test func aLensThatDoesNotDeclareAClientOnlyFieldConditionalFailsToBuild() {
    #expect(
        throws: OperationBuildError.mismatch(
            field: "isFavorite", lens: "Character",
            reason: "the field is client-only, absent until the app writes it; declare it conditional: true",
            operation: "Favorite")
    ) {
        try UndeclaredFavoriteQuery.plan(normalization: FavoriteQuery.normalization)
    }
}
