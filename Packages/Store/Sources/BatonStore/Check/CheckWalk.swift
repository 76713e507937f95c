@_spi(Baton) import BatonRecords
import BatonNormalize

/// The state of one walk of the availability check. Main actor, one check's life.
struct CheckWalk {
    /// A record awaiting its row, met on the walk that may read, with the selection to walk
    /// it with.
    ///
    /// Holds neither strongly: the walk's `batch` holds the record until its level is
    /// walked, and the plan being checked holds the selection. Copies cost no reference
    /// counting (a level holds thousands).
    struct Unread {
        unowned(unsafe) let record: Record
        unowned(unsafe) let selection: SelectionPlan
    }

    /// The persistence's reader, on the walk that may ask it.
    let reader: (any PersistenceReader)?
    /// Whether `reader` is set: tested at every link without copying the existential.
    let hasReader: Bool
    /// Whether the walk keeps the response path, to name what is missing. The first walk
    /// does not (the common answer is "available"); a walk that found gaps runs again with it.
    let tracksPaths: Bool
    var path: [FieldError.PathElement] = []
    var missing: [[FieldError.PathElement]] = []
    var pending = false
    /// Whether a gap was found that the persistence might fill.
    var persistenceMightHelp = false
    /// The sequence of the latest invalidation of a record walked (see ``Stamp``), or 0.
    var latestInvalidation = 0
    /// Records walked with a selection and found complete.
    var complete: Set<Visit> = []
    /// On the walk that may read: links to records awaiting their rows, walked after the
    /// level that met them is read. That walk names no paths, so a gap among them is
    /// counted, not placed.
    var unread: [Unread] = []
    /// The records the walk entered for links memory lacked, whose rows the next level reads.
    var batch: [Record] = []

    init(reader: (any PersistenceReader)?, tracksPaths: Bool = false) {
        self.reader = reader
        self.hasReader = reader != nil
        self.tracksPaths = tracksPaths
        if tracksPaths { path.reserveCapacity(16) }
    }
}
