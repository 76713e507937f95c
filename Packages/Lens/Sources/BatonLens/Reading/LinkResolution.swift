/// What resolving a link gave, before the declared type decides what a null or a bubbled
/// `@required` means.
public enum LinkResolution<T> {
    case value(T)
    case null
    /// The link names a record the store does not hold (deleted, collected).
    case deleted(RecordKey)
    /// A `@required(action: NONE | LOG)` field of the linked fragment is null.
    case bubbled(field: String, record: RecordKey)
}
