import BatonLens

/// The open character's header: name, status, species and origin, read through the
/// `CharacterHeader` fragment observed by the character's key (`Screen.header`, what a SwiftUI
/// row's `@GraphQLFragment` holds), not through the screen's query.
@MainActor
enum CharacterHeaderView {
    static func lines(_ screen: Screen) -> [String] {
        guard let handle = screen.character else { return [] }
        guard let header = screen.header?.lens else {
            return ["Character: \(handle.phase.placeholder)"]
        }
        let name = ((try? header.name) ?? nil) ?? "?"
        let status = ((try? header.status) ?? nil) ?? "?"
        let species = ((try? header.species) ?? nil) ?? "?"
        let origin = ((try? header.origin?.name) ?? nil) ?? "unknown"
        return ["\(name): \(status) \(species), from \(origin)"]
    }
}
