import Testing
import BatonLens

@Test func lensReexportsTheStore() {
    #expect(RecordKey.root.rawValue == "client:root")
}
