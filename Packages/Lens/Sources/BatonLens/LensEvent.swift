/// What the environment tells its log. Value-free by construction: operation names, counts,
/// kinds, field names; never a field's value, a variable or a response. A value: safe on
/// any thread.
public enum LensEvent: Hashable, Sendable {
    case fetchStarted(operation: String)
    case committed(operation: String, records: Int, fields: Int)
    case collected(count: Int)
    /// A handle's first check answered from `source`; `available` says whether everything
    /// was there.
    case hydrated(operation: String, source: CheckSource, available: Bool)
    case failed(operation: String, kind: FailureKind)
    /// A `@required(action: LOG)` field was null, so its fragment read as absent.
    case requiredFieldNull(fragment: String, field: String)
    case subscriptionDropped(operation: String, attempt: Int)
    case ended
}
