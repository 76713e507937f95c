/// The name among some candidates that a mistyped one most likely meant: what an error
/// suggests after "did you mean". A namespace of pure functions, safe on any thread.
@_spi(Baton) public enum NearestName {
    /// The candidate with the fewest edits from `name` (ties: the first),
    /// when those edits are at most a third of the longer name's length, and at least one.
    static func among(_ candidates: [String], to name: String) -> String? {
        let target = Array(name.unicodeScalars)
        var best: (name: String, distance: Int)?
        for candidate in candidates where candidate != name {
            let scalars = Array(candidate.unicodeScalars)
            let bound = max(1, max(scalars.count, target.count) / 3)
            let distance = editDistance(target, scalars, limit: bound)
            if distance <= bound, distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        return best?.name
    }

    /// The edits (insert, delete, substitute, swap two neighbours: `nmae` is one edit from
    /// `name`) that turn `a` into `b`, each character edited once at most; anything above
    /// `limit` is `limit + 1`. The compiler's "did you mean" shares it.
    public static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int {
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
