import Testing
import BatonImage

@Test func linksTheSystemSQLite() {
    #expect(sqliteLibraryVersion.hasPrefix("3."))
}
