import BatonNormalize
import BatonRecords
import BatonTesting
import Foundation
import Testing

@Suite struct RecordedAndSilentTransports {
    /// A new temporary folder holding two recorded responses; the test removes it.
    static func directory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "baton-recorded-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let specific = GraphQLRequest(document: "", operationName: "Character", variables: ["id": .string("1")])
        try Data(#"{"data":{"character":{"name":"Rick Sanchez"}}}"#.utf8)
            .write(to: directory.appendingPathComponent(RecordedTransport.fileNames(for: specific)[0]))
        try Data(#"{"data":{"episodes":null}}"#.utf8).write(to: directory.appendingPathComponent("Episodes.json"))
        return directory
    }

    @Test func answersTheFileForTheOperationAndItsVariables() async throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let transport = RecordedTransport(directory: directory)
        let body = try await transport.send(
            GraphQLRequest(
                document: "query Character { x }", operationName: "Character", variables: ["id": .string("1")]))
        #expect(String(decoding: body, as: UTF8.self).contains("Rick Sanchez"))
        let any = try await transport.send(
            GraphQLRequest(document: "", operationName: "Episodes", variables: ["page": .int(3)]))
        #expect(String(decoding: any, as: UTF8.self).contains("episodes"))
    }

    @Test func theVariablesKeyIgnoresMemberOrder() {
        #expect(
            RecordedTransport.variablesKey(["a": .int(1), "b": .object([("y", .int(2)), ("x", .int(1))])])
                == RecordedTransport.variablesKey(["b": .object([("x", .int(1)), ("y", .int(2))]), "a": .int(1)]))
        #expect(
            RecordedTransport.variablesKey(["id": .string("1")]) != RecordedTransport.variablesKey(["id": .string("2")])
        )
    }

    @Test func anUnknownRequestFailsNamingOperationAndVariables() async throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let request = GraphQLRequest(document: "", operationName: "Character", variables: ["id": .string("2")])
        await #expect(
            throws: RecordedTransportError.noRecordedResponse(
                operationName: "Character", variables: #"{"id":"2"}"#, directory: directory,
                tried: RecordedTransport.fileNames(for: request))
        ) {
            try await RecordedTransport(directory: directory).send(request)
        }
        let message = String(
            describing: RecordedTransportError.noRecordedResponse(
                operationName: "Character", variables: #"{"id":"2"}"#, directory: directory, tried: ["Character.json"]))
        #expect(message.contains("Character") && message.contains(#"{"id":"2"}"#))
    }

    @Test func aResponseFileThatCannotBeReadFailsNamingTheFile() async throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("Episodes.json")
        try FileManager.default.removeItem(at: file)
        try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)
        do {
            _ = try await RecordedTransport(directory: directory).send(
                GraphQLRequest(document: "", operationName: "Episodes"))
            Issue.record("a directory in place of a response file answered")
        } catch RecordedTransportError.unreadableResponse(let failed, _) {
            #expect(failed.path == file.path)
        }
    }

    @Test func theSilentTransportAnswersNothingUntilCancelled() async throws {
        let task = Task { try await SilentTransport().send(GraphQLRequest(document: "{ a }")) }
        try await Task.sleep(nanoseconds: 200_000_000)
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
    }
}
