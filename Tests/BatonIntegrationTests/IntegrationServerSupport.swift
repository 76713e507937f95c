import BatonLens
import BatonTesting
import BatonTransport
import Foundation

/// The responses recorded from the local test server (`Tests/Fixtures/Integration`, written
/// by its `record.py`) and the server's schema they answer (`Tools/TestServer/schema.graphql`).
enum IntegrationServer {
    static let directory = RecordedFixture.directory.appendingPathComponent("Integration", isDirectory: true)

    static let normalization: Normalization = {
        let root = RecordedFixture.directory.deletingLastPathComponent().deletingLastPathComponent()
        let file = root.appendingPathComponent("Tools/TestServer/schema.graphql")
        do {
            return Normalization(schema: try GraphQLSchema.parse(sdl: String(contentsOf: file, encoding: .utf8)))
        } catch {
            fatalError("the test server's schema at \(file.path) does not load: \(error)")
        }
    }()

    /// A transport answering from the recorded responses.
    static var recorded: RecordedTransport { RecordedTransport(directory: directory) }
}
