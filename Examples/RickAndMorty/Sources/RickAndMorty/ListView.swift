import BatonLens

/// The characters list: the header (the last page merged) and one row per character of every
/// page merged (id, name, status, species). Reads the screen's list handle, the page's info and each row's four fields, so it
/// re-renders when the page changes or one of those fields does, and for nothing else (a
/// note edit, an episode).
@MainActor
enum ListView {
    static func lines(_ screen: Screen) -> [String] {
        let handle = screen.list
        guard let data = handle.data, let page = try? data.characters else {
            return ["Characters, page \(screen.page): \(handle.phase.placeholder)"]
        }
        let info = try? page.info
        let pages = (try? info?.pages).flatMap { $0 }.map { " of \($0)" } ?? ""
        let count = (try? info?.count).flatMap { $0 }.map { " (\($0) characters)" } ?? ""
        var lines = ["Characters, page \(screen.page)\(pages)\(count)"]
        let rows = ((try? page.results) ?? nil)?.compactMap { $0 } ?? []
        for row in rows {
            let id = ((try? row.id) ?? nil) ?? "?"
            let name = ((try? row.name) ?? nil) ?? "?"
            let status = ((try? row.status) ?? nil) ?? "?"
            let species = ((try? row.species) ?? nil) ?? "?"
            lines.append(
                "  " + String(repeating: " ", count: max(0, 4 - id.count)) + id + "  "
                    + name.padded(to: 30) + " " + status.padded(to: 8) + " " + species)
        }
        return lines
    }
}
