extension TypeReference {
    /// Whether the type is a list (under any non-null wrapper).
    var isList: Bool {
        switch self {
        case .named: false
        case .list: true
        case .nonNull(let inner): inner.isList
        }
    }
}
