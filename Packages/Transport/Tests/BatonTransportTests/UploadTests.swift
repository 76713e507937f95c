import BatonNormalize
import BatonRecords
import BatonTransport
import Foundation
import Testing

/// Files sent as GraphQL multipart requests to the test server, which parses the body as it
/// streams in and answers each file's name, size, SHA-256 and content type.
@Suite(.testServer)
struct UploadTests {
    static let uploadFiles = """
        mutation Upload($files: [Upload!]!, $note: String) {
          uploadFiles(files: $files, note: $note) { name size sha256 contentType label }
        }
        """
    static let uploadAttachment = """
        mutation Attach($input: AttachmentInput!) { uploadAttachment(input: $input) { name size sha256 label } }
        """

    static func transport(_ configure: (inout HTTPTransport.Configuration) -> Void = { _ in }) throws -> HTTPTransport {
        var configuration = HTTPTransport.Configuration(url: try server().graphQLURL)
        configure(&configuration)
        return HTTPTransport(configuration: configuration)
    }

    /// `uploadFiles` with one `null` per upload in `files`, each placed at `variables.files.<i>`.
    static func filesRequest(_ uploads: [Upload], note: String? = nil, testID: String = UUID().uuidString)
        -> GraphQLRequest
    {
        var variables: [String: JSONValue] = ["files": .array(uploads.map { _ in .null })]
        if let note { variables["note"] = .string(note) }
        return GraphQLRequest(
            document: uploadFiles, operationName: "Upload", kind: .mutation, variables: variables,
            headers: ["X-Test-Id": testID],
            uploads: uploads.enumerated().map { UploadPlacement($0.element, at: "variables.files.\($0.offset)") })
    }

    /// The `uploadFiles` answer's files.
    static func uploaded(_ body: Data) throws -> [[String: Any]] {
        try #require(
            value(try json(body), "data", "uploadFiles") as? [[String: Any]],
            "no uploadFiles in \(String(decoding: body, as: UTF8.self))")
    }

    static func hex(_ bytes: some Sequence<UInt8>) -> String {
        SHA256.hash(bytes).map { String(format: "%02x", $0) }.joined()
    }

    static func temporaryFile(_ contents: Data, named name: String) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "baton-upload-test-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        try contents.write(to: url)
        return url
    }

    @Test func aFileFromDataReachesTheServerWithItsNameContentTypeAndDigest() async throws {
        let bytes = Data("{\"hello\": \"upload\"}\n".utf8)
        let upload = Upload(data: bytes, filename: "hello.json", contentType: "application/json")
        let files = try Self.uploaded(try await Self.transport().send(Self.filesRequest([upload], note: "from data")))
        #expect(files.count == 1)
        #expect(files.first?["name"] as? String == "hello.json")
        #expect(files.first?["contentType"] as? String == "application/json")
        #expect(files.first?["size"] as? Int == bytes.count)
        #expect(files.first?["sha256"] as? String == Self.hex(bytes))
        #expect(files.first?["label"] as? String == "from data")
    }

    @Test func aFileFromAURLIsNamedByItsFileUnlessToldOtherwise() async throws {
        let bytes = Data((0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let url = try Self.temporaryFile(bytes, named: "photo.png")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let request = Self.filesRequest([
            Upload(fileURL: url, contentType: "image/png"),
            Upload(fileURL: url, filename: "renamed \"quoted\".png", contentType: "image/png"),
        ])
        let files = try Self.uploaded(try await Self.transport().send(request))
        #expect(files.map { $0["name"] as? String } == ["photo.png", "renamed %22quoted%22.png"])
        #expect(files.map { $0["contentType"] as? String } == ["image/png", "image/png"])
        #expect(files.map { $0["sha256"] as? String } == [Self.hex(bytes), Self.hex(bytes)])
    }

    @Test func severalFilesInAListArriveInTheirOrder() async throws {
        let contents = ["first", "second file", "the third, longest file of the three"].map { Data($0.utf8) }
        let uploads = contents.enumerated().map {
            Upload(data: $0.element, filename: "file\($0.offset).txt", contentType: "text/plain")
        }
        let id = UUID().uuidString
        let files = try Self.uploaded(try await Self.transport().send(Self.filesRequest(uploads, testID: id)))
        #expect(files.map { $0["name"] as? String } == ["file0.txt", "file1.txt", "file2.txt"])
        #expect(files.map { $0["size"] as? Int } == contents.map(\.count))
        #expect(files.map { $0["sha256"] as? String } == contents.map { Self.hex($0) })
        #expect(try await server().events(id).contains { $0.hasPrefix("multipart 3 files") })
    }

    @Test func oneUploadAtTwoPathsIsSentOnce() async throws {
        let upload = Upload(data: Data("same".utf8), filename: "same.txt", contentType: "text/plain")
        let id = UUID().uuidString
        let files = try Self.uploaded(try await Self.transport().send(Self.filesRequest([upload, upload], testID: id)))
        #expect(files.map { $0["name"] as? String } == ["same.txt", "same.txt"])
        #expect(try await server().events(id).contains { $0.hasPrefix("multipart 1 files") })
    }

    @Test func aFileInsideAnInputObjectArrives() async throws {
        let bytes = Data("attached".utf8)
        let request = GraphQLRequest(
            document: Self.uploadAttachment, operationName: "Attach", kind: .mutation,
            variables: ["input": .object([("file", .null), ("label", .string("nested"))])],
            uploads: [UploadPlacement(Upload(data: bytes, filename: "a.txt"), at: "variables.input.file")])
        let body = try await Self.transport().send(request)
        let file = try #require(value(try json(body), "data", "uploadAttachment") as? [String: Any])
        #expect(file["name"] as? String == "a.txt")
        #expect(file["sha256"] as? String == Self.hex(bytes))
        #expect(file["label"] as? String == "nested")
    }

    @Test func theRequestIsAMultipartPostWithThePreflightHeaderWhateverTheConfiguration() async throws {
        let id = UUID().uuidString
        var request = Self.filesRequest([Upload(data: Data("x".utf8), filename: "x.bin")], testID: id)
        request.headers["X-Test-Echo"] = "1"
        let transport = try Self.transport {
            $0.usesAutomaticPersistedQueries = true
            $0.usesGETForQueries = true
            $0.compressesRequestsLargerThan = 0
        }
        let body = try await transport.send(request)
        let echo = try #require(value(try json(body), "extensions", "echo") as? [String: Any])
        let headers = try #require(echo["headers"] as? [String: String])
        #expect(echo["method"] as? String == "POST")
        #expect(headers["content-type"]?.hasPrefix("multipart/form-data; boundary=") == true)
        #expect(headers["apollo-require-preflight"] == "true")
        #expect(headers["content-encoding"] == nil)
        // One request with the document: no hash-only try that would send the files twice.
        let events = try await server().events(id)
        #expect(events.filter { $0 == "open" }.count == 1)
        #expect(!events.contains { $0.hasPrefix("apq") })
    }

    @Test func theServerRefusesAMultipartRequestWithoutThePreflightHeader() async throws {
        // The header the transport adds is what lets an Apollo-style server run the upload:
        // a request that removes it is refused as a possible cross-site request forgery.
        var request = Self.filesRequest([Upload(data: Data("x".utf8), filename: "x.bin")])
        request.headers["Apollo-Require-Preflight"] = ""
        let error = await #expect(throws: TransportError.self) { try await Self.transport().send(request) }
        guard case .httpStatus(_, let status, let body) = error else {
            Issue.record("not an HTTP status: \(String(describing: error))")
            return
        }
        #expect(status == 400)
        #expect(String(decoding: body, as: UTF8.self).contains("Cross-Site Request Forgery"))
    }

    @Test func aMissingFileIsATypedErrorAndNothingIsSent() async throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent(
            "baton-no-such-\(UUID().uuidString)")
        let id = UUID().uuidString
        let request = Self.filesRequest(
            [Upload(data: Data("fine".utf8), filename: "fine.txt"), Upload(fileURL: missing)], testID: id)
        let error = await #expect(throws: UploadError.self) { try await Self.transport().send(request) }
        #expect(error == .unreadableFile(url: missing, path: "variables.files.1", reason: .missing))
        #expect(error?.isPermanent == true)
        #expect(error?.description.contains(missing.path) == true)
        #expect(try await server().events(id).isEmpty)
    }

    @Test func aDirectoryIsATypedErrorAndNothingIsSent() async throws {
        let directory = FileManager.default.temporaryDirectory
        let id = UUID().uuidString
        let error = await #expect(throws: UploadError.self) {
            try await Self.transport().send(Self.filesRequest([Upload(fileURL: directory)], testID: id))
        }
        #expect(error == .unreadableFile(url: directory, path: "variables.files.0", reason: .isDirectory))
        #expect(try await server().events(id).isEmpty)
    }

    @Test func aPathTheVariablesLackIsATypedErrorAndNothingIsSent() async throws {
        let id = UUID().uuidString
        var request = Self.filesRequest([Upload(data: Data("x".utf8), filename: "x.bin")], testID: id)
        request.uploads.append(UploadPlacement(Upload(data: Data(), filename: "y"), at: "variables.files.5"))
        let error = await #expect(throws: UploadError.self) { try await Self.transport().send(request) }
        #expect(error == .pathNotInVariables(path: "variables.files.5", operationName: "Upload"))
        #expect(try await server().events(id).isEmpty)
    }

    @Test func aSubscriptionCannotCarryFiles() async throws {
        var request = Self.filesRequest([Upload(data: Data("x".utf8), filename: "x.bin")])
        request.kind = .subscription
        let error = await #expect(throws: UploadError.self) {
            for try await _ in try Self.transport().payloads(for: request) {}
        }
        #expect(error == .subscriptionWithUploads(operationName: "Upload"))
    }

    @Test func aStreamedRequestCarriesFilesToo() async throws {
        let bytes = Data("streamed".utf8)
        var answers: [Data] = []
        for try await payload in try Self.transport().payloads(
            for: Self.filesRequest([Upload(data: bytes, filename: "s")]))
        {
            answers.append(payload)
        }
        #expect(answers.count == 1)
        #expect(try Self.uploaded(try #require(answers.first)).first?["sha256"] as? String == Self.hex(bytes))
    }
}
