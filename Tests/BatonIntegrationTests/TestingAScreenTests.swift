import BatonImage
import BatonLens
import BatonTesting
import Foundation
import Testing

// The code of the BatonTesting article "Testing a screen", compiled and run: the article's
// samples are taken from this file.

/// The article's schema: a character by id, and renaming it.
enum ScreenSchema {
    static let normalization = Normalization(
        schema: try! GraphQLSchema.parse(
            sdl: """
                type Query { character(id: ID!): Character }
                type Mutation { rename(id: ID!, name: String!): Character }
                type Character { id: ID! name: String! }
                """))
}

struct ScreenCharacter: Fragment {
    static let typeCondition = "Character"
    struct Fields: FieldSet { let name = Scalar<String>("name") }
    static let fields = Fields()
    let ref: RecordRef
}

enum CharacterQuery: GraphQLOperation {
    static let document = "query Character($id: ID!) { character(id: $id) { id name } }"
    struct Data: Fragment {
        static let typeCondition = "Query"
        struct Fields: FieldSet { let character = Linked<ScreenCharacter?>("character", arguments: true) }
        static let fields = Fields()
        let ref: RecordRef
    }
}

enum RenameMutation: GraphQLOperation {
    static let document = "mutation Rename($id: ID!, $name: String!) { rename(id: $id, name: $name) { id name } }"
    struct Data: Fragment {
        static let typeCondition = "Mutation"
        struct Fields: FieldSet { let rename = Linked<ScreenCharacter?>("rename", arguments: true) }
        static let fields = Fields()
        let ref: RecordRef
    }
}

/// The screen's view model: the character's name as the title, and a rename that shows at
/// once (an optimistic response) and is rolled back if the server refuses it.
@MainActor
final class CharacterScreenModel {
    let id: String
    let character: QueryHandle<CharacterQuery>
    private let renaming: MutationHandle<RenameMutation>
    private(set) var renameFailed = false

    init(id: String, environment: GraphQLEnvironment) {
        self.id = id
        character = QueryHandle(CharacterQuery.self, variables: ["id": .string(id)], in: environment)
        renaming = MutationHandle(RenameMutation.self, in: environment)
    }

    var title: String { (try? character.data?.character?.name) ?? "…" }

    func rename(to name: String) async {
        let renamed: JSONValue = ["rename": ["id": .string(id), "name": .string(name)]]
        do {
            _ = try await renaming.perform(
                variables: ["id": .string(id), "name": .string(name)], optimisticResponse: renamed)
            renameFailed = false
        } catch {
            renameFailed = true
        }
    }
}

@MainActor
struct TestingAScreenTests {
    @Test func aRenameShowsAtOnceIsRolledBackWhenItFailsAndLandsWhenAnswered() async throws {
        let transport = ScriptedTransport()
        let environment = GraphQLEnvironment(
            store: Store(normalization: ScreenSchema.normalization), transport: transport)
        let model = CharacterScreenModel(id: "1", environment: environment)

        let load = try await transport.next(named: "Character")
        #expect(model.title == "…")
        try load.answer(data: ["character": ["id": "1", "name": "Rick"]])
        try await model.character.waitUntil(.ready)
        #expect(model.title == "Rick")

        let first = Task { await model.rename(to: "Rick Prime") }
        let held = try await transport.next(named: "Rename")
        #expect(model.title == "Rick Prime")
        try held.fail(URLError(.notConnectedToInternet))
        await first.value
        #expect(model.title == "Rick")
        #expect(model.renameFailed)

        let second = Task { await model.rename(to: "Rick Prime") }
        try await transport.next(named: "Rename").answer(data: ["rename": ["id": "1", "name": "Rick Prime"]])
        await second.value
        #expect(model.title == "Rick Prime")
        #expect(!model.renameFailed)
        try await transport.expectNothingHeld()
    }

    @Test func aPreviewShowsTheSeededCharacterAndAsksForNothing() throws {
        let environment = try GraphQLEnvironment.preview(ScreenSchema.normalization) { seed in
            try seed.data(CharacterQuery.self, variables: ["id": "1"], ["character": ["id": "1", "name": "Rick"]])
        }
        let model = CharacterScreenModel(id: "1", environment: environment)
        #expect(model.title == "Rick")
    }

    @Test func aRelaunchDrawsTheCharacterFromTheImageBeforeTheNetworkAnswers() async throws {
        let scratch = IntegrationScratch()
        defer { withExtendedLifetime(scratch) {} }
        let file = scratch.imageFile

        let firstImage = StoreImage.open(at: file, version: "1")
        let online = ScriptedTransport()
        online.on("Character") { _ in .answer(data: ["character": ["id": "1", "name": "Rick"]]) }
        let first = CharacterScreenModel(
            id: "1",
            environment: GraphQLEnvironment(
                store: Store(normalization: ScreenSchema.normalization, persistence: firstImage), transport: online))
        try await first.character.waitUntil(.ready)
        firstImage.waitForPendingWrites()
        firstImage.close()

        let image = StoreImage.open(at: file, version: "1")
        defer { image.close() }
        let offline = ScriptedTransport()
        let relaunched = CharacterScreenModel(
            id: "1",
            environment: GraphQLEnvironment(
                store: Store(normalization: ScreenSchema.normalization, persistence: image), transport: offline))
        #expect(relaunched.title == "Rick")
        #expect(offline.requests.isEmpty)
    }
}
