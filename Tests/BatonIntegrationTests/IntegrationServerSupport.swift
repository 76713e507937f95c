import Foundation
import BatonLens
import BatonTransport

/// The responses recorded from the local test server (`Tests/Fixtures/Integration`, written
/// by its `record.py`) and the server's schema they answer.
enum IntegrationServer {
    static let directory = RecordedFixture.directory.appendingPathComponent("Integration", isDirectory: true)

    static let normalization: Normalization = {
        let sdl = (try? String(contentsOf: directory.appendingPathComponent("schema.graphql"), encoding: .utf8)) ?? ""
        return Normalization(schema: try! Schema.parse(sdl: sdl))
    }()

    /// A transport answering from the recorded responses.
    static var recorded: RecordedTransport { RecordedTransport(directory: directory) }
}
