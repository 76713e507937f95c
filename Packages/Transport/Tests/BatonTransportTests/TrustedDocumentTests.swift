import BatonNormalize
import BatonRecords
import BatonTestSupport
import BatonTransport
import Foundation
import Testing

/// `usesTrustedDocuments` against the test server started with `--trusted-documents`: a
/// manifest of the documents below, their ids the SHA-256 of their text.
@Suite struct TrustedDocumentTests {
    static let known = "query Trusted($id: ID!) { character(id: $id) { name } }"
    static let deferred = "query TrustedDefer { character(id: 1) { name ... @defer(label: \"more\") { species } } }"
    static let upload = "mutation TrustedUpload($files: [Upload!]!) { uploadFiles(files: $files) { name sha256 } }"

    /// One server for the suite, started on first use and given a manifest of `known` and
    /// `deferred`; it exits with the test process, which removes the manifest's folder.
    static let trustedServer = Task<TestServer, any Error> {
        let directory = try ProcessScopedFolder.make(prefix: "baton-trusted-")
        let manifest = directory.appendingPathComponent("persisted-query-manifest.json")
        let operations = [("Trusted", known), ("TrustedDefer", deferred), ("TrustedUpload", upload)].map { name, body in
            JSONValue.object([
                ("id", .string(SHA256.hexDigest(body))), ("name", .string(name)),
                ("type", .string(name == "TrustedUpload" ? "mutation" : "query")),
                ("body", .string(body)),
            ])
        }
        let file = JSONValue.object([
            ("format", .string("apollo-persisted-query-manifest")), ("version", .int(1)),
            ("operations", .array(operations)),
        ])
        try Data(file.jsonText().utf8).write(to: manifest)
        return try await TestServer.start(arguments: ["--trusted-documents", manifest.path])
    }

    static func transport(_ configure: (inout HTTPTransport.Configuration) -> Void = { _ in }) async throws
        -> HTTPTransport
    {
        var configuration = HTTPTransport.Configuration(url: try await trustedServer.value.graphQLURL)
        configuration.usesTrustedDocuments = true
        configure(&configuration)
        return HTTPTransport(configuration: configuration)
    }

    /// What the server logged for `testID` of the requests and their documents (not of gzip and parts).
    static func events(_ testID: String) async throws -> [String] {
        try await trustedServer.value.events(testID).filter {
            $0 == "open" || $0.hasPrefix("trusted") || $0.hasPrefix("text") || $0.hasPrefix("apq")
        }
    }

    static func request(_ document: String, name: String, testID: String) -> GraphQLRequest {
        GraphQLRequest(
            document: document, operationName: name, variables: document.contains("$id") ? ["id": .string("2")] : [:],
            headers: ["X-Test-Id": testID])
    }

    @Test(arguments: [false, true])
    func aTrustedDocumentTravelsAsItsIdAloneAndRuns(usingGET: Bool) async throws {
        let id = UUID().uuidString
        let transport = try await Self.transport { $0.usesGETForQueries = usingGET }
        let body = try await transport.send(Self.request(Self.known, name: "Trusted", testID: id))
        #expect(value(try json(body), "data", "character", "name") as? String == "Morty Smith")
        // "trusted hit", not "trusted hit with text": the request carried no document.
        #expect(try await Self.events(id) == ["open", "trusted hit"])
    }

    @Test func aRequestWithFilesCarriesTheIdInItsOperationsPart() async throws {
        let id = UUID().uuidString
        let bytes = Data("trusted file".utf8)
        let request = GraphQLRequest(
            document: Self.upload, operationName: "TrustedUpload", kind: .mutation,
            variables: ["files": .array([.null])], headers: ["X-Test-Id": id],
            uploads: [UploadPlacement(Upload(data: bytes, filename: "t.txt"), at: "variables.files.0")])
        let body = try await Self.transport().send(request)
        #expect(value(try json(body), "data", "uploadFiles", 0, "name") as? String == "t.txt")
        #expect(
            value(try json(body), "data", "uploadFiles", 0, "sha256") as? String
                == SHA256.hash(bytes).map { String(format: "%02x", $0) }.joined())
        #expect(try await Self.events(id) == ["open", "trusted hit"])
    }

    @Test func anIdTheServerLacksIsATypedErrorAndTheTextIsNeverSent() async throws {
        let id = UUID().uuidString
        let document = "query Untrusted { character(id: 3) { name } }"
        let transport = try await Self.transport { $0.usesAutomaticPersistedQueries = true }
        let error = await #expect(throws: TrustedDocumentError.self) {
            try await transport.send(Self.request(document, name: "Untrusted", testID: id))
        }
        let url = try await Self.trustedServer.value.graphQLURL
        #expect(error == .unknownDocument(url: url, id: SHA256.hexDigest(document), operationName: "Untrusted"))
        #expect(error?.isPermanent == true)
        #expect(error?.description.contains("operation manifest") == true)
        // One request, no retry with the text (automatic persisted queries on or not).
        #expect(try await Self.events(id) == ["open", "trusted miss"])
    }

    @Test func aStreamedTrustedDocumentTravelsAsItsIdAlone() async throws {
        let id = UUID().uuidString
        var parts: [Data] = []
        for try await part in try await Self.transport().payloads(
            for: Self.request(Self.deferred, name: "TrustedDefer", testID: id))
        {
            parts.append(part)
        }
        #expect(parts.count == 2)
        #expect(value(try json(parts[0]), "data", "character", "name") as? String == "Rick Sanchez")
        #expect(try await Self.events(id) == ["open", "trusted hit"])
    }

    @Test func aStreamOfAnUnknownIdFailsWithTheTypedError() async throws {
        let id = UUID().uuidString
        let document = "query UntrustedStream { character(id: 4) { name } }"
        await #expect(throws: TrustedDocumentError.self) {
            for try await _ in try await Self.transport().payloads(
                for: Self.request(document, name: "UntrustedStream", testID: id))
            {}
        }
        #expect(try await Self.events(id) == ["open", "trusted miss"])
    }

    @Test func aTransportSendingTheTextIsRefusedByTheServer() async throws {
        let id = UUID().uuidString
        let transport = try await Self.transport { $0.usesTrustedDocuments = false }
        let body = try await transport.send(Self.request(Self.known, name: "Trusted", testID: id))
        #expect(value(try json(body), "errors", 0, "extensions", "code") as? String == "PERSISTED_QUERY_ID_REQUIRED")
        #expect(try await Self.events(id) == ["open", "text refused"])
    }
}
