/// A value literal in a document: an argument's value, a variable's default, a directive's argument.
///
/// Numbers keep their source text so nothing is lost before they are resolved. A plain value: safe
/// on any thread.
public indirect enum InputValue: Sendable {
    case variable(String)
    case int(String)
    case float(String)
    case string(String)
    case boolean(Bool)
    case null
    case enumValue(String)
    case list([InputValue])
    case object([(name: String, value: InputValue)])

    /// Whether the value mentions no variable at any depth.
    public var isConstant: Bool {
        switch self {
        case .variable: false
        case .list(let items): items.allSatisfy(\.isConstant)
        case .object(let fields): fields.allSatisfy { $0.value.isConstant }
        default: true
        }
    }

    /// The names of the variables the value mentions, in order of appearance.
    public var variableNames: [String] {
        var names: [String] = []
        collectVariables(into: &names)
        return names
    }

    func collectVariables(into names: inout [String]) {
        switch self {
        case .variable(let name): names.append(name)
        case .list(let items): for item in items { item.collectVariables(into: &names) }
        case .object(let fields): for field in fields { field.value.collectVariables(into: &names) }
        default: break
        }
    }
}

extension InputValue: Hashable {
    public static func == (lhs: InputValue, rhs: InputValue) -> Bool {
        switch (lhs, rhs) {
        case (.variable(let a), .variable(let b)): a == b
        case (.int(let a), .int(let b)): a == b
        case (.float(let a), .float(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.boolean(let a), .boolean(let b)): a == b
        case (.null, .null): true
        case (.enumValue(let a), .enumValue(let b)): a == b
        case (.list(let a), .list(let b)): a == b
        case (.object(let a), .object(let b)):
            a.count == b.count && zip(a, b).allSatisfy { $0.name == $1.name && $0.value == $1.value }
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .variable(let name): hasher.combine(0); hasher.combine(name)
        case .int(let text): hasher.combine(1); hasher.combine(text)
        case .float(let text): hasher.combine(2); hasher.combine(text)
        case .string(let text): hasher.combine(3); hasher.combine(text)
        case .boolean(let value): hasher.combine(4); hasher.combine(value)
        case .null: hasher.combine(5)
        case .enumValue(let name): hasher.combine(6); hasher.combine(name)
        case .list(let items): hasher.combine(7); hasher.combine(items)
        case .object(let fields):
            hasher.combine(8)
            hasher.combine(fields.count)
            for field in fields {
                hasher.combine(field.name)
                hasher.combine(field.value)
            }
        }
    }
}
