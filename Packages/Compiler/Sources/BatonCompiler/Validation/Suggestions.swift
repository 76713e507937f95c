@_spi(Baton) import BatonNormalize

/// The names nearest a misspelt one, for a "did you mean" hint: those within an edit
/// distance of about two fifths of the input's length (`length * 2 / 5 + 1`), nearest first,
/// ties in alphabetical order, at most ``limit``. Names differing only in case are the
/// nearest of all (distance 1 at most, whatever the length).
///
/// A namespace of pure functions.
enum Suggestions {
    static let limit = 5

    /// The candidates nearest `input`, best first.
    static func nearest(to input: String, among candidates: some Sequence<String>) -> [String] {
        let typed = Array(input.lowercased().unicodeScalars)
        let threshold = typed.count * 2 / 5 + 1
        var found: [(name: String, distance: Int)] = []
        for candidate in Set(candidates) where candidate != input {
            let lowered = Array(candidate.lowercased().unicodeScalars)
            let distance = lowered == typed ? 1 : NearestName.editDistance(typed, lowered, limit: threshold)
            if distance <= threshold { found.append((candidate, distance)) }
        }
        found.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.name < $1.name }
        return found.prefix(limit).map(\.name)
    }

    /// `; did you mean 'a', 'b' or 'c'?`, or "" without suggestions.
    static func hint(_ names: [String]) -> String {
        guard let last = names.last else { return "" }
        let quoted = names.map { "'\($0)'" }
        let list = names.count == 1 ? quoted[0] : quoted.dropLast().joined(separator: ", ") + " or '\(last)'"
        return "; did you mean \(list)?"
    }
}
