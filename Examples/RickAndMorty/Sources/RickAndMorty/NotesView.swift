import BatonLens

/// The open character's notes (the merged connection): one line per note, and a last line
/// saying whether more can be loaded (`Screen.showMoreNotes()`, the fragment paging itself).
@MainActor
enum NotesView {
    static func lines(_ screen: Screen) -> [String] {
        guard let character = (try? screen.character?.data?.character) ?? nil else { return [] }
        let notes: CharacterNotes.Notes
        let edges: [CharacterNotes.Notes.Edges]
        do {
            notes = try character.characterNotes.notes
            edges = try notes.edges
        } catch {
            return ["  Notes: \(error)"]
        }
        var lines = ["  Notes (\(edges.count)):"]
        for edge in edges {
            guard let note = try? edge.node else { continue }
            lines.append("    [\((try? note.id) ?? "?")] \((try? note.text) ?? "?")")
        }
        if (try? notes.pageInfo.hasNextPage) == true { lines.append("    … more (m)") }
        return lines
    }
}
