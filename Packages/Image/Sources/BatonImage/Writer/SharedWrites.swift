import BatonStore

/// Which open of a shared file wrote each record, so that one store's write never replaces
/// cells another store wrote.
///
/// A store's entry for a record whose row its check read replaces the row
/// (`PersistenceBatch.Entry.rowWasRead`): the store's record holds every cell the row held
/// when it was read. With two stores over one file (two opens that share it, ``ImageShare``)
/// that holds for the row as it was read, not for cells the other store wrote into it since,
/// which the replacement dropped: the next launch missed them. Once a second open shares the
/// file, every batch is noted here as it is queued (`ImageFile.enqueue(_:generation:share:)`):
/// an entry for a record another open has written is merged over the row instead (its own
/// cells first, then the row's it does not write), from then on. A record only its own open
/// wrote is replaced as before, and a file one open has alone keeps nothing here.
///
/// Lives in the file's `pending` state, under its lock, so queued batches carry the decision
/// and the writer and a read of the queue (``QueuedWrites``) see the same entries.
struct SharedWrites: Sendable {
    /// Per record key: the number of the one open that wrote it, or ``severalOpens``.
    private var writers: [RecordKey: UInt64] = [:]

    /// What `writers` holds once two opens wrote a record.
    private static let severalOpens = UInt64.max

    /// Notes `batch`'s records as written by open `share`, and turns each of its entries that
    /// would replace a row another open wrote into one merged over that row.
    mutating func note(_ batch: inout PersistenceBatch, from share: UInt64) {
        for index in batch.entries.indices {
            let key = batch.entries[index].snapshot.key
            guard !key.isRoot else { continue }  // a root's fields are written one by one
            switch writers[key] {
            case nil:
                writers[key] = share
            case share?:
                break
            default:
                writers[key] = Self.severalOpens
                batch.entries[index].rowWasRead = false
            }
        }
    }
}
