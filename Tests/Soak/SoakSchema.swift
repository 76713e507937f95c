import BatonLens
import BatonTestSupport
import Foundation

/// The local test server's schema (`Tools/TestServer/schema.graphql`), which responses are
/// normalized by.
enum SoakSchema {
    @MainActor static let normalization: Normalization = {
        let file = TestData.repository.appendingPathComponent("Tools/TestServer/schema.graphql")
        do {
            return Normalization(schema: try GraphQLSchema.parse(sdl: String(contentsOf: file, encoding: .utf8)))
        } catch {
            fatalError("the test server's schema at \(file.path) does not load: \(error)")
        }
    }()
}
