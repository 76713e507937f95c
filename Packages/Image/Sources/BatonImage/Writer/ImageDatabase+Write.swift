import Foundation
import BatonStore

/// Rows a read transaction read from an earlier launch: the writer moves them to this launch.
struct Touch: Sendable {
    var keys: [String] = []
    var rootFields: [(root: String, name: Int)] = []
    var operations: [OperationIdentity] = []

    var isEmpty: Bool { keys.isEmpty && rootFields.isEmpty && operations.isEmpty }
}

extension ImageDatabase {
    /// Writes `batches` in order inside one transaction: each batch's deletions, then its
    /// entries, then its fetch times. Runs on the writer's queue.
    ///
    /// An entry whose row was read this launch replaces the row; any other is merged over it:
    /// its own cells first, then the row's cells it does not write. A deletion replaces the
    /// row with a tombstone before any later entry of the same transaction is merged, so
    /// nothing of a deleted row comes back; an entry for the key replaces the tombstone.
    func write(_ batches: [PersistenceBatch], transience: Transience, sizeLimit: Int64) throws {
        let evicted = try connection.writeTransaction {
            var writer = RecordWriter(self)
            var records: [PersistenceBatch.Entry] = []
            for batch in batches {
                for key in batch.deletions { try delete(key) }
                records.removeAll(keepingCapacity: true)
                records.reserveCapacity(batch.entries.count)
                for entry in batch.entries {
                    if entry.snapshot.key.isRoot {
                        try writeRootFields(entry.snapshot, transience: transience, encoder: &writer.encoder)
                    } else if !transience.isTransient(entry.snapshot) {
                        records.append(entry)
                    }
                }
                try writer.write(records)
                for (operation, date) in batch.fetchTimes {
                    let statement = try connection.cached(
                        """
                        INSERT OR REPLACE INTO operations(name, variables, fetched, launch) VALUES (?1, ?2, ?3, ?4)
                        """)
                    try statement.bind(operation.name, at: 1)
                    try statement.bind(operation.variables, at: 2)
                    try statement.bind(date.timeIntervalSince1970, at: 3)
                    try statement.bind(launch, at: 4)
                    try statement.run()
                }
            }
            return try evict(sizeLimit: sizeLimit)
        }
        if evicted { try reclaimFreePages() }
    }

    /// Moves the rows a read transaction read to this launch, and records the launch as the
    /// last that read rows (meta `activeLaunch`, which the next open ages by) unless a
    /// committed touch of the launch did already. Writes alone do not: a launch that only
    /// fetched (a background refresh) leaves the working set of the launch that drew before it.
    func touch(_ touch: Touch) throws {
        try connection.writeTransaction {
            if !activeLaunchRecorded { try Self.setMeta("activeLaunch", integer: launch, connection) }
            if !touch.keys.isEmpty {
                // One statement for every key: SQLite seeks each in the key's B-tree.
                let statement = try connection.cached(
                    "UPDATE records SET launch = ?1 WHERE key IN (SELECT value FROM json_each(?2)) AND launch < ?1")
                try statement.bind(launch, at: 1)
                try statement.bind(String(decoding: KeyArray.json(touch.keys) { $0 }, as: UTF8.self), at: 2)
                try statement.run()
            }
            for (root, name) in touch.rootFields {
                let statement = try connection.cached(
                    "UPDATE root_fields SET launch = ?1 WHERE root = ?2 AND name = ?3 AND launch < ?1")
                try statement.bind(launch, at: 1)
                try statement.bind(root, at: 2)
                try statement.bind(Int64(name), at: 3)
                try statement.run()
            }
            for operation in touch.operations {
                let statement = try connection.cached(
                    "UPDATE operations SET launch = ?1 WHERE name = ?2 AND variables = ?3 AND launch < ?1")
                try statement.bind(launch, at: 1)
                try statement.bind(operation.name, at: 2)
                try statement.bind(operation.variables, at: 3)
                try statement.run()
            }
        }
        activeLaunchRecorded = true
    }

    /// Deletes the row of `key`, leaving its tombstone (a row of no bytes, this launch's), so
    /// a link to the key reads after a relaunch as the store's deletion. A root's fields go.
    private func delete(_ key: RecordKey) throws {
        if key.isRoot {
            let statement = try connection.cached("DELETE FROM root_fields WHERE root = ?1")
            try statement.bind(key.rawValue, at: 1)
            try statement.run()
            return
        }
        let statement = try connection.cached("INSERT OR REPLACE INTO records(key, row, launch) VALUES (?1, x'', ?2)")
        try statement.bind(key.rawValue, at: 1)
        try statement.bind(launch, at: 2)
        try statement.run()
    }

    /// A root is a directory: each field is its own row, written over the one before.
    private func writeRootFields(_ snapshot: RecordSnapshot, transience: Transience, encoder: inout RowEncoder) throws {
        for cell in snapshot.cells where !transience.isTransientRootField(cell.storageKey) {
            encoder.begin()
            try encoder.encode(cell.value)
            let name = try names.id(of: cell.slot)
            let statement = try connection.cached(
                "INSERT OR REPLACE INTO root_fields(root, name, value, launch) VALUES (?1, ?2, ?3, ?4)")
            try statement.bind(snapshot.key.rawValue, at: 1)
            try statement.bind(Int64(name), at: 2)
            try encoder.bytes.withUnsafeBytes { try statement.bind(blob: $0, at: 3) }
            try statement.bind(launch, at: 4)
            try statement.run()
        }
    }

}
