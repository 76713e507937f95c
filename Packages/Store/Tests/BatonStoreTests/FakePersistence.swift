import Foundation
import Synchronization
import BatonStore

/// A disk in memory that counts what the store asks of it: transactions, row reads, and
/// the batches it receives. Safe from any thread.
final class FakePersistence: Persistence {
    struct State {
        var rows: [RecordKey: RecordSnapshot] = [:]
        var fetchTimes: [OperationIdentity: Date] = [:]
        var transactions = 0
        var reads: [RecordKey] = []
        var fetchTimeReads = 0
        var batches: [PersistenceBatch] = []
        /// The keys of each `readRows(_:)` call.
        var levels: [[RecordKey]] = []
    }

    let state = Mutex(State())

    init(rows: [RecordSnapshot] = [], fetchTimes: [OperationIdentity: Date] = [:]) {
        state.withLock {
            for row in rows { $0.rows[row.key] = row }
            $0.fetchTimes = fetchTimes
        }
    }

    var transactions: Int { state.withLock { $0.transactions } }
    var reads: [RecordKey] { state.withLock { $0.reads } }
    var batches: [PersistenceBatch] { state.withLock { $0.batches } }
    var levels: [[RecordKey]] { state.withLock { $0.levels } }

    func withReadTransaction<R>(_ body: (any PersistenceReader) throws -> R) throws -> R {
        state.withLock { $0.transactions += 1 }
        return try body(Reader(owner: self))
    }

    func write(_ batch: PersistenceBatch) {
        state.withLock { $0.batches.append(batch) }
    }

    struct Reader: PersistenceReader {
        let owner: FakePersistence

        func snapshot(of key: RecordKey, fields: [Slot]) throws -> RecordSnapshot? {
            owner.state.withLock { state in
                state.reads.append(key)
                guard let row = state.rows[key] else { return nil }
                guard key.isRoot else { return row }
                return RecordSnapshot(key: key, cells: row.cells.filter { fields.contains($0.slot) })
            }
        }

        func readRows(_ keys: [RecordKey]) throws -> [RowRead] {
            owner.state.withLock { $0.levels.append(keys) }
            return try keys.map { key in
                guard !key.isRoot, let snapshot = try snapshot(of: key, fields: []) else { return .absent }
                return .found(RowCells(snapshot))
            }
        }

        func fetchTime(of operation: OperationIdentity) throws -> Date? {
            owner.state.withLock { state in
                state.fetchTimeReads += 1
                return state.fetchTimes[operation]
            }
        }
    }
}
