import Foundation
import BatonStore

/// The writer behind the commit: a serial queue that owns the file's jobs. Batches that
/// queue up while it works are coalesced into one transaction.
extension ImageFile {
    /// Queues `job`, scheduling a drain if none is pending. Cheap: what a commit pays.
    func enqueue(_ job: Job) {
        writerReleased.store(true, ordering: .releasing)
        let schedule = pending.withLock { pending in
            pending.jobs.append(job)
            defer { pending.scheduled = true }
            return !pending.scheduled
        }
        if schedule { queue.async { [self] in drain() } }
    }

    /// Queues a batch from a handle of `generation` of the open `share`; a stale handle's
    /// batch is dropped. Once the file is shared, an entry that would replace a row another
    /// open wrote is merged over it instead (``SharedWrites``).
    func enqueue(_ batch: PersistenceBatch, generation: UInt64, share: UInt64) {
        writerReleased.store(true, ordering: .releasing)
        let schedule = pending.withLock { pending -> Bool? in
            guard pending.generation == generation else { return nil }
            var batch = batch
            pending.sharedWrites?.note(&batch, from: share)
            pending.jobs.append(.batch(batch))
            defer { pending.scheduled = true }
            return !pending.scheduled
        }
        if schedule == true { queue.async { [self] in drain() } }
    }

    /// Raises the generation and queues the removal; returns the new generation.
    func removeAll() -> UInt64 {
        writerReleased.store(true, ordering: .releasing)
        let (generation, schedule) = pending.withLock { pending in
            pending.generation += 1
            pending.jobs.append(.removeAll(generation: pending.generation))
            // The file starts empty: no row is another open's.
            if pending.sharedWrites != nil { pending.sharedWrites = SharedWrites() }
            defer { pending.scheduled = true }
            return (pending.generation, !pending.scheduled)
        }
        if schedule { queue.async { [self] in drain() } }
        return generation
    }

    /// Blocks until every job queued before the call has run. Not from the writer's queue.
    func waitForPendingWrites() {
        if !writerReleased.exchange(true, ordering: .acquiringAndReleasing) {
            // The writer may be holding its first job: wake it now rather than at its next look.
            condition.lock()
            condition.broadcast()
            condition.unlock()
        }
        queue.sync {}
    }

    /// Blocks until every job queued before the call has run, then throws unless every batch
    /// the writer took since the open was committed and the file is still open.
    func waitUntilCommitted() throws(ImageError) {
        waitForPendingWrites()
        condition.lock()
        defer { condition.unlock() }
        if let lostWrite { throw lostWrite }
        switch state {
        case .open: return
        case .unavailable(let error): throw error
        case .opening, .closed: throw .unavailable(path: path, reason: "the image was closed")
        }
    }

    /// Finishes the queued writes and closes the connection (checkpointing the WAL).
    func close() {
        waitForPendingWrites()
        condition.lock()
        defer { condition.unlock() }
        if case .open(let database) = state { database.close() }
        state = .closed
        lock?.release()
        lock = nil
        condition.broadcast()
    }

    /// Takes the file's lock (``ImageLock``), then opens it; an image another process holds
    /// is not looked at.
    func openDatabase() {
        let result: Result<(ImageDatabase, ImageLock), ImageError>
        do {
            if let refusal { throw refusal }
            try ImageDirectory.create(for: path)
            let lock = try ImageLock(imagePath: path)
            do {
                result = .success(
                    (try ImageDatabase.open(path: path, version: version, protection: options.fileProtection), lock))
            } catch {
                lock.release()
                throw error
            }
        } catch let error as ImageError {
            result = .failure(error)
        } catch {
            result = .failure(.unavailable(path: path, reason: "\(error)"))
        }
        condition.lock()
        defer { condition.unlock() }
        switch result {
        case .success(let (database, lock)):
            self.lock = lock
            state = .open(database)
        case .failure(let error):
            state = .unavailable(error)
            reportLocked(error)
        }
        condition.broadcast()
    }

    /// Takes the queued jobs until none are left. Takes them with `condition` locked and runs
    /// them before unlocking, so a read (which holds it) finds each job either in the file or
    /// still in `pending`, never taken and not yet run.
    func drain() {
        while true {
            condition.lock()
            let jobs = pending.withLock { pending -> [Job] in
                if pending.jobs.isEmpty {
                    pending.scheduled = false
                    return []
                }
                defer { pending.jobs.removeAll() }
                return pending.jobs
            }
            if !jobs.isEmpty { run(jobs) }
            condition.unlock()
            if jobs.isEmpty { return }
        }
    }

    /// Runs `jobs` in order, consecutive batches in one transaction. With `condition` locked.
    private func run(_ jobs: [Job]) {
        var batches: [PersistenceBatch] = []
        let sizeLimit = Int64(options.sizeLimit)
        func note(_ error: ImageError?) {
            if let error, lostWrite == nil { lostWrite = error }
        }
        func writeBatches() {
            guard !batches.isEmpty else { return }
            note(perform { try $0.write(batches, transience: transience, sizeLimit: sizeLimit) })
            batches.removeAll()
        }
        for job in jobs {
            switch job {
            case .batch(let batch):
                if !batch.isEmpty { batches.append(batch) }
            case .touch(let touch):
                writeBatches()
                note(perform { try $0.touch(touch) })
            case .age:
                writeBatches()
                note(perform { try $0.age(sizeLimit: sizeLimit) })
            case .reset:
                writeBatches()
                if case .open = state { restart() }
            case .removeAll(let generation):
                // The old generation's batches queued before the removal go with it.
                batches.removeAll()
                if case .open = state { restart() }
                clearedGeneration = generation
                condition.broadcast()
            }
        }
        writeBatches()
    }

    /// Runs `body` on the open database; a failure rolls back, is reported once, and a
    /// file found damaged is started again. Returns why `body` did not commit (the image was
    /// not open, or it failed), nil when it did.
    @discardableResult
    private func perform(_ body: (ImageDatabase) throws -> Void) -> ImageError? {
        guard case .open(let database) = state else {
            if case .unavailable(let error) = state { return error }
            return .unavailable(path: path, reason: "the image was closed")
        }
        // SQLite writes on into a file deleted or renamed over while open, with no error:
        // everything written after is lost. Stop, say so once, and leave the path alone
        // but for this connection's WAL, which must not meet a replacement.
        if database.connection.fileHasMoved {
            database.connection.closeMoved()
            let error = ImageError.unavailable(path: path, reason: "the file was deleted or replaced while open")
            state = .unavailable(error)
            reportLocked(error)
            condition.broadcast()
            return error
        }
        do {
            try body(database)
            database.names.commit()
            return nil
        } catch {
            database.names.rollback()
            let error = error as? ImageError ?? .unavailable(path: path, reason: "\(error)")
            reportLocked(error)
            if error.isCorruption { restart() }
            return error
        }
    }

    /// Deletes the file and opens a new one in its place.
    private func restart() {
        if case .open(let database) = state { database.close() }
        FileHeader.removeFiles(path)
        do {
            state = .open(try ImageDatabase.open(path: path, version: version, protection: options.fileProtection))
        } catch {
            let error = error as? ImageError ?? .unavailable(path: path, reason: "\(error)")
            state = .unavailable(error)
            reportLocked(error)
        }
    }
}
