import BatonImage
import BatonLens
import BatonTesting
import BatonTransport
import Foundation
import Testing

/// A generated fragment's typed payload written into a note the local server's recorded
/// response put in the store: only the note's readers re-render, the query's lens reads it, and
/// so does the next launch, from the image.
@MainActor
@Suite struct FragmentPayloadIntegrationTests {
    @Test func aNotesTextWrittenThroughItsFragmentPayloadIsWhatTheQueryAndTheNextLaunchRead() async throws {
        let scratch = IntegrationScratch()
        let (first, data) = try await IntegrationLaunch.fetchingNotes(scratch)
        let notes = try #require(try data.character?.notes)
        let edited = try notes.edges[0].node
        let other = try notes.edges[1].node
        let views = IntegrationViews()
        views.render("edited") { _ = try? edited.text }
        views.render("other") { _ = try? other.text }
        views.render("title") { _ = try? data.character?.name }

        try first.environment.write(
            IntegrationNote.self, payload: IntegrationNote.Payload(id: try edited.id, text: "Tiny Rick"),
            at: edited.key)

        #expect(views.fired == ["edited": 1], "only the note's readers re-render")
        #expect(try data.texts == ["Tiny Rick", IntegrationNotesQuery.texts[1]])
        first.close()

        let (second, relaunched) = IntegrationLaunch.relaunchedNotes(scratch)
        defer { second.close() }
        #expect(relaunched.initialCheck?.source == .image)
        #expect(try relaunched.data?.texts == ["Tiny Rick", IntegrationNotesQuery.texts[1]])
    }
}
