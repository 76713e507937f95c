import Testing
import BatonStore

@Test func storeReexportsRecords() {
    #expect(RecordKey.root.rawValue == "client:root")
}
