import Foundation
import Testing
import BatonNormalize
import BatonRecords

/// Two pages of one `@connection`: the page before (`last:, before:`) prepends its edges to
/// the connection record the first page made, and its page info replaces the start side.
@Suite struct ConnectionPagesTests {
    @Test func thePageBeforePrependsItsEdgesToTheConnection() throws {
        let first = try #require(RecordedFixture.named("recent-notes-page-1"))
        let before = try #require(RecordedFixture.named("recent-notes-page-2"))
        var changes = try first.ingest.ingest(first.responseBytes(), plan: first.plan()).changes
        changes.append(try before.ingest.ingest(before.responseBytes(), plan: before.plan()).changes)
        let merged = ConformanceRunner.applyingEdits(changes)

        let connection = RecordKey("Character:1:__TestRecentNotes_notes_connection")
        guard case .list(let edges)? = merged[connection]?["edges"] else {
            Issue.record("the connection has no edges")
            return
        }
        let nodes = edges.compactMap { $0.link.flatMap { merged[$0]?["node"]?.link?.rawValue } }
        #expect(nodes == ["Note:n2", "Note:n3", "Note:n4", "Note:n5"])
        let pageInfo = connection.child("pageInfo")
        #expect(merged[pageInfo]?["startCursor"] == .string("c2"))
        #expect(merged[pageInfo]?["hasPreviousPage"] == .bool(true))
        // Each page keeps its own field beside the connection.
        #expect(merged["Character:1"]?["notes(last:2)"] != nil)
        #expect(merged["Character:1"]?["notes(before:\"c4\",last:2)"] != nil)
    }
}
