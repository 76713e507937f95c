/// What the environment tells its log. Value-free by construction: operation names, counts,
/// kinds, field names, the persistence's error (a path, a code); never a field's value, a
/// variable or a response. A value: safe on
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
    /// The store's persistence reported a fault (for the SQLite image an `ImageError` in
    /// `PersistenceFault.error`: it could not open, the disk filled, the file went away).
    /// The store goes on in memory. Logged when the environment is made over a store whose
    /// persistence faulted already, and for each fault after.
    case persistenceFailed(PersistenceFault)
    /// The app told the environment it went `.active` or `.inactive` (`setActivity(_:)`).
    case activityChanged(AppActivity)
    /// A query handle fetches again on its own: a record it reaches was invalidated, or the
    /// app came back while its data was stale.
    case revalidating(operation: String, reason: RevalidationReason)
    case ended
}
