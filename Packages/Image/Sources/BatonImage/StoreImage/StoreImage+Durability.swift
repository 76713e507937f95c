import Foundation

extension StoreImage {
    /// Blocks until every batch handed over before the call has been through the writer, then
    /// says whether the writer committed each one. Returns when every write it took since the
    /// open (each batch, and the open's ageing) was committed: its transaction's `COMMIT` returned, so it is in the file's
    /// write-ahead log, which survives the process being killed at any moment after (WAL with
    /// `synchronous=NORMAL`; a power loss or a crash of the system can lose the last commits,
    /// never the file's consistency). Throws when it cannot say so: the first error that lost
    /// a write (a full disk, an I/O error; every later call throws it too), the error that
    /// made the image ``State/failed(_:)``, or ``ImageError/unavailable(path:reason:)`` when
    /// the image was closed or a ``removeAll()`` came after this handle was made (its batches
    /// are dropped). Not from the main actor in an app: for tests, tools and shutdown.
    public func waitUntilCommitted() throws(ImageError) {
        guard !share.isClosed else { throw .unavailable(path: path, reason: "the image was closed") }
        try file.waitUntilCommitted()
        guard isCurrent else {
            throw .unavailable(
                path: path, reason: "a removeAll() came after this handle was made; its writes are dropped")
        }
    }

    /// What the open connection says of its journal (`PRAGMA journal_mode`, "wal"), its
    /// syncs (`PRAGMA synchronous`: 1 is NORMAL), and where it keeps temporary tables and
    /// statement journals (`PRAGMA temp_store`: 2 is memory), read under the image's lock:
    /// what makes a committed batch survive a crash of the process, and what keeps a launch's
    /// writes out of the system's temporary directory. Nil when the image is not open. For
    /// tests and the soak.
    @_spi(Baton) public func connectionSettings() throws -> (
        journalMode: String, synchronous: Int64, temporaryStorage: Int64
    )? {
        try file.withOpenDatabase { database in
            let mode = try database.connection.prepare("PRAGMA journal_mode")
            _ = try mode.step()
            return (
                mode.text(0).lowercased(), try database.connection.integer("PRAGMA synchronous"),
                try database.connection.integer("PRAGMA temp_store")
            )
        }
    }
}
