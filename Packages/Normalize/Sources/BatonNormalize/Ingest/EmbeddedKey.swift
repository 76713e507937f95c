import BatonRecords

/// Where an object without identity is embedded: under its parent's field, at a list index
/// (indices of lists of lists outermost first), and, in an abstract position, with its
/// concrete type last (`client:root:search(name:"a"):0:Character`), so an object of another
/// type at the same place is another record.
struct EmbeddedKey {
    let parent: RecordKey
    let storageKey: String
    let index: Int?
    let outer: [Int]
    /// The concrete type, for an object in an abstract position.
    private(set) var typename: String?

    init(parent: RecordKey, storageKey: String) {
        self.parent = parent
        self.storageKey = storageKey
        self.index = nil
        self.outer = []
    }

    private init(parent: RecordKey, storageKey: String, index: Int?, outer: [Int]) {
        self.parent = parent
        self.storageKey = storageKey
        self.index = index
        self.outer = outer
    }

    var key: RecordKey {
        guard let typename else { return untypedKey }
        return RecordKey(untypedKey.rawValue + ":" + typename)
    }

    private var untypedKey: RecordKey {
        guard let index else { return parent.child(storageKey) }
        guard let first = outer.first else { return parent.child(storageKey, index: index) }
        var text = parent.child(storageKey, index: first).rawValue
        for inner in outer.dropFirst() + [index] { text += ":" + String(inner) }
        return RecordKey(text)
    }

    /// This place, for an object of `typename` in an abstract position.
    func typed(_ typename: String) -> EmbeddedKey {
        var typed = self
        typed.typename = typename
        return typed
    }

    func at(_ element: Int) -> EmbeddedKey {
        guard let index else { return EmbeddedKey(parent: parent, storageKey: storageKey, index: element, outer: []) }
        return EmbeddedKey(parent: parent, storageKey: storageKey, index: element, outer: outer + [index])
    }
}
