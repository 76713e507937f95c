/// The name among some candidates that a mistyped one most likely meant: what an error
/// suggests after "did you mean". A namespace of pure functions, safe on any thread.
enum NearestName {
    /// The candidate with the fewest edits from `name` (ties: the first),
    /// when those edits are at most a third of the longer name's length, and at least one.
    static func among(_ candidates: [String], to name: String) -> String? {
        let target = Array(name.unicodeScalars)
        var best: (name: String, distance: Int)?
        for candidate in candidates where candidate != name {
            let scalars = Array(candidate.unicodeScalars)
            let bound = max(1, max(scalars.count, target.count) / 3)
            let distance = editDistance(target, scalars)
            if distance <= bound, distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        return best?.name
    }

    /// The edits from `a` to `b`: insertions, deletions, substitutions and swaps of two
    /// neighbours (`nmae` is one edit from `name`), each character edited once at most.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                var distance = min(
                    previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1), previous[j] + 1, current[j - 1] + 1)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    distance = min(distance, beforePrevious[j - 2] + 1)
                }
                current[j] = distance
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }
}
