import Foundation
import Synchronization
import BatonStore

/// One image file, shared by every ``StoreImage`` handle over it: its one connection, the
/// writer's serial queue, and the lock that makes the two take turns.
///
/// `@unchecked Sendable` because of one invariant: `state`, `clearedGeneration`, `lock` and
/// `lostWrite` (and everything the open ``ImageDatabase`` holds) are touched only with `condition` locked;
/// `pending` and `status` are their own locks. The file opens on a global queue at user
/// priority (or on the thread of a caller that needs it before that queue's thread has
/// begun) while the writer's queue waits, suspended; the writer then takes each job under
/// `condition`; a read transaction takes `condition` on the caller's
/// thread, so a read waits for the open and for a write in flight.
final class ImageFile: @unchecked Sendable {
    enum State {
        case opening
        case open(ImageDatabase)
        case unavailable(ImageError)
        case closed
    }

    enum Job: Sendable {
        case batch(PersistenceBatch)
        case touch(Touch)
        case age
        case reset
        case removeAll(generation: UInt64)
    }

    struct Pending: Sendable {
        var jobs: [Job] = [.age]
        /// Whether a drain is on the queue (or running) that will take the jobs.
        var scheduled = true
        /// Raised by each `removeAll`: handles of an older generation are stale.
        var generation: UInt64 = 0
        /// Once a second open has shared the file, which open wrote each record since
        /// (``SharedWrites``); nil while one open has had it alone.
        var sharedWrites: SharedWrites?
    }

    let path: String
    let version: String
    let options: StoreImage.Options
    let transience: Transience
    let queue: DispatchQueue
    let pending = Mutex(Pending())

    /// What the app reads of the image without waiting for its lock: the state as of the
    /// last change, the first fault, and who is told of faults.
    struct Status {
        var state: StoreImage.State = .opening
        var fault: ImageError?
        var faultHandlers: [@Sendable (PersistenceFault) -> Void] = []
    }

    let condition = NSCondition()
    var state: State = .opening {
        didSet { status.withLock { $0.state = StoreImage.State(state) } }
    }
    var clearedGeneration: UInt64 = 0
    /// This process's hold on the file (``ImageLock``), from the open to the close.
    var lock: ImageLock?
    /// The first error that lost a write the writer took (a batch, a touch or the ageing: its
    /// transaction failed, or the file was not open to take it): what
    /// ``StoreImage/waitUntilCommitted()`` throws.
    var lostWrite: ImageError?
    let status = Mutex(Status())
    /// Whether the open was taken: by the open's own thread or by the first caller that
    /// needed the file (`openUnlessTaken()`). Set once.
    let openTaken = Atomic<Bool>(false)
    /// Runs before the open, on whichever thread takes it (tests slow the open with it).
    private let beforeOpen: (@Sendable () -> Void)?
    /// Why the open must not touch the file (``ImageError/openInThisProcess(path:reason:)``),
    /// decided when the image was opened; the open then fails with it.
    let refusal: ImageError?
    /// How many opens hold the file (``ImageShare``): 1 at first, one more for each open of
    /// the path that shares it (``OpenImageFiles``), one less as each closes or goes. At 0 no
    /// open shares it again.
    private let shares = Mutex(1)
    /// The number the next ``ImageShare`` takes, which its batches carry
    /// (``SharedWrites``).
    private let shareNumbers = Atomic<UInt64>(0)
    /// Read transactions that have asked for the lock and neither finished nor begun to wait
    /// for the writer: the writer lets them go before its first job (the ageing, a write
    /// transaction), so a launch's first check waits for the open and not for the ageing.
    let readsWaiting = Atomic<Int>(0)
    /// Whether the writer's first job may go before ``firstReadsGrace`` is over: a read has
    /// run, a job other than the ageing was queued, or a caller waits for the writer.
    let writerReleased = Atomic<Bool>(false)
    /// How long the writer holds its first job (the ageing, whose first write transaction of
    /// a launch syncs a new WAL) back for the launch's first read.
    static let firstReadsGrace: TimeInterval = 0.25
    /// How often the held writer looks at ``writerReleased`` (set without the lock).
    static let releasePoll: TimeInterval = 0.005

    /// Starts opening `path` and returns at once. The open runs at the priority of a user
    /// waiting (a launch's first check waits for it), on a global queue, or on the thread of
    /// the first caller that needs the file before that queue's thread has begun
    /// (`openUnlessTaken()`), with the writer's queue suspended behind it; the writer's
    /// jobs, the ageing first, run at utility priority once the file is open.
    /// `beforeOpen` runs before the open (tests slow the open with it); `afterOpen` on the
    /// writer's queue after it, before the first job, the ageing (tests hold the ageing with it);
    /// `openThreadBegins` on the open's own thread before it takes the open (tests hold that
    /// thread back with it, so that a reader takes the open).
    /// `refusal`, when given, is the error the open fails with, without touching the file.
    init(
        path: String, version: String, options: StoreImage.Options, refusal: ImageError? = nil,
        beforeOpen: (@Sendable () -> Void)? = nil, afterOpen: (@Sendable () -> Void)? = nil,
        openThreadBegins: (@Sendable () -> Void)? = nil
    ) {
        self.path = path
        self.refusal = refusal
        self.version = version
        self.options = options
        self.transience = Transience(types: options.transientTypes, rootFields: options.transientRootFields)
        self.queue = DispatchQueue(label: "baton.image.writer", qos: .utility)
        self.beforeOpen = beforeOpen
        // Suspended, the queue keeps every job (and `waitForPendingWrites`) behind the open.
        queue.suspend()
        queue.async { [self] in
            afterOpen?()
            letFirstReadsGoFirst()
            drain()
        }
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            openThreadBegins?()
            lockOnceOpen()
            condition.unlock()
            queue.resume()
        }
    }

    /// Opens the file on the calling thread, unless the open was taken already (by the
    /// open's own thread, or by a caller that needed the file first). A caller that needs
    /// the file would wait for the open anyway; taking it spares the wait for the open's
    /// thread to begin (0.2–0.4 ms of a launch here, and longer while the caller's core is
    /// busy).
    private func openUnlessTaken() {
        guard !openTaken.exchange(true, ordering: .acquiringAndReleasing) else { return }
        beforeOpen?()
        openDatabase()
    }

    /// Takes the open unless it was taken, then locks `condition` once the file is no longer
    /// opening (open, unavailable or closed). The caller unlocks.
    private func lockOnceOpen() {
        openUnlessTaken()
        condition.lock()
        while case .opening = state { condition.wait() }
    }

    deinit {
        if case .open(let database) = state { database.close() }
    }

    var generation: UInt64 { pending.withLock { $0.generation } }

    /// Adds an open's share, unless every open has let go (the file is closing or closed):
    /// then false.
    func share() -> Bool {
        let shared = shares.withLock { count in
            guard count > 0 else { return false }
            count += 1
            return true
        }
        if shared { pending.withLock { $0.sharedWrites = $0.sharedWrites ?? SharedWrites() } }
        return shared
    }

    /// A number of its own for a new ``ImageShare``.
    func numberShare() -> UInt64 {
        shareNumbers.add(1, ordering: .relaxed).oldValue
    }

    /// Takes an open's share away; true when it was the last.
    func letGo() -> Bool {
        shares.withLock { count in
            count -= 1
            return count == 0
        }
    }

    /// Blocks until the open has finished; throws why the image is unavailable.
    func waitUntilOpen() throws {
        lockOnceOpen()
        defer { condition.unlock() }
        if case .unavailable(let error) = state { throw error }
    }

    /// Runs `body` inside one read transaction on the connection, for a handle of
    /// `generation`. Waits for the open, for a removal the handle follows, and for a write
    /// in flight; sees the batches still queued as written (``QueuedWrites``). A stale handle
    /// or an unavailable image reads nothing.
    func withReadTransaction<R>(generation: UInt64, _ body: (any PersistenceReader) throws -> R) throws -> R {
        readsWaiting.add(1, ordering: .sequentiallyConsistent)
        openUnlessTaken()
        var waiting = true
        // With `condition` locked: this read no longer holds the writer back.
        func stopWaiting() {
            guard waiting else { return }
            waiting = false
            writerReleased.store(true, ordering: .releasing)
            readsWaiting.subtract(1, ordering: .sequentiallyConsistent)
            condition.broadcast()
        }
        condition.lock()
        defer {
            stopWaiting()
            condition.unlock()
        }
        while true {
            if case .opening = state {
                condition.wait()
            } else if clearedGeneration < generation, case .open = state {
                // The removal is the writer's job: it must not wait for this read.
                stopWaiting()
                condition.wait()
            } else {
                break
            }
        }
        var database: ImageDatabase?
        if case .open(let open) = state, generation == self.generation { database = open }
        if let open = database {
            do {
                try open.connection.execute("BEGIN")
            } catch let error as ImageError {
                reportLocked(error)
                database = nil
            }
        }
        // Every job the writer took has run (it takes them under the lock): what it has not
        // is in `pending`, which the read sees as written.
        let jobs = pending.withLock { $0.jobs }
        let reader = ImageReader(database: database, jobs: jobs, transience: transience) { [self] error in
            reportLocked(error)
            if error.isCorruption { enqueue(.reset) }
        }
        defer {
            if let database, database.connection.inTransaction { try? database.connection.execute("COMMIT") }
            if !reader.touch.isEmpty { enqueue(.touch(reader.touch)) }
        }
        return try body(reader)
    }

    /// Before the writer's first job: with the file open, waits until the launch's first read
    /// has run (and any read that asked for the lock meanwhile), a job other than the ageing
    /// is queued or a caller waits for the writer; at most ``firstReadsGrace``. A launch's
    /// check then waits for the open alone, not for the ageing's sync, even when the file
    /// opened before the check asked. Reads skip the rows the ageing drops, so they need not
    /// wait for it.
    private func letFirstReadsGoFirst() {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date(timeIntervalSinceNow: Self.firstReadsGrace)
        while case .open = state,
            readsWaiting.load(ordering: .sequentiallyConsistent) > 0 || !writerReleased.load(ordering: .acquiring)
        {
            let now = Date()
            if now >= deadline { return }
            // A read broadcasts when it is done; a job or a wait only sets the flag.
            _ = condition.wait(until: min(deadline, now.addingTimeInterval(Self.releasePoll)))
        }
    }

    /// Runs `body` with the open database under the lock, after the open; nil when the
    /// image is not open. For tests and figures.
    func withOpenDatabase<R>(_ body: (ImageDatabase) throws -> R) rethrows -> R? {
        lockOnceOpen()
        defer { condition.unlock() }
        guard case .open(let database) = state else { return nil }
        return try body(database)
    }

    /// Keeps `error` as the fault and reports it through the options' channel and to every
    /// fault handler, if nothing was reported since the open. Call with `condition` locked;
    /// the callbacks run later, on another thread.
    func reportLocked(_ error: ImageError) {
        guard
            let handlers = status.withLock({ status -> [@Sendable (PersistenceFault) -> Void]? in
                guard status.fault == nil else { return nil }
                status.fault = error
                return status.faultHandlers
            })
        else { return }
        let onError = options.onError
        DispatchQueue.global().async {
            onError?(error)
            for handler in handlers { handler(PersistenceFault(error)) }
        }
    }

    /// Adds `handler` to those told of the fault; tells it at once (on another thread) of a
    /// fault reported already.
    func addFaultHandler(_ handler: @escaping @Sendable (PersistenceFault) -> Void) {
        let fault = status.withLock { status -> ImageError? in
            status.faultHandlers.append(handler)
            return status.fault
        }
        if let fault { DispatchQueue.global().async { handler(PersistenceFault(fault)) } }
    }
}
