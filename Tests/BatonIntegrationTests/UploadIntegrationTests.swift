import BatonLens
import BatonTestSupport
import BatonTransport
import Foundation
import Testing

/// Files through the generated code, against the local server: baton.json maps the schema's
/// `Upload` scalar to `Upload`, so the generated mutation's `Variables` take `[Upload]`, and
/// performing it sends a GraphQL multipart request through `HTTPTransport`.
@MainActor
@Suite struct UploadIntegrationTests {
    @Test func aGeneratedMutationWithUploadVariablesSendsTheFiles() async throws {
        let server = try await LocalTestServer.start()
        defer { server.stop() }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "baton-upload-integration-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("report.csv")
        let csv = Data("name,species\nRick,Human\n".utf8)
        try csv.write(to: file)
        let photo = Data("not really a png".utf8)

        let scratch = IntegrationScratch()
        let launch = IntegrationLaunch(
            scratch, normalization: IntegrationServer.normalization,
            transport: HTTPTransport(configuration: .init(url: server.graphQLURL, usesAutomaticPersistedQueries: true)))
        defer { launch.close() }
        let mutation = MutationHandle(IntegrationUploadFilesMutation.self, in: launch.environment)
        let answer = try await mutation.perform(
            variables: .init(
                files: [
                    Upload(fileURL: file, contentType: "text/csv"),
                    Upload(data: photo, filename: "photo.png", contentType: "image/png"),
                ],
                note: "two files"))

        let files = try answer.uploadFiles
        #expect(try files.map { try $0.name } == ["report.csv", "photo.png"])
        #expect(try files.map { try $0.contentType } == ["text/csv", "image/png"])
        #expect(try files.map { try $0.size } == [csv.count, photo.count])
        #expect(try files.map { try $0.sha256 } == [csv, photo].map(Self.hex))
        #expect(try files.map { try $0.label } == ["two files", "two files"])
    }

    static func hex(_ data: Data) -> String {
        SHA256.hash(data).map { String(format: "%02x", $0) }.joined()
    }
}
