import BatonLens
import Observation

/// What is on screen: the list's page and handle, and the open character's handle. The
/// views read it (tracked), so replacing a handle re-renders the views that showed the old one.
///
/// Main actor, `@Observable`.
@MainActor
@Observable
final class Screen {
    private(set) var page: Int
    private(set) var list: QueryHandle<CharactersQuery>
    private(set) var character: QueryHandle<CharacterQuery>?
    @ObservationIgnored let environment: GraphQLEnvironment

    init(page: Int, environment: GraphQLEnvironment) {
        self.page = page
        self.environment = environment
        list = QueryHandle(
            CharactersQuery.self, variables: .init(page: page),
            policy: .cacheAndNetwork, in: environment)
    }

    /// Shows page `page`: from the store (and so the image) at once when it holds it, and
    /// refreshed from the network.
    func show(page: Int) {
        self.page = page
        list = QueryHandle(
            CharactersQuery.self, variables: .init(page: page),
            policy: .cacheAndNetwork, in: environment)
    }

    /// Opens the character `id`, the same way.
    func open(character id: String) {
        character = QueryHandle(
            CharacterQuery.self, variables: .init(id: id),
            policy: .cacheAndNetwork, in: environment)
    }

    func closeCharacter() {
        character = nil
    }

    /// The open character's first note, as the store holds it now.
    var firstNote: (id: String, text: String)? {
        guard let character = (try? character?.data?.character) ?? nil,
            let note = (try? character.notes.edges.first?.node) ?? nil,
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
