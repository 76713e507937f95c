import BatonLens
import BatonTesting
import Foundation
import Testing

/// A `@refetchable` fragment compiled through the plugin (its refetch query through
/// `character(id:)`, from `baton.json`'s lookups), refetched and paged over responses recorded
/// from the local server.
@MainActor
@Suite struct RefetchableFragmentIntegrationTests {
    /// The screen's query fetched for character 1 and a handle over its fragment.
    static func screen(_ launch: IntegrationLaunch) async throws -> (
        screen: IntegrationNotesScreenQuery.Data, notes: RefetchHandle<IntegrationCharacterNotes>
    ) {
        let handle = QueryHandle(IntegrationNotesScreenQuery.self, variables: .init(id: "1"), in: launch.environment)
        await handle.refetch()
        let data = try #require(handle.data)
        let lens = try #require(try data.character)
        return (data, RefetchHandle(lens, variables: handle.variables, in: launch.environment))
    }

    @Test func theGeneratedRefetchQueryLooksTheRecordUpAndSelectsJustTheFragment() throws {
        #expect(
            IntegrationCharacterNotes.refetchTarget
                == .lookup(field: "character", arguments: [.init(argument: "id", keyField: "id")]))
        let text = try #require(IntegrationCharacterNotesRefetchQuery.template?.text)
        #expect(
            text.hasPrefix(
                "query IntegrationCharacterNotesRefetchQuery($id:ID!,$count:Int,$cursor:String){character(id:$id){...IntegrationCharacterNotes"
            ), "\(text)")
        #expect(!text.contains("@refetchable") && !text.contains("@connection"))
    }

    @Test func loadNextPagesTheFragmentsConnectionIntoTheScreensRecord() async throws {
        let scratch = IntegrationScratch()
        let launch = IntegrationLaunch(
            scratch, normalization: IntegrationServer.normalization, transport: IntegrationServer.recorded)
        defer { launch.close() }
        let (screen, notes) = try await Self.screen(launch)
        let texts = { try screen.character?.notes.edges.map { try $0.node.text } ?? [] }
        #expect(try texts() == Array(IntegrationNotesQuery.texts.prefix(2)))
        #expect(notes.hasNext)

        try await notes.loadNext(2)

        #expect(try texts() == IntegrationNotesQuery.texts, "the screen's lens reads the page the fragment fetched")
        #expect(!notes.hasNext)
        #expect(!notes.isLoadingNext)
    }

    @Test func refetchRePointsTheLensAtTheRecordOfTheNewVariables() async throws {
        let scratch = IntegrationScratch()
        let launch = IntegrationLaunch(
            scratch, normalization: IntegrationServer.normalization, transport: IntegrationServer.recorded)
        defer { launch.close() }
        let (_, notes) = try await Self.screen(launch)
        #expect(try notes.lens.name == "Rick Sanchez")

        try await notes.refetch(variables: .init(id: "2"))

        #expect(try notes.lens.name == "Morty Smith")
        #expect(try notes.lens.notes.edges.isEmpty)
        #expect(notes.variables == ["id": "2"])
        #expect(notes.error == nil)
    }
}
