import BatonLens

/// The open character's header: name, status, species and origin.
@MainActor
enum CharacterHeaderView {
    static func lines(_ screen: Screen) -> [String] {
        guard let handle = screen.character else { return [] }
        guard let character = (try? handle.data?.character) ?? nil else {
            return ["Character: \(handle.phase.placeholder)"]
        }
        let name = ((try? character.name) ?? nil) ?? "?"
        let status = ((try? character.status) ?? nil) ?? "?"
        let species = ((try? character.species) ?? nil) ?? "?"
        let origin = ((try? character.origin?.name) ?? nil) ?? "unknown"
        return ["\(name): \(status) \(species), from \(origin)"]
    }
}
