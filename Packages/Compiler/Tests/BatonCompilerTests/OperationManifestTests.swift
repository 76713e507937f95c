import BatonCompiler
import BatonNormalize
import Foundation
import Testing

/// The persisted-query manifest a compile writes: each operation's id is the hash the
/// generated code sends, its body the text sent (client directives and client-only fields
/// left out), in Apollo's `apollo-persisted-query-manifest` format.
struct OperationManifestTests {
    static let documents = """
        query CharacterNotes($id: ID!, $first: Int!, $after: String) {
          character(id: $id) {
            name
            notes(first: $first, after: $after) @connection(key: "CharacterNotes_notes") {
              edges { node { ...NoteText } }
              pageInfo { endCursor hasNextPage }
            }
          }
        }
        fragment NoteText on Note { text }
        mutation AddNote($connections: [ID!]!, $characterId: ID!, $text: String!) {
          addNote(characterId: $characterId, text: $text) {
            note @appendNode(connections: $connections, edgeTypeName: "NoteEdge") { id text }
          }
        }
        """

    /// Every `(persistedQueryHash, text sent)` the generated Swift declares, in order.
    static func generatedHashesAndTexts(_ swift: String) -> [(hash: String, text: String)] {
        swift.components(separatedBy: "static let persistedQueryHash = ").dropFirst().compactMap { tail in
            guard let hash = ConfigurationTests.stringLiteral(after: "", in: tail),
                let text = ConfigurationTests.stringLiteral(after: "text: ", in: tail)
            else { return nil }
            return (hash, text)
        }
    }

    @Test func eachIdIsThePersistedQueryHashOfTheTextTheGeneratedOperationSends() throws {
        let output = SpecSchema.compile(Self.documents)
        #expect(output.errors.isEmpty, "\(output.errors)")
        let generated = Self.generatedHashesAndTexts(output.swift)
        #expect(generated.count == 2)
        #expect(Set(output.manifest.operations.map(\.id)) == Set(generated.map(\.hash)))
        for operation in output.manifest.operations {
            #expect(SHA256.hexDigest(operation.body) == operation.id)
            #expect(generated.contains { $0.hash == operation.id && $0.text == operation.body })
            #expect(!operation.body.contains("@connection") && !operation.body.contains("@appendNode"))
        }
        let addNote = try #require(output.manifest.operations.first { $0.name == "AddNote" })
        #expect(addNote.kind == .mutation)
        #expect(!addNote.body.contains("$connections"))
        // The body carries the fragments the operation spreads, as the wire text does.
        let notes = try #require(output.manifest.operations.first { $0.name == "CharacterNotes" })
        #expect(notes.body.contains("fragment NoteText on Note"))
    }

    @Test func theJSONIsApollosPersistedQueryManifestInNameOrder() throws {
        let output = SpecSchema.compile(Self.documents)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(output.manifest.json.utf8)) as? [String: Any])
        #expect(object["format"] as? String == "apollo-persisted-query-manifest")
        #expect(object["version"] as? Int == 1)
        let operations = try #require(object["operations"] as? [[String: String]])
        #expect(operations.map { $0["name"] } == ["AddNote", "CharacterNotes"])
        #expect(operations.map { $0["type"] } == ["mutation", "query"])
        for (entry, operation) in zip(operations, output.manifest.operations) {
            #expect(Set(entry.keys) == ["id", "name", "type", "body"])
            #expect(entry["id"] == operation.id && entry["body"] == operation.body)
        }
        #expect(output.manifest.json.hasSuffix("}\n"))
    }

    @Test func aClientOnlyFieldIsLeftOutOfTheBodyAndTheId() throws {
        let output = try ClientOnlyFieldTests.compile("query Q($id: ID!) { character(id: $id) { name isFavorite } }")
        let operation = try #require(output.manifest.operations.first)
        #expect(operation.body == "query Q($id:ID!){character(id:$id){name,id}}")
        #expect(operation.id == SHA256.hexDigest("query Q($id:ID!){character(id:$id){name,id}}"))
    }

    @Test func fragmentsAloneMakeAnEmptyManifestAndErrorsMakeNone() {
        let fragments = SpecSchema.compile("fragment NoteText on Note { text }")
        #expect(fragments.errors.isEmpty)
        #expect(fragments.manifest.operations.isEmpty)
        #expect(fragments.manifest.json.contains("\"operations\": [\n  ]"))
        let invalid = SpecSchema.compile("query Broken { character(id: 1) { nameTypo } }")
        #expect(!invalid.errors.isEmpty)
        #expect(invalid.manifest.operations.isEmpty)
    }

    @Test func theConfigurationsManifestPathIsResolvedBesideIt() throws {
        let configuration = try CompilerConfiguration.parse(
            #"{"schema": "s.graphql", "operationManifest": "Generated/operations.json"}"#, file: "/app/baton.json")
        #expect(configuration.operationManifestPath == "/app/Generated/operations.json")
        let without = try CompilerConfiguration.parse(#"{"schema": "s.graphql"}"#, file: "/app/baton.json")
        #expect(without.operationManifestPath == nil)
    }
}
