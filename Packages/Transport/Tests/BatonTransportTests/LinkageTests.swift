import Testing
import BatonTransport

@Test func linksTheSystemZlib() {
    #expect(zlibLibraryVersion.hasPrefix("1."))
}
