import BatonLens

/// The open character's episodes: how many, and the first few by code and name.
@MainActor
enum EpisodesView {
    static let shown = 3

    static func lines(_ screen: Screen) -> [String] {
        guard let character = (try? screen.character?.data?.character) ?? nil,
            let episodes = (try? character.episode)?.compactMap({ $0 })
        else { return [] }
        var lines = ["  Episodes (\(episodes.count)):"]
        for episode in episodes.prefix(shown) {
            let code = ((try? episode.episode) ?? nil) ?? "?"
            let name = ((try? episode.name) ?? nil) ?? "?"
            lines.append("    \(code)  \(name)")
        }
        if episodes.count > shown { lines.append("    … and \(episodes.count - shown) more") }
        return lines
    }
}
