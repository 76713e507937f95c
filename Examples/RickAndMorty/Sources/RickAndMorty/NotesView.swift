import BatonLens

/// The open character's notes (the merged connection): one line per note.
@MainActor
enum NotesView {
    static func lines(_ screen: Screen) -> [String] {
        guard let character = (try? screen.character?.data?.character) ?? nil else { return [] }
        let edges: [CharacterQuery.Character.Notes.Edges]
        do {
            edges = try character.notes.edges
        } catch {
            return ["  Notes: \(error)"]
        }
        var lines = ["  Notes (\(edges.count)):"]
        for edge in edges {
            guard let note = try? edge.node else { continue }
            lines.append("    [\((try? note.id) ?? "?")] \((try? note.text) ?? "?")")
        }
        return lines
    }
}
