import BatonCompiler
import BatonNormalize
import BatonTestSupport
import Foundation
import Testing

/// `SchemaDownload` (what `baton-compile fetch-schema` runs) against the local test server:
/// the schema it serves, introspected and printed, parses to the schema of its SDL file; each
/// way a download fails is its own error, with the endpoint and what it said.
struct SchemaDownloadTests {
    /// One server for these tests, started on first use; it exits with the test process.
    static let server = Task<LocalTestServer, any Error> { try await LocalTestServer.start() }

    static func download(headers: [String] = []) async throws -> SchemaDownload {
        var download = SchemaDownload(endpoint: try await server.value.graphQLURL, timeout: 20)
        for header in headers { download.headers.append(try SchemaDownload.header(header)) }
        return download
    }

    @Test func theServersSchemaFetchedAndPrintedParsesToTheSchemaOfItsFile() async throws {
        let sdl = try await Self.download().sdl()
        let file = TestData.repository.appending(path: "Tools/TestServer/schema.graphql")
        let expected = try GraphQLSchema.parse(sdl: [TestPaths.text(file)])
        let fetched = try GraphQLSchema.parse(sdl: [sdl])
        #expect(SchemaShape(fetched) == SchemaShape(expected))
        #expect(SchemaShape(expected).lines.count > 80)
        // What a build reads: the compiler takes the printed text as the schema.
        _ = try CompilerSchema(sources: [GraphQLSource(file: "schema.graphql", text: sdl)])
    }

    @Test func anUnreachableEndpointSaysTheConnectionWasRefused() async throws {
        let url = try #require(URL(string: "http://127.0.0.1:1/graphql"))
        let error = await #expect(throws: SchemaDownloadError.self) {
            try await SchemaDownload(endpoint: url, timeout: 10).sdl()
        }
        guard case .unreachable(let at, let reason) = error else {
            Issue.record("expected unreachable, got \(String(describing: error))")
            return
        }
        #expect(at == url)
        #expect(reason.contains("refused"))
    }

    @Test func aStatusOutside200IsAnHTTPStatusErrorWithTheBody() async throws {
        let error = await #expect(throws: SchemaDownloadError.self) {
            try await Self.download(headers: ["X-Test-Status: 503"]).sdl()
        }
        #expect(
            error
                == .httpStatus(
                    url: try await Self.server.value.graphQLURL, status: 503, body: "test failure body: status 503"))
        #expect(error?.description.hasPrefix("HTTP 503 from http://127.0.0.1:") == true)
    }

    @Test func aServerWithIntrospectionOffAnswersItsErrors() async throws {
        let error = await #expect(throws: SchemaDownloadError.self) {
            try await Self.download(headers: ["X-Test-No-Introspection: 1"]).sdl()
        }
        guard case .graphQLErrors(_, let status, let messages) = error else {
            Issue.record("expected GraphQL errors, got \(String(describing: error))")
            return
        }
        // A validation error, answered as GraphQL over HTTP has it for `application/graphql-response+json`.
        #expect(status == 400)
        #expect(messages.contains { $0.contains("introspection") && $0.contains("__schema") })
    }

    @Test func aBodyThatIsNotAnIntrospectionResultSaysWhat() async throws {
        for header in ["X-Test-Non-JSON: 1", "X-Test-JSON-Without-Data: 1"] {
            let error = await #expect(throws: SchemaDownloadError.self) {
                try await Self.download(headers: [header]).sdl()
            }
            guard case .notIntrospection(_, let reason) = error else {
                Issue.record("expected notIntrospection for \(header), got \(String(describing: error))")
                continue
            }
            #expect(reason.contains("html") || reason.contains("__schema"))
        }
    }

    @Test func headersAreReadAsNameColonValueAndReachTheServer() async throws {
        #expect(try SchemaDownload.header("Authorization: Bearer a:b ") == ("Authorization", "Bearer a:b"))
        #expect(throws: SchemaDownloadError.malformedHeader("no colon")) { try SchemaDownload.header("no colon") }
        #expect(throws: SchemaDownloadError.malformedHeader("Two words: x")) {
            try SchemaDownload.header("Two words: x")
        }
        // The server refuses without the token it asks for, and answers with it.
        await #expect(throws: SchemaDownloadError.self) {
            try await Self.download(headers: ["X-Test-Require-Token: t0k"]).sdl()
        }
        let sdl = try await Self.download(headers: ["X-Test-Require-Token: t0k", "Authorization: Bearer t0k"]).sdl()
        #expect(sdl.contains("type Query {"))
    }
}

/// A schema as lines that leave out where each definition was written: roots, each type's
/// kind, description, fields (arguments, defaults, types, directives), interfaces, members,
/// enum values, input fields; each directive definition.
struct SchemaShape: Equatable {
    var lines: [String] = []

    init(_ schema: GraphQLSchema) {
        lines.append("roots \(schema.queryType ?? "-") \(schema.mutationType ?? "-") \(schema.subscriptionType ?? "-")")
        for type in schema.types.values.sorted(by: { $0.name < $1.name }) {
            lines.append(
                "\(type.kind.rawValue) \(type.name) \(type.description ?? "") implements \(type.interfaces.sorted()) members \(type.unionMembers) \(Self.directives(type.directives))"
            )
            for field in type.fields {
                lines.append(
                    "  \(field.name)(\(field.arguments.map(Self.value).joined(separator: ", "))): \(field.type) \(field.description ?? "") \(Self.directives(field.directives))"
                )
            }
            for value in type.enumValues {
                lines.append("  = \(value.name) \(value.description ?? "") \(Self.directives(value.directives))")
            }
            for field in type.inputFields { lines.append("  input \(Self.value(field))") }
        }
        for directive in schema.directives.values.sorted(by: { $0.name < $1.name }) {
            lines.append(
                "directive @\(directive.name)(\(directive.arguments.map(Self.value).joined(separator: ", "))) \(directive.isRepeatable) \(directive.locations) \(directive.description ?? "")"
            )
        }
    }

    static func value(_ value: InputValueDefinition) -> String {
        "\(value.name): \(value.type) = \(value.defaultValue.map { "\($0)" } ?? "none") \(value.description ?? "") \(directives(value.directives))"
    }

    static func directives(_ directives: [Directive]) -> String {
        directives.map { "@\($0.name)\($0.arguments)" }.joined(separator: " ")
    }
}
