import BatonLens
import Observation

/// What is on screen: the list's handle and the pages it has merged, and the open character's handle. The
/// views read it (tracked), so replacing a handle re-renders the views that showed the old one.
///
/// Main actor, `@Observable`.
@MainActor
@Observable
final class Screen {
    /// The last page the list shows (it shows every page from 1 to this one, merged): the one
    /// before the last answer's `info.next`, or the last page when there is no next; 1 before
    /// anything has loaded.
    var page: Int {
        guard let info = (try? list.data?.characters?.info) ?? nil else { return 1 }
        if let next = (try? info.next) ?? nil { return next - 1 }
        return ((try? info.pages) ?? nil) ?? 1
    }
    /// One handle for the whole list: its pages merge into one `characters` list.
    let list: QueryHandle<CharactersQuery>
    private(set) var character: QueryHandle<CharacterQuery>?
    /// The open character's header, observed by its key (the core of `@GraphQLFragment`): drawn
    /// from the store whenever it holds the character, before the character's query answers.
    private(set) var header: FragmentObserver<CharacterHeader>?
    /// The open character's notes paging themselves, made at the first `showMoreNotes()`.
    private(set) var notes: RefetchHandle<CharacterNotes>?
    @ObservationIgnored let environment: GraphQLEnvironment

    /// A screen on the list from page `page` on.
    init(page: Int, environment: GraphQLEnvironment) {
        self.environment = environment
        list = QueryHandle(
            CharactersQuery.self, variables: .init(page: page),
            policy: .cacheAndNetwork, in: environment)
    }

    /// Appends the next page to the list (`loadNext()`), when the last one says there is one;
    /// returns whether a page landed. A failure is the list handle's `error`.
    func showNext() async -> Bool {
        guard list.hasNext else { return false }
        await list.loadNext()
        return list.error == nil
    }

    /// Opens the character `id`, the same way.
    func open(character id: String) {
        character = QueryHandle(
            CharacterQuery.self, variables: .init(id: id),
            policy: .cacheAndNetwork, in: environment)
        header = FragmentObserver(key: RecordKey(type: "Character", id: id), in: environment)
        notes = nil
    }

    /// Looks the header's record up again, once the character's query has landed it (the
    /// store's set of records is not observable; `@GraphQLFragment` does this at each update).
    func refreshHeader() {
        header?.refresh()
    }

    func closeCharacter() {
        character = nil
        header = nil
        notes = nil
    }

    /// Loads the open character's next two notes through its `CharacterNotes` fragment
    /// (`loadNext(2)` on a `RefetchHandle`): only that fragment's refetch query is sent, and
    /// its page merges into the connection the screen's query wrote. Returns whether a page
    /// landed; a failure is the handle's `error`.
    func showMoreNotes() async -> Bool {
        guard let character = (try? character?.data?.character) ?? nil else { return false }
        let handle: RefetchHandle<CharacterNotes>
        if let notes {
            handle = notes
        } else {
            handle = RefetchHandle(character.characterNotes, in: environment)
            notes = handle
        }
        guard handle.hasNext else { return false }
        do {
            try await handle.loadNext(2)
        } catch {
            return false
        }
        return true
    }

    /// The open character's first note, as the store holds it now.
    var firstNote: (id: String, text: String)? {
        guard let character = (try? character?.data?.character) ?? nil,
            let note = (try? character.characterNotes.notes.edges.first?.node) ?? nil,
            let id = try? note.id
        else { return nil }
        return (id, (try? note.text) ?? "")
    }

    /// Writes `text` into the note `id` through `EditNote` with an optimistic response: the
    /// notes view shows the new text while the request is on its way, and shows the old one
    /// again if the request fails (then this throws the failure).
    func edit(note id: String, text: String) async throws {
        let mutation = MutationHandle(EditNoteMutation.self, in: environment)
        try await mutation.perform(
            variables: .init(id: id, text: text),
            optimisticResponse: EditNoteMutation.optimisticResponse(id: id, text: text))
    }
}
