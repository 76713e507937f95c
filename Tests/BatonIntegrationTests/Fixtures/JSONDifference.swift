import BatonRecords

/// The first place two JSON values differ, as a response path and both sides, or nil when
/// they are equal (members in any order; an int and a double of the same value are equal).
enum JSONDifference {
    static func first(_ ours: JSONValue?, _ theirs: JSONValue?, path: String = "data") -> String? {
        switch (ours, theirs) {
        case (nil, nil): return nil
        case (let value?, nil): return "\(path): extra \(value.jsonText())"
        case (nil, let value?): return "\(path): missing \(value.jsonText())"
        case (.array(let a)?, .array(let b)?):
            for index in 0..<max(a.count, b.count) {
                let mine = index < a.count ? a[index] : nil
                let other = index < b.count ? b[index] : nil
                if let difference = first(mine, other, path: "\(path).\(index)") { return difference }
            }
            return nil
        case (.object(let a)?, .object(let b)?):
            var names = a.map(\.0)
            for (name, _) in b where !names.contains(name) { names.append(name) }
            for name in names {
                if let difference = first(ours?[member: name], theirs?[member: name], path: "\(path).\(name)") {
                    return difference
                }
            }
            return nil
        case (let a?, let b?):
            return a == b ? nil : "\(path): \(a.jsonText()) != \(b.jsonText())"
        }
    }
}
