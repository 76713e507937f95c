import BatonRecords

/// A test of one variable that decides whether a selection applies: `@include(if: $v)`
/// holds unless `v` is false, `@skip(if: $v)` only when `v` is false. A plain value: safe on
/// any thread.
public enum PlanCondition: Sendable, Hashable {
    case include(String)
    case skip(String)

    /// The variable tested.
    public var variable: String {
        switch self {
        case .include(let name), .skip(let name): name
        }
    }

    /// Whether every one of `conditions` holds under `variables`.
    static func allHold(_ conditions: [PlanCondition], _ variables: [String: JSONValue]) throws(PlanError) -> Bool {
        for condition in conditions where try !condition.holds(variables) { return false }
        return true
    }

    /// Whether the condition holds under `variables` (defaults applied).
    func holds(_ variables: [String: JSONValue]) throws(PlanError) -> Bool {
        let isFalse: Bool
        switch variables[variable] {
        case .bool(let flag)?: isFalse = !flag
        case .null?, nil: isFalse = false
        default: throw .notBoolean(variable: variable)
        }
        switch self {
        case .include: return !isFalse
        case .skip: return isFalse
        }
    }
}

/// A `@defer`red fragment around a selection: its label, and the conditions of its `if`
/// (none: always deferred). A plain value: safe on any thread.
public struct PlanDeferral: Sendable, Hashable {
    public let label: String
    public let conditions: [PlanCondition]

    public init(_ label: String, when conditions: [PlanCondition] = []) {
        self.label = label
        self.conditions = conditions
    }
}

/// One place a field is selected: the conditions every `@include`/`@skip` on the way to it
/// sets, and the `@defer`red fragments around it, innermost first. A field is selected when
/// one of its occurrences' conditions all hold. A plain value: safe on any thread.
public struct PlanOccurrence: Sendable, Hashable {
    public let conditions: [PlanCondition]
    public let deferrals: [PlanDeferral]

    public init(when conditions: [PlanCondition] = [], deferred deferrals: [PlanDeferral] = []) {
        self.conditions = conditions
        self.deferrals = deferrals
    }

    /// Selected without a condition, not deferred.
    public static let always = PlanOccurrence()

    func holds(_ variables: [String: JSONValue]) throws(PlanError) -> Bool {
        try PlanCondition.allHold(conditions, variables)
    }

    /// The deferrals that are on under `variables`, innermost first.
    func activeDeferrals(_ variables: [String: JSONValue]) throws(PlanError) -> [PlanDeferral] {
        var active: [PlanDeferral] = []
        for deferral in deferrals where try PlanCondition.allHold(deferral.conditions, variables) {
            active.append(deferral)
        }
        return active
    }
}
