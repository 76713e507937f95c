extension Value {
    /// The kind of value, for errors: never the value itself.
    var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "Bool"
        case .int: "Int"
        case .double: "Double"
        case .string: "String"
        case .scalar: "custom scalar"
        case .link: "link"
        case .list: "list"
        case .error: "field error"
        }
    }
}
