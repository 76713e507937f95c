@_spi(Baton) import BatonRecords

/// The state of one walk of the availability check. Main actor, one check's life.
struct CheckWalk {
    /// The persistence's reader, on the walk that may ask it.
    let reader: (any PersistenceReader)?
    let tracksInvalidation: Bool
    var path: [FieldError.PathElement] = []
    var missing: [[FieldError.PathElement]] = []
    var pending = false
    /// Whether a gap was found that the persistence might fill.
    var persistenceMightHelp = false
    var latestInvalidation: Stamp?
    /// Records walked with a selection and found complete.
    var complete: Set<Visit> = []

    init(reader: (any PersistenceReader)?, tracksInvalidation: Bool) {
        self.reader = reader
        self.tracksInvalidation = tracksInvalidation
        path.reserveCapacity(16)
    }
}
