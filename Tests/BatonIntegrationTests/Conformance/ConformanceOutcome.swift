/// What running one conformance case gave.
enum ConformanceOutcome: Sendable {
    /// The records and every read agree; `lensRows` are the rows whose value only a lens
    /// rule gives (their response-level value differs, as their note says it would).
    case agrees(lensRows: [String])
    /// The records or a read disagree, each difference a line.
    case diverges([String])
    /// The case's dump is in no copy of the suite, so only its reads were checked, and they
    /// agree; `lensRows` as for `agrees`.
    case readsAgreeWithoutDump(lensRows: [String])
    /// A file the case needs is not in the data set.
    case notRunnable(String)

    var isAgreement: Bool {
        if case .agrees = self { return true }
        return false
    }
}
