import Foundation

/// What goes out as one HTTP request of a batch: the operations' JSON objects in order, and
/// the headers they all share.
///
/// A plain value: safe on any thread.
struct Batch: Sendable {
    /// Headers by lowercased name: operations with different headers never share a batch.
    struct Key: Hashable, Sendable {
        var headers: [String: String]
    }

    let id: UInt64
    let key: Key
    let bodies: [Data]
}

/// The batcher's state machine, in the style of swift-async-algorithms: each event (an
/// operation arrives, a window ends, a caller is cancelled, an answer lands) changes the
/// state and returns what the caller must do outside the lock: arm or stop a timer, start
/// or stop a send, resume callers. It never suspends, never resumes a continuation itself,
/// and starts no task.
///
/// One owner at a time: ``Batcher`` keeps it in a `Mutex`.
struct BatchQueue {
    typealias Answer = CheckedContinuation<Data, any Error>
    typealias Send = @Sendable (Batch) async -> [Result<Data, any Error>]

    private struct Waiting {
        var id: UInt64
        var body: Data
        var answer: Answer
    }

    /// A batch still taking operations: its window's timer runs.
    private struct Open {
        var id: UInt64
        var waiting: [Waiting]
        var timer: Task<Void, Never>?
        var send: Send
    }

    /// A batch on the wire: the callers still waiting, by position (nil once cancelled).
    private struct InFlight {
        var answers: [Answer?]
        var ids: [UInt64]
        var task: Task<Void, Never>?
    }

    private enum Place {
        case open(Batch.Key)
        case inFlight(UInt64)
    }

    let maximumSize: Int
    private var open: [Batch.Key: Open] = [:]
    private var inFlight: [UInt64: InFlight] = [:]
    /// Where each waiting operation is, by its id.
    private var places: [UInt64: Place] = [:]
    /// Operations whose callers were cancelled before they arrived.
    private var cancelledEarly: Set<UInt64> = []
    private var lastID: UInt64 = 0

    init(maximumSize: Int) {
        self.maximumSize = maximumSize
    }

    // MARK: Events

    /// A fresh id for an operation about to arrive (and for a batch).
    mutating func newID() -> UInt64 {
        lastID += 1
        return lastID
    }

    enum ArrivalAction {
        /// The batch is new: arm a timer for its window.
        case armTimer(batchID: UInt64, key: Batch.Key)
        /// The operation joined a batch whose timer runs.
        case none
        /// The batch is full: stop its timer (nil when it had none) and send it.
        case send(Batch, Send, stoppingTimer: Task<Void, Never>?)
        /// The caller was cancelled already: fail it at once.
        case fail(Answer, any Error)
    }

    /// Operation `id` with JSON object `body` arrives for the batch of `key`.
    mutating func arrive(
        id: UInt64, body: Data, key: Batch.Key, answer: Answer, send: @escaping Send
    ) -> ArrivalAction {
        if cancelledEarly.remove(id) != nil { return .fail(answer, TransportError.cancelled) }
        let isNew = open[key] == nil
        var batch = open[key] ?? Open(id: 0, waiting: [], timer: nil, send: send)
        if isNew { batch.id = newID() }
        batch.waiting.append(Waiting(id: id, body: body, answer: answer))
        places[id] = .open(key)
        guard batch.waiting.count >= maximumSize else {
            open[key] = batch
            return isNew ? .armTimer(batchID: batch.id, key: key) : .none
        }
        open[key] = nil
        return .send(takeOff(batch, key: key), batch.send, stoppingTimer: batch.timer)
    }

    /// The timer for batch `batchID` is armed; answers it back when the batch left already.
    mutating func timerArmed(_ timer: Task<Void, Never>, batchID: UInt64, key: Batch.Key) -> Task<Void, Never>? {
        guard open[key]?.id == batchID else { return timer }
        open[key]?.timer = timer
        return nil
    }

    /// The window of batch `batchID` ended: the batch to send, unless it is gone already (it
    /// filled up, or every caller left).
    mutating func windowEnded(batchID: UInt64, key: Batch.Key) -> (Batch, Send)? {
        guard let batch = open[key], batch.id == batchID else { return nil }
        open[key] = nil
        return (takeOff(batch, key: key), batch.send)
    }

    /// The send of batch `batchID` runs as `task`; false when every caller left meanwhile
    /// (or the answer landed already), and the task should stop.
    mutating func sendStarted(_ task: Task<Void, Never>, batchID: UInt64) -> Bool {
        guard inFlight[batchID] != nil else { return false }
        inFlight[batchID]?.task = task
        return true
    }

    /// The answers to batch `batchID` landed, one per operation sent: each caller still
    /// waiting with its own.
    mutating func landed(batchID: UInt64, _ results: [Result<Data, any Error>]) -> [(Answer, Result<Data, any Error>)] {
        guard let batch = inFlight.removeValue(forKey: batchID) else { return [] }
        var out: [(Answer, Result<Data, any Error>)] = []
        for (index, answer) in batch.answers.enumerated() {
            places[batch.ids[index]] = nil
            guard let answer else { continue }
            let result = results.indices.contains(index) ? results[index] : .failure(TransportError.cancelled)
            out.append((answer, result))
        }
        return out
    }

    enum CancelAction {
        /// Fail the caller with `TransportError.cancelled`, and stop the batch's timer or send
        /// when it was the batch's last caller.
        case fail(Answer, stopping: Task<Void, Never>?)
        case none
    }

    /// The caller of operation `id` was cancelled: it leaves its batch, which goes on for the
    /// others; a batch left by all its callers is not sent, or stops on the wire.
    mutating func cancel(id: UInt64) -> CancelAction {
        switch places.removeValue(forKey: id) {
        case nil:
            cancelledEarly.insert(id)
            return .none
        case .open(let key):
            guard var batch = open[key], let index = batch.waiting.firstIndex(where: { $0.id == id }) else {
                return .none
            }
            let answer = batch.waiting.remove(at: index).answer
            if batch.waiting.isEmpty {
                open[key] = nil
                return .fail(answer, stopping: batch.timer)
            }
            open[key] = batch
            return .fail(answer, stopping: nil)
        case .inFlight(let batchID):
            guard var batch = inFlight[batchID], let index = batch.ids.firstIndex(of: id),
                let answer = batch.answers[index]
            else { return .none }
            batch.answers[index] = nil
            if batch.answers.allSatisfy({ $0 == nil }) {
                inFlight[batchID] = nil
                return .fail(answer, stopping: batch.task)
            }
            inFlight[batchID] = batch
            return .fail(answer, stopping: nil)
        }
    }

    /// Operation `id`'s caller has its answer: a cancellation noted for it is moot.
    mutating func forget(id: UInt64) {
        cancelledEarly.remove(id)
    }

    // MARK: Helpers

    private mutating func takeOff(_ batch: Open, key: Batch.Key) -> Batch {
        let ids = batch.waiting.map(\.id)
        for id in ids { places[id] = .inFlight(batch.id) }
        inFlight[batch.id] = InFlight(answers: batch.waiting.map(\.answer), ids: ids, task: nil)
        return Batch(id: batch.id, key: key, bodies: batch.waiting.map(\.body))
    }
}
