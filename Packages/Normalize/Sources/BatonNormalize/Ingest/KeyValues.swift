import BatonRecords

/// The key fields an object's members gave, in the order read: usually one, kept inline.
struct KeyValues {
    private var first: (String, JSONValue)?
    private var rest: [(String, JSONValue)] = []

    var isEmpty: Bool { first == nil }

    subscript(name: String) -> JSONValue? {
        get {
            if let first, first.0 == name { return first.1 }
            return rest.first { $0.0 == name }?.1
        }
        set {
            guard let newValue else { return }
            if first == nil || first!.0 == name {
                first = (name, newValue)
            } else if let index = rest.firstIndex(where: { $0.0 == name }) {
                rest[index].1 = newValue
            } else {
                rest.append((name, newValue))
            }
        }
    }
}
