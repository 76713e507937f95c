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
            let distance = lowered == typed ? 1 : editDistance(typed, lowered, limit: threshold)
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

    /// The edits (insert, delete, substitute, swap two neighbours) that turn `a` into `b`;
    /// anything above `limit` is `limit + 1`.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int {
        if abs(a.count - b.count) > limit { return limit + 1 }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        // Three rows of the table: two back (for a swap), the last, and the one being filled.
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var row = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            row[0] = i
            var smallest = row[0]
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var best = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { best = min(best, before[j - 2] + 1) }
                row[j] = best
                smallest = min(smallest, best)
            }
            if smallest > limit { return limit + 1 }
            (before, previous, row) = (previous, row, before)
        }
        return min(previous[b.count], limit + 1)
    }
}
