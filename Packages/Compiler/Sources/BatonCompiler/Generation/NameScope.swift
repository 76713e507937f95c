/// One Swift scope's names: each name handed out once, a name in `reserved` or taken
/// suffixed with `_` until free. Deterministic: the same requests in the same order give the
/// same names.
struct NameScope {
    private var taken: Set<String>

    init(reserved: Set<String> = []) {
        taken = reserved
    }

    /// A free name for `wanted`, now taken.
    mutating func claim(_ wanted: String) -> String {
        var name = wanted
        while taken.contains(name) { name += "_" }
        taken.insert(name)
        return name
    }

    mutating func reserve(_ name: String) {
        taken.insert(name)
    }

    /// Gives back `name`, claimed for something not written after all.
    mutating func release(_ name: String) {
        taken.remove(name)
    }
}
