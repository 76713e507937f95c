/// Why a ``RefetchHandle`` could not fetch its fragment again or re-point its lens, with the
/// fragment's name and the record concerned. A value: safe on any thread.
public enum RefetchError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The lens's record lacks a key field the refetch query's lookup takes (its `id`).
    case missingKey(fragment: String, field: String, record: RecordKey)
    /// The refetch query's answer landed but holds no record for the fragment: its lookup
    /// answered null (the record is gone on the server) or another record's type.
    case notInAnswer(fragment: String, operation: String)

    public var description: String {
        switch self {
        case .missingKey(let fragment, let field, let record):
            "\(fragment): cannot refetch \(record.rawValue): the record has no '\(field)' to look it up by"
        case .notInAnswer(let fragment, let operation):
            "\(fragment): \(operation) answered no record for the fragment"
        }
    }
}
