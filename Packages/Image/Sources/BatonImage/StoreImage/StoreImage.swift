import Foundation
@_exported import BatonStore

/// The SQLite image: the store's records kept in one file so a relaunch draws before the
/// network answers. The store's `Persistence`.
///
/// `StoreImage.open(at:version:options:)` returns at once; the file opens off the main actor,
/// at user-initiated priority ahead of the image's writer queue, making its directory and any
/// missing parent first, and a read that comes first waits for it (and goes before the
/// writer's first job, the ageing). The store calls ``withReadTransaction(_:)`` (synchronous, on
/// the caller's thread, on the image's one connection) and ``write(_:)`` (returns at once; the
/// writer commits behind it).
///
/// An image never stops the app: one that cannot open, or faults later, leaves the store
/// working in memory. What went wrong is visible four ways, all naming the file: ``state``
/// (`.failed` when nothing reaches the disk any more), ``fault`` (the first fault),
/// ``Options/onError``, and the store's `Store.persistenceFault`, which a
/// `GraphQLEnvironment` logs as `LensEvent.persistenceFailed`.
///
/// One process at a time: the open takes an exclusive lock on `<path>-lock` beside the file
/// (kept until ``close()`` or the end of the process, killed or not), and an open in a second
/// process while the first holds it fails at once, before it reads, removes or writes
/// anything, with ``ImageError/heldByAnotherProcess(path:)``: that image is `.failed` and its
/// store works in memory, told as for any fault. Within one process, opens of one path share
/// the file (``open(at:version:options:)``).
///
/// A handle belongs to a generation: ``removeAll()`` empties the file and returns the handle
/// of the next; every older handle then reads nothing and its writes are dropped, so a late
/// response for the old account never lands in the next one. Safe from any thread.
public final class StoreImage: Persistence {
    let share: ImageShare
    let generation: UInt64

    var file: ImageFile { share.file }

    init(share: ImageShare, generation: UInt64) {
        self.share = share
        self.generation = generation
    }

    /// Opens (or creates) the image at `url` for the app's `version` — a schema digest, say;
    /// an image written under another version starts again. Returns at once.
    ///
    /// A missing directory on the way to `url` is made (the owner's alone, mode 0700); one
    /// that cannot be made is ``ImageError/directoryNotCreated(path:directory:errno:)``. An
    /// existing file that is not an image (an SQLite database of another app, a directory)
    /// is left untouched and the image fails; see ``state``.
    ///
    /// An open of a path this process has open already (an earlier image not yet closed)
    /// shares that image's file: one connection, one writer, one launch, so the two stores'
    /// writes and reads see each other's rows. Each open is closed on its own (``close()``);
    /// the file closes with the last, and an open after that starts a new launch. A second
    /// open that cannot share (another version, other options than `onError`, another path
    /// to the same file) fails with ``ImageError/openInThisProcess(path:reason:)`` and leaves
    /// the open one alone. The second open's `onError` is told of the shared file's faults.
    public static func open(at url: URL, version: String, options: Options = Options()) -> StoreImage {
        open(at: url, version: version, options: options, hooks: nil)
    }

    /// `open(at:version:options:)`, the file, when this open makes it, running the tests'
    /// `hooks` (``ImageFile/init(path:version:options:refusal:beforeOpen:afterOpen:openThreadBegins:)``).
    private static func open(
        at url: URL, version: String, options: Options,
        hooks: (
            beforeOpen: (@Sendable () -> Void)?, afterOpen: (@Sendable () -> Void)?,
            openThreadBegins: (@Sendable () -> Void)?
        )?
    ) -> StoreImage {
        let file = OpenImageFiles.file(path: url.path, version: version, options: options) { refusal in
            ImageFile(
                path: url.path, version: version, options: options, refusal: refusal, beforeOpen: hooks?.beforeOpen,
                afterOpen: hooks?.afterOpen, openThreadBegins: hooks?.openThreadBegins)
        }
        return StoreImage(share: ImageShare(file: file), generation: file.generation)
    }

    /// `open(at:version:options:)`, running `beforeOpen` before the open, on the thread that
    /// takes it.
    static func open(
        at url: URL, version: String, options: Options = Options(), beforeOpen: @escaping @Sendable () -> Void
    ) -> StoreImage {
        open(at: url, version: version, options: options, hooks: (beforeOpen, nil, nil))
    }

    /// `open(at:version:options:)`, with the open's own thread held back until `release` is
    /// signalled, so that the first caller that needs the file opens it.
    static func open(
        at url: URL, version: String, options: Options = Options(), holdingOpenThreadUntil release: DispatchSemaphore,
        beforeOpen: @escaping @Sendable () -> Void
    ) -> StoreImage {
        open(at: url, version: version, options: options, hooks: (beforeOpen, nil, { release.wait() }))
    }

    /// `open(at:version:options:)`, with the writer held once the file is open, before its
    /// first job (the ageing), until `release` is signalled.
    static func open(
        at url: URL, version: String, options: Options = Options(), holdingAgeingUntil release: DispatchSemaphore
    ) -> StoreImage {
        open(at: url, version: version, options: options, hooks: (nil, { release.wait() }, nil))
    }

    /// The file's path.
    public var path: String { file.path }

    /// Blocks until the file has opened; throws why it could not (a database that is not an
    /// image, an unwritable place). The image works without calling it: until it opens,
    /// reads wait, and if it cannot, reads miss and writes are dropped.
    public func waitUntilOpen() throws {
        try file.waitUntilOpen()
    }

    /// Where the file is: opening, open, failed (the store works in memory only) or
    /// closed. Shared by every handle over the file, but `.closed` for the handles of an open
    /// that was closed while another open shares the file. Thread-safe, and it never waits
    /// for the writer: it is the state as of the last change.
    public var state: State { share.isClosed ? .closed : file.status.withLock { $0.state } }

    /// The first fault since the file was opened (what ``Options/onError`` received), or nil.
    /// A fault that leaves the file open (a full disk: a later, smaller write may fit) is
    /// here while ``state`` stays `.open`. Thread-safe; never waits for the writer.
    public var fault: ImageError? { file.status.withLock { $0.fault } }

    /// Calls `handler`, on an arbitrary thread, with the image's fault as a
    /// `PersistenceFault` wrapping the ``ImageError``: at once if one was reported already,
    /// else when it is. The store calls it; an app reads ``fault`` or passes
    /// ``Options/onError`` instead.
    public func reportFaults(to handler: @escaping @Sendable (PersistenceFault) -> Void) {
        file.addFaultHandler(handler)
    }

    /// Whether no ``removeAll()`` came after this handle was made.
    public var isCurrent: Bool { file.generation == generation }

    public func withReadTransaction<R>(_ body: (any PersistenceReader) throws -> R) throws -> R {
        guard !share.isClosed else { return try body(ImageReader(database: nil) { _ in }) }
        return try file.withReadTransaction(generation: generation, body)
    }

    /// Hands `batch` to the writer and returns: the caller pays a lock and an append. A
    /// closed handle's batch is dropped (``waitUntilCommitted()`` says so).
    public func write(_ batch: PersistenceBatch) {
        guard !share.isClosed else { return }
        file.enqueue(batch, generation: generation, share: share.number)
    }

    /// Empties the image (for a sign-out) and returns the handle the next store uses. This
    /// handle and every other older one are stale from now on: their writes are dropped and
    /// their reads miss, the handles of another open that shares the file included. Reads
    /// through the new handle wait until the file is empty. A closed handle removes nothing
    /// and returns a closed handle.
    public func removeAll() -> StoreImage {
        guard !share.isClosed else { return self }
        return StoreImage(share: share, generation: file.removeAll())
    }

    /// Blocks until every batch handed over so far is committed (or failed); which of the two,
    /// ``waitUntilCommitted()`` says. Not from the main actor in an app: for tests, tools and
    /// shutdown.
    public func waitForPendingWrites() {
        file.waitForPendingWrites()
    }

    /// Commits what is queued and closes this open: its handles (this one, and those
    /// ``removeAll()`` made from it) then read nothing and write nothing. The file closes
    /// with the last open of it in this process (see ``open(at:version:options:)``); an
    /// open's handles that all go without closing let go of it as well.
    public func close() {
        share.close()
    }
}
