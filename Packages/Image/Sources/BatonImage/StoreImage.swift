import Foundation
@_exported import BatonStore

/// The SQLite image: the store's records kept in one file so a relaunch draws before the
/// network answers. The store's `Persistence`.
///
/// `StoreImage.open(at:version:options:)` returns at once; the file opens on the image's writer
/// queue, off the main actor, and a read that comes first waits for it. The store calls
/// ``withReadTransaction(_:)`` (synchronous, on the caller's thread, on the image's one
/// connection) and ``write(_:)`` (returns at once; the writer commits behind it).
///
/// A handle belongs to a generation: ``removeAll()`` empties the file and returns the handle
/// of the next; every older handle then reads nothing and its writes are dropped, so a late
/// response for the old account never lands in the next one. Safe from any thread.
public final class StoreImage: Persistence {
    let file: ImageFile
    let generation: UInt64

    init(file: ImageFile, generation: UInt64) {
        self.file = file
        self.generation = generation
    }

    /// Opens (or creates) the image at `url` for the app's `version` — a schema digest, say;
    /// an image written under another version starts again. Returns at once.
    public static func open(at url: URL, version: String, options: Options = Options()) -> StoreImage {
        StoreImage(file: ImageFile(path: url.path, version: version, options: options), generation: 0)
    }

    /// `open(at:version:options:)`, running `beforeOpen` on the writer's queue first.
    static func open(at url: URL, version: String, options: Options = Options(), beforeOpen: @escaping @Sendable () -> Void) -> StoreImage {
        StoreImage(file: ImageFile(path: url.path, version: version, options: options, beforeOpen: beforeOpen), generation: 0)
    }

    /// The file's path.
    public var path: String { file.path }

    /// Blocks until the file has opened; throws why it could not (a database that is not an
    /// image, an unwritable place). The image works without calling it: until it opens,
    /// reads wait, and if it cannot, reads miss and writes are dropped.
    public func waitUntilOpen() throws {
        try file.waitUntilOpen()
    }

    /// Whether no ``removeAll()`` came after this handle was made.
    public var isCurrent: Bool { file.generation == generation }

    public func withReadTransaction<R>(_ body: (any PersistenceReader) throws -> R) throws -> R {
        try file.withReadTransaction(generation: generation, body)
    }

    /// Hands `batch` to the writer and returns: the caller pays a lock and an append.
    public func write(_ batch: PersistenceBatch) {
        file.enqueue(batch, generation: generation)
    }

    /// Empties the image (for a sign-out) and returns the handle the next store uses. This
    /// handle and every other older one are stale from now on: their writes are dropped and
    /// their reads miss. Reads through the new handle wait until the file is empty.
    public func removeAll() -> StoreImage {
        StoreImage(file: file, generation: file.removeAll())
    }

    /// Blocks until every batch handed over so far is committed (or failed). Not from the
    /// main actor in an app: for tests, tools and shutdown.
    public func waitForPendingWrites() {
        file.waitForPendingWrites()
    }

    /// Commits what is queued and closes the file. Every handle over it then reads nothing
    /// and writes nothing.
    public func close() {
        file.close()
    }
}
