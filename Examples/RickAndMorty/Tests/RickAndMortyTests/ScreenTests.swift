import BatonImage
import BatonLens
import BatonTesting
import Foundation
import Testing

@testable import RickAndMorty

/// The example's screens with no server: the scripted transport answers or holds each request,
/// and every answer is a mock built from the generated payloads (the fields a test names are
/// set, the rest filled by type), so each one is a response the server's schema allows.
@MainActor
@Suite struct ScreenTests {
    let transport = ScriptedTransport()
    let environment: GraphQLEnvironment
    let mocks: MockBuilder

    init() throws {
        environment = GraphQLEnvironment(store: Store(normalization: ExampleSchema.normalization), transport: transport)
        mocks = try MockBuilder(schema: BatonSchema.selectedSchema, normalization: ExampleSchema.normalization)
    }

    /// Page 1 of the list: two characters and the page's info.
    func pageOne() throws -> Data {
        let rows = [
            CharacterRow.Payload(id: "1", name: "Rick Sanchez", status: "Alive", species: "Human"),
            CharacterRow.Payload(id: "2", name: "Morty Smith", status: "Alive", species: "Human"),
        ]
        return Data(
            try mocks.response(
                CharactersQuery.self, variables: .init(page: 1),
                payload: .init(characters: .init(info: .init(count: 826, pages: 42, next: 2), results: rows))))
    }

    /// Page 2 of the list: one character, and page 3 next.
    func pageTwo() throws -> Data {
        let rows = [CharacterRow.Payload(id: "3", name: "Summer Smith", status: "Alive", species: "Human")]
        return Data(
            try mocks.response(
                CharactersQuery.self, variables: .init(page: 2),
                payload: .init(characters: .init(info: .init(count: 826, pages: 42, next: 3, prev: 1), results: rows))))
    }

    /// Character 1 with one origin, two episodes and two notes.
    func characterOne(notes: [(id: String, text: String)], hasNextPage: Bool = false) throws -> Data {
        let edges = notes.map { note in
            CharacterQuery.Payload.Character.Notes.Edges(
                cursor: "c\(note.id)", node: NoteRow.Payload(id: note.id, text: note.text))
        }
        let character = CharacterQuery.Payload.Character(
            id: "1", name: "Rick Sanchez", status: "Alive", species: "Human",
            origin: .init(id: "1", name: "Earth (C-137)"),
            episode: [
                .init(id: "1", name: "Pilot", episode: "S01E01"),
                .init(id: "2", name: "Lawnmower Dog", episode: "S01E02"),
            ],
            notes: .init(edges: edges, pageInfo: .init(endCursor: "c\(notes.last?.id ?? "")", hasNextPage: hasNextPage))
        )
        return Data(
            try mocks.response(CharacterQuery.self, variables: .init(id: "1"), payload: .init(character: character)))
    }

    /// The answer the server gives an edit: the note with its new text.
    func edited(_ id: String, _ text: String) throws -> Data {
        Data(
            try mocks.response(
                EditNoteMutation.self, variables: .init(id: id, text: text),
                payload: .init(editNote: .init(id: id, text: text))))
    }

    /// A screen on character 1, its notes answered with `notes`, with the notes view mounted.
    func characterScreen(notes: [(id: String, text: String)]) async throws -> (Screen, RenderLoop) {
        let page = try pageOne()
        let character = try characterOne(notes: notes)
        transport.on("Characters") { _ in .answer(page) }
        transport.on("Character") { _ in .answer(character) }
        let screen = Screen(page: 1, environment: environment)
        screen.open(character: "1")
        try await screen.character?.waitUntil(.ready)
        // The list's answer may land after the character's: mounted before it, the list would
        // render once more when it does.
        try await screen.list.waitUntil(.ready)
        screen.refreshHeader()
        let loop = RenderLoop(trace: false, write: { _ in })
        loop.mount("list") { ListView.lines(screen) }
        loop.mount("notes") { NotesView.lines(screen) }
        return (screen, loop)
    }

    /// The next page of character 1's notes, as its `CharacterNotes` fragment's refetch query
    /// gets it: `notes`, after the cursor `after`, and whether more follow.
    func moreNotes(_ notes: [(id: String, text: String)], hasNextPage: Bool, after: String) throws -> Data {
        let edges = notes.map { note in
            CharacterNotes.Payload.Notes.Edges(
                cursor: "c\(note.id)", node: NoteRow.Payload(id: note.id, text: note.text))
        }
        let character = CharacterNotes.Payload(
            notes: .init(
                edges: edges, pageInfo: .init(endCursor: "c\(notes.last?.id ?? "")", hasNextPage: hasNextPage)),
            id: "1")
        return Data(
            try mocks.response(
                CharacterNotesRefetchQuery.self, variables: .init(id: "1", count: 2, cursor: after),
                payload: .init(character: character)))
    }

    @Test func theListShowsThePageTheServerAnswered() async throws {
        let page = try pageOne()
        transport.on("Characters", variables: ["page": 1]) { _ in .answer(page) }
        let screen = Screen(page: 1, environment: environment)
        #expect(ListView.lines(screen) == ["Characters, page 1: loading…"])
        try await screen.list.waitUntil(.ready)
        #expect(
            ListView.lines(screen) == [
                "Characters, page 1 of 42 (826 characters)",
                "     1  Rick Sanchez                   Alive    Human",
                "     2  Morty Smith                    Alive    Human",
            ])
        #expect(transport.requests.map(\.operationName) == ["Characters"])
    }

    /// A preview of the list: the store seeded from a mock in one call, over a transport that
    /// never answers; the first frame is the page.
    @Test func aPreviewOfTheListDrawsTheSeededPageInItsFirstFrame() throws {
        let page = try pageOne()
        let preview = try GraphQLEnvironment.preview(ExampleSchema.normalization) { seed in
            try seed.response(CharactersQuery.self, variables: .init(page: 1), body: page)
        }
        let screen = Screen(page: 1, environment: preview)
        #expect(ListView.lines(screen).first == "Characters, page 1 of 42 (826 characters)")
        #expect(ListView.lines(screen).count == 3)
    }

    @Test func aFailedPageShowsTheFailureAndKeepsNothing() async throws {
        transport.on("Characters") { _ in .fail(URLError(.notConnectedToInternet)) }
        let screen = Screen(page: 1, environment: environment)
        try await screen.list.waitUntil(.failed(.transport))
        #expect(ListView.lines(screen).first?.hasPrefix("Characters, page 1: ") == true)
        #expect(screen.list.data == nil)
    }

    @Test func theCharacterScreenShowsHeaderEpisodesAndNotes() async throws {
        let (screen, _) = try await characterScreen(notes: [("7", "Wubba lubba"), ("8", "dub dub")])
        #expect(CharacterHeaderView.lines(screen) == ["Rick Sanchez: Alive Human, from Earth (C-137)"])
        #expect(EpisodesView.lines(screen) == ["  Episodes (2):", "    S01E01  Pilot", "    S01E02  Lawnmower Dog"])
        #expect(NotesView.lines(screen) == ["  Notes (2):", "    [7] Wubba lubba", "    [8] dub dub"])
        #expect(screen.firstNote?.id == "7")
    }

    /// The notes page themselves: "more" sends only the fragment's refetch query, for the next
    /// two after the last cursor, and the page lands in the list the screen's query drew; the
    /// header and the list, which read no note, do not re-render.
    @Test func moreNotesPagesTheNotesFragmentOnItsOwn() async throws {
        let first = try characterOne(notes: [("7", "Wubba lubba"), ("8", "dub dub")], hasNextPage: true)
        let page = try pageOne()
        transport.on("Characters") { _ in .answer(page) }
        transport.on("Character") { _ in .answer(first) }
        let more = try moreNotes([("9", "Get schwifty")], hasNextPage: false, after: "c8")
        transport.on("CharacterNotesRefetchQuery", variables: ["id": "1", "count": 2, "cursor": "c8"]) { _ in
            .answer(more)
        }
        let screen = Screen(page: 1, environment: environment)
        screen.open(character: "1")
        try await screen.character?.waitUntil(.ready)
        try await screen.list.waitUntil(.ready)
        screen.refreshHeader()
        let loop = RenderLoop(trace: false, write: { _ in })
        loop.mount("list") { ListView.lines(screen) }
        loop.mount("character") { CharacterHeaderView.lines(screen) }
        loop.mount("notes") { NotesView.lines(screen) }
        #expect(
            NotesView.lines(screen) == ["  Notes (2):", "    [7] Wubba lubba", "    [8] dub dub", "    … more (m)"])
        let (listRenders, headerRenders) = (loop.renders(of: "list"), loop.renders(of: "character"))

        #expect(await screen.showMoreNotes())
        await loop.settle()

        #expect(
            NotesView.lines(screen) == [
                "  Notes (3):", "    [7] Wubba lubba", "    [8] dub dub", "    [9] Get schwifty",
            ])
        #expect(
            transport.requests.map(\.operationName).filter { $0 != "Characters" } == [
                "Character", "CharacterNotesRefetchQuery",
            ])
        #expect(loop.renders(of: "list") == listRenders)
        #expect(loop.renders(of: "character") == headerRenders)
        #expect(await !screen.showMoreNotes(), "the last page says no more follow: nothing is sent")
        #expect(transport.requests.count(where: { $0.operationName == "CharacterNotesRefetchQuery" }) == 1)
    }

    /// The header is a fragment observed by the character's key: with the character in the
    /// store (a list's row, an earlier visit, the image), it draws before the character's query
    /// answers.
    @Test func theHeaderDrawsFromTheStoreByKeyBeforeTheCharacterQueryAnswers() async throws {
        let character = try characterOne(notes: [("7", "Wubba lubba")])
        transport.on("Character") { _ in .answer(character) }
        let screen = Screen(page: 1, environment: environment)
        screen.open(character: "1")
        try await screen.character?.waitUntil(.ready)
        // A second visit: the handle is new (its fetch on its way: it lands on the main actor,
        // after this turn), the record is in the store, and the header is drawn at once, in the
        // same turn.
        screen.open(character: "1")
        #expect(screen.character?.initialCheck?.source == .memory)
        #expect(screen.character?.isRefreshing == true)
        #expect(CharacterHeaderView.lines(screen) == ["Rick Sanchez: Alive Human, from Earth (C-137)"])
    }

    /// The note edit as a user meets it on a slow, then failing, then working network: the new
    /// text shows at once, goes back when the request fails, and stays when the server answers;
    /// the list, which reads no note, never re-renders.
    @Test func aNoteEditShowsAtOnceRollsBackOnFailureAndLandsOnAnswer() async throws {
        let (screen, loop) = try await characterScreen(notes: [("7", "Wubba lubba"), ("8", "dub dub")])
        let listRenders = loop.renders(of: "list")

        let failing = Task { try await screen.edit(note: "7", text: "Get schwifty") }
        let first = try await transport.next(named: "EditNote", variables: ["id": "7", "text": "Get schwifty"])
        await loop.settle()
        #expect(NotesView.lines(screen) == ["  Notes (2):", "    [7] Get schwifty", "    [8] dub dub"])
        try first.fail(URLError(.timedOut))
        await #expect(throws: (any Error).self) { try await failing.value }
        await loop.settle()
        #expect(NotesView.lines(screen) == ["  Notes (2):", "    [7] Wubba lubba", "    [8] dub dub"])

        let answered = Task { try await screen.edit(note: "7", text: "Get schwifty") }
        let second = try await transport.next(named: "EditNote")
        try second.answer(try edited("7", "Get schwifty"))
        try await answered.value
        await loop.settle()
        #expect(NotesView.lines(screen) == ["  Notes (2):", "    [7] Get schwifty", "    [8] dub dub"])
        #expect(loop.renders(of: "list") == listRenders, "the list reads no note: the edits never re-render it")
        try await transport.expectNothingHeld()
    }

    /// The next page goes into the one list handle's list, after the first page's rows, and the
    /// header says which page the list has reached.
    @Test func theNextPageIsAppendedToTheOneList() async throws {
        let (one, two) = (try pageOne(), try pageTwo())
        transport.on("Characters", variables: ["page": 1]) { _ in .answer(one) }
        transport.on("Characters", variables: ["page": 2]) { _ in .answer(two) }
        let screen = Screen(page: 1, environment: environment)
        try await screen.list.waitUntil(.ready)
        #expect(screen.list.hasNext)

        #expect(await screen.showNext())

        #expect(
            ListView.lines(screen) == [
                "Characters, page 2 of 42 (826 characters)",
                "     1  Rick Sanchez                   Alive    Human",
                "     2  Morty Smith                    Alive    Human",
                "     3  Summer Smith                   Alive    Human",
            ])
        #expect(transport.requests.map { $0.variables["page"] } == [1, 2])
        try await transport.expectNothingHeld()
    }

    /// A screen on the list from page 1, its store over `image`: one launch of the app.
    static func screen(over image: StoreImage, transport: any Transport) -> Screen {
        Screen(
            page: 1,
            environment: GraphQLEnvironment(
                store: Store(normalization: ExampleSchema.normalization, persistence: image), transport: transport))
    }

    /// An image file in a folder of its own, and the folder: removing the folder removes
    /// everything the image leaves beside the file (its `-lock`).
    static func imageFile() -> (file: URL, directory: URL) {
        let directory = FileManager.default.temporaryDirectory.appending(path: "rick-and-morty-\(UUID().uuidString)")
        return (directory.appending(path: "store.image"), directory)
    }

    /// A relaunch over the image draws every page the list had merged in its first frame.
    @Test func aRelaunchDrawsEveryMergedPageFromTheImage() async throws {
        let (file, directory) = Self.imageFile()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (one, two) = (try pageOne(), try pageTwo())
        let firstImage = StoreImage.open(at: file, version: ExampleSchema.version)
        transport.on("Characters", variables: ["page": 1]) { _ in .answer(one) }
        transport.on("Characters", variables: ["page": 2]) { _ in .answer(two) }
        let first = Self.screen(over: firstImage, transport: transport)
        try await first.list.waitUntil(.ready)
        #expect(await first.showNext())
        let drawn = ListView.lines(first)
        #expect(drawn.count == 4)
        firstImage.waitForPendingWrites()
        firstImage.close()

        let image = StoreImage.open(at: file, version: ExampleSchema.version)
        defer { image.close() }
        let offline = ScriptedTransport()
        let relaunched = Self.screen(over: image, transport: offline)
        #expect(ListView.lines(relaunched) == drawn, "the first frame after the relaunch is both pages from the image")
        let refresh = try await offline.next(named: "Characters")
        try refresh.answer(one)
        try await relaunched.list.waitUntil(.ready)
        #expect(ListView.lines(relaunched) == drawn, "page 1 again keeps page 2 after it")
        try await offline.expectNothingHeld()
    }

    /// The example's promise: a relaunch over the image draws the list in its first frame, before
    /// the network answers (here, before the held request is answered at all).
    @Test func aRelaunchDrawsTheListFromTheImageBeforeTheNetworkAnswers() async throws {
        let (file, directory) = Self.imageFile()
        defer { try? FileManager.default.removeItem(at: directory) }
        let page = try pageOne()

        let firstImage = StoreImage.open(at: file, version: ExampleSchema.version)
        transport.on("Characters") { _ in .answer(page) }
        let first = Self.screen(over: firstImage, transport: transport)
        try await first.list.waitUntil(.ready)
        let drawn = ListView.lines(first)
        firstImage.waitForPendingWrites()
        firstImage.close()

        let image = StoreImage.open(at: file, version: ExampleSchema.version)
        defer { image.close() }
        let offline = ScriptedTransport()
        let relaunched = Self.screen(over: image, transport: offline)
        #expect(ListView.lines(relaunched) == drawn, "the first frame after the relaunch is the page from the image")
        let refresh = try await offline.next(named: "Characters")
        try refresh.answer(page)
        try await relaunched.list.waitUntil(.ready)
        #expect(ListView.lines(relaunched) == drawn)
        try await offline.expectNothingHeld()
    }
}
