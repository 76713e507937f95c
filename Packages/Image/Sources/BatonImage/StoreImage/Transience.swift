import BatonRecords

/// What the app marks transient: records of these types and root fields of these names
/// never reach the image.
struct Transience: Sendable {
    let types: Set<String>
    let rootFields: Set<String>

    var isEmpty: Bool { types.isEmpty && rootFields.isEmpty }

    /// Whether `snapshot` is of a transient type: its `__typename` when it has one, else the
    /// type its key names (the text before the first `:`).
    func isTransient(_ snapshot: RecordSnapshot) -> Bool {
        guard !types.isEmpty else { return false }
        if case .string(let type)? = snapshot[Slot.typename] { return types.contains(type) }
        let text = snapshot.key.rawValue
        guard let colon = text.firstIndex(of: ":") else { return types.contains(text) }
        return types.contains(String(text[..<colon]))
    }

    /// Whether the root field with `storageKey` is transient: its name (the storage key
    /// without arguments) is marked.
    func isTransientRootField(_ storageKey: String) -> Bool {
        guard !rootFields.isEmpty else { return false }
        if let paren = storageKey.firstIndex(of: "(") {
            return rootFields.contains(String(storageKey[..<paren]))
        }
        return rootFields.contains(storageKey)
    }
}
