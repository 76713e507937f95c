import BatonImage
import BatonLens
import BatonTransport
import Foundation

/// The app: an image-backed store, an environment over HTTP, the screen and its views, and
/// the two ways to drive them (the scripted flow CI runs, and interactive commands).
///
/// Main actor. Made once per launch; ``shutDown()`` waits for the image's writes.
@MainActor
final class ExampleApp {
    let options: Options
    let image: StoreImage
    let environment: GraphQLEnvironment
    let screen: Screen
    let loop: RenderLoop
    /// When the launch started, before the image opened.
    private let launched: ContinuousClock.Instant
    /// When the list's handle asked the store for page 1 (after the schema, the image and the
    /// URL session were set up).
    private let asked: ContinuousClock.Instant

    init(options: Options) {
        launched = .now
        self.options = options
        image = StoreImage.open(
            at: options.imageFile, version: ExampleSchema.version,
            options: StoreImage.Options(onError: { error in
                print("image: \(error) (the app carries on in memory)")
            }))
        let store = Store(normalization: ExampleSchema.normalization, persistence: image)
        environment = GraphQLEnvironment(store: store, transport: HTTPTransport(url: options.endpoint))
        loop = RenderLoop(trace: options.trace)
        print("rick-and-morty: \(options.endpoint.absoluteString), image \(options.imageFile.path)")
        // The handle's initializer checks the store, which reads the image: a relaunch has the
        // page here, before any await.
        asked = .now
        screen = Screen(page: 1, environment: environment)
    }

    // MARK: Scripted flow

    /// List page 1 (every page merged so far, on a relaunch) → append the next page → open a
    /// character → load more of its notes through its paging fragment → edit its first note
    /// optimistically → done.
    /// Returns the exit status.
    func runScripted() async -> Int32 {
        print("── page 1")
        loop.mount("list") { [screen] in ListView.lines(screen) }
        let drawn = ContinuousClock.now - asked
        let fromImage = screen.list.data != nil
        print(
            fromImage
                ? "   (drawn from the image \((ContinuousClock.now - launched).milliseconds) after launch; the network has not answered yet)"
                : "   (nothing in the image yet: waiting for the network)")
        guard await refreshed(screen.list, what: "page 1", since: asked, drawn: fromImage ? drawn : nil)
        else { return 1 }

        print("── next page")
        let started = ContinuousClock.now
        let landed = await screen.showNext()
        await loop.settle()
        guard landed else {
            print("   next page: the network failed: \(screen.list.error.map { "\($0)" } ?? "no next page")")
            return 1
        }
        print("   page \(screen.page): appended, network answered in \((ContinuousClock.now - started).milliseconds)")

        print("── character \(options.characterID)")
        screen.open(character: options.characterID)
        mountCharacterViews()
        guard await refreshed(screen.character!, what: "character \(options.characterID)") else { return 1 }
        screen.refreshHeader()
        await loop.settle()

        print("── more notes")
        guard await moreNotes() else { return 1 }

        guard await editFirstNote(options.noteText) else { return 1 }

        print("── done")
        if options.trace { print("renders: \(loop.summary)") }
        return 0
    }

    /// Loads the open character's next notes through its paging fragment and lets the notes
    /// view re-render; returns false when the page failed (no next page is no failure).
    private func moreNotes() async -> Bool {
        let started = ContinuousClock.now
        let landed = await screen.showMoreNotes()
        await loop.settle()
        if let error = screen.notes?.error {
            print("   more notes: the network failed: \(error)")
            return false
        }
        print(
            landed
                ? "   notes: the fragment paged itself, network answered in \((ContinuousClock.now - started).milliseconds)"
                : "   notes: no more to load")
        return true
    }

    /// Mounts the open character's three views.
    private func mountCharacterViews() {
        loop.mount("character") { [screen] in CharacterHeaderView.lines(screen) }
        loop.mount("episodes") { [screen] in EpisodesView.lines(screen) }
        loop.mount("notes") { [screen] in NotesView.lines(screen) }
    }

    /// Waits for `handle`'s fetch (joining the one its initializer started, which keeps the
    /// pages a list merged; `handle.refetch()` would start the list again), lets the views it
    /// changed re-render, and says how long the network took since `since` (and the image,
    /// when `drawn` says how long after `since` the view was drawn from it); returns whether
    /// the fetch landed.
    private func refreshed<Op>(
        _ handle: QueryHandle<Op>, what: String, since: ContinuousClock.Instant = .now, drawn: Duration? = nil
    ) async -> Bool {
        var failure: OperationError?
        do {
            try await environment.fetch(Op.self, variables: handle.variables)
        } catch {
            failure = error
        }
        let answered = ContinuousClock.now - since
        await loop.settle()
        if let error = failure ?? handle.error {
            print("   \(what): the network failed: \(error)")
            return false
        }
        if let drawn {
            print("   \(what): from image in \(drawn.milliseconds), network answered in \(answered.milliseconds)")
        } else {
            print("   \(what): network answered in \(answered.milliseconds)")
        }
        return true
    }

    /// Writes `text` into the open character's first note through `EditNote`, with an
    /// optimistic response: the notes view shows it while the request is on its way. Without
    /// a text, counts the visit: "Visited 1 time by the Baton example", then 2 times, ...
    func editFirstNote(_ text: String?) async -> Bool {
        guard let note = screen.firstNote else {
            print("   no note to edit")
            return false
        }
        let text = text ?? Self.visitNote(after: note.text)
        print("── edit note \(note.id) (optimistic): \(text)")
        let started = ContinuousClock.now
        do {
            try await screen.edit(note: note.id, text: text)
        } catch {
            await loop.settle()
            print("   the edit failed and was rolled back: \(error)")
            return false
        }
        await loop.settle()
        print("   server confirmed in \((ContinuousClock.now - started).milliseconds)")
        return true
    }

    // MARK: Interactive

    /// Reads commands from stdin until `q` or the end of input. Returns the exit status.
    func runInteractive() async -> Int32 {
        loop.mount("list") { [screen] in ListView.lines(screen) }
        print("commands: n (next page), open ID, m (more notes), note TEXT, q")
        while let line = await Self.readLine() {
            let words = line.split(separator: " ", maxSplits: 1).map(String.init)
            switch words.first {
            case "n":
                if await !screen.showNext() {
                    print("   no next page: \(screen.list.error.map { "\($0)" } ?? "the last")")
                }
                await loop.settle()
            case "open" where words.count == 2:
                screen.open(character: words[1])
                mountCharacterViews()
                _ = await refreshed(screen.character!, what: "character \(words[1])")
                screen.refreshHeader()
                await loop.settle()
            case "m":
                _ = await moreNotes()
            case "note" where words.count == 2:
                _ = await editFirstNote(words[1])
            case "q":
                if options.trace { print("renders: \(loop.summary)") }
                return 0
            case nil:
                continue
            default:
                print("commands: n, open ID, m, note TEXT, q")
            }
        }
        return 0
    }

    /// The next line of stdin, read off the main actor; nil at the end of input.
    @concurrent
    private static func readLine() async -> String? {
        Swift.readLine()
    }

    // MARK: Shutdown

    /// Waits until the image has every commit of this launch, then closes it.
    func shutDown() {
        image.waitForPendingWrites()
        image.close()
    }

    /// The visit count note that follows `text`.
    static func visitNote(after text: String) -> String {
        let prefix = "Visited "
        let suffix = " by the Baton example"
        var visits = 1
        if text.hasPrefix(prefix),
            let count = text.dropFirst(prefix.count).split(separator: " ").first.flatMap({ Int($0) })
        {
            visits = count + 1
        }
        return prefix + (visits == 1 ? "1 time" : "\(visits) times") + suffix
    }
}
