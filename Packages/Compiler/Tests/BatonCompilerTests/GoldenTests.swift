import Foundation
import Testing
import BatonCompiler

/// The emitted Swift, pinned byte for byte for a set of documents. `BATON_BLESS=1 swift test`
/// rewrites the goldens after a reviewed change.
struct GoldenTests {
    static let bless = ProcessInfo.processInfo.environment["BATON_BLESS"] == "1"

    /// Each golden: its name and the compile that produces it.
    static let goldens: [(name: String, compile: @Sendable () throws -> Compiler.Output)] = [
        (
            "Spec",
            {
                let names = [
                    "TestUnion", "TestNodeFields", "TestNotesQuery", "TestConditions", "TestAssetPricesQuery",
                    "TestSetStatuses", "TestAddNote",
                ]
                let sources = try names.map { name in
                    let url = TestPaths.spec.appending(path: "documents/\(name).graphql")
                    return GraphQLSource(file: "\(name).graphql", text: try TestPaths.text(url))
                }
                return SpecSchema.compiler.compile(sources)
            }
        ),
        (
            "Fixture",
            {
                let url = TestPaths.spec.appending(path: "documents/Fixture.graphql")
                return SpecSchema.compiler.compile([
                    GraphQLSource(file: "Fixture.graphql", text: try TestPaths.text(url))
                ])
            }
        ),
        (
            "Hostile",
            {
                let schema = try CompilerSchema(sources: [
                    GraphQLSource(
                        file: "hostile-schema.graphql",
                        text: try TestPaths.text(TestPaths.hostile.appending(path: "hostile-schema.graphql")))
                ])
                let document = try TestPaths.text(TestPaths.hostile.appending(path: "hostile.graphql"))
                return Compiler(schema: schema).compile([GraphQLSource(file: "hostile.graphql", text: document)])
            }
        ),
        // The spec's client extension: client-only fields on a server type, a client-only type
        // and root field, a fragment of only client-only fields, a variable only one uses.
        (
            "ClientFields",
            {
                SpecSchema.compiler.compile([
                    GraphQLSource(file: "ClientFields.graphql", text: ClientFieldsDocument.text)
                ])
            }
        ),
        // Apollo iOS's IssuesAndCommentsForRepository against GitHub's public schema (1.2 MB of SDL).
        (
            "GitHub",
            {
                let github = TestPaths.fixtures.appending(path: "github")
                let schema = try CompilerSchema(sources: [
                    GraphQLSource(
                        file: "octokit-graphql-schema.schema.graphql",
                        text: try TestPaths.text(github.appending(path: "octokit-graphql-schema.schema.graphql")))
                ])
                // The query as upstream writes it; the fixture beside it has `__typename` added.
                let query = github.appending(path: "apollo-ios-dev.IssuesAndCommentsForRepository.upstream.graphql")
                let file = "apollo-ios-dev.IssuesAndCommentsForRepository.graphql"
                return Compiler(schema: schema).compile([GraphQLSource(file: file, text: try TestPaths.text(query))])
            }
        ),
    ]

    @Test("emitted Swift matches its golden", arguments: goldens.indices)
    func emittedSwiftMatchesGolden(_ index: Int) throws {
        let (name, compile) = Self.goldens[index]
        let output = try compile()
        #expect(output.errors.isEmpty, "\(output.errors)")
        let url = TestPaths.goldens.appending(path: "\(name).swift.golden")
        if Self.bless {
            try output.swift.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        let golden = try TestPaths.text(url)
        #expect(output.swift == golden, "\(name): run BATON_BLESS=1 swift test after reviewing the change")
    }

    @Test func compilingTwiceGivesTheSameBytes() throws {
        let first = try Self.goldens[0].compile().swift
        let second = try Self.goldens[0].compile().swift
        #expect(first == second)
    }

    @Test func aFieldAccessorIsOneShortLine() throws {
        let output = try Self.goldens[1].compile()
        let accessors = output.swift.split(separator: "\n").filter {
            $0.contains(" = Scalar<") || $0.contains(" = Linked<")
        }
        #expect(!accessors.isEmpty)
        #expect(accessors.allSatisfy { $0.utf8.count < 120 })
    }

    /// The figure `baton-compile --stats` prints: the lenses' bytes (everything above the
    /// tables of documents, hashes, enums and identity) per accessor.
    @Test("every golden's lens code stays under 120 bytes per accessor", arguments: goldens.indices)
    func lensCodeStaysUnder120BytesPerAccessor(_ index: Int) throws {
        let output = try Self.goldens[index].compile()
        let code = output.swift.utf8.prefix(output.codeBytes)
        #expect(
            !String(decoding: code, as: UTF8.self).contains("static let document"), "the tables are below the lenses")
        #expect(output.swift.contains("\n" + Compiler.tablesMark + "\n"))
        #expect(output.accessors > 0)
        #expect(
            output.bytesPerAccessor < 120, "\(Self.goldens[index].name): \(output.bytesPerAccessor) bytes per accessor")
    }
}

/// The document of the `ClientFields` golden.
enum ClientFieldsDocument {
    static let text = """
        query TestClientFields($id: ID!, $pinned: Boolean!) {
          character(id: $id) { name isPinned note ...CharacterPin }
          drafts @include(if: $pinned) { text about { name } }
        }
        fragment CharacterPin on Character { isPinned }
        """
}
