extension ImageDatabase {
    /// Records this launch, which the open only read; then rows neither read nor written
    /// during the last launch that read any go: at the open of launch N, rows whose launch is
    /// before that one (``oldestKeptLaunch``, N-1 unless launches that read no row came
    /// between). Then the size limit. Runs on the writer's queue
    /// as its first job, so a read that comes first need not wait for it: reads skip the rows
    /// it drops.
    /// Then, once enough names have come, the names no row uses (``pruneNames()``).
    func age(sizeLimit: Int64) throws {
        let pruned = try connection.writeTransaction {
            try Self.setMeta("launch", integer: launch, connection)
            for table in ["records", "root_fields", "operations"] {
                let statement = try connection.cached("DELETE FROM \(table) WHERE launch < ?1")
                try statement.bind(oldestKeptLaunch, at: 1)
                try statement.run()
            }
            _ = try evict(sizeLimit: sizeLimit)
            return try pruneNames()
        }
        names.forget(pruned)
        try reclaimFreePages()
    }

    /// Takes out of the names table the names no row uses, and returns their ids, when the
    /// table holds at least ``Names/pruneFloor`` names, of which at least half that many, and
    /// half as many as the last pruning kept, came since; else takes out nothing. Every
    /// argument's value makes a name (a record's id in `node(id:)`, a mutation's input), and rows
    /// age out while names stayed: a table of 10,000 names made a launch 2.3 → 7.1 ms here,
    /// as the open loads the table whole.
    ///
    /// A row's names are found by decoding it as a read does (`RowDecoder+Names.swift`): its
    /// cells', its links' types', its strings' prefixes', and a root field's own. Runs inside
    /// the ageing's transaction, after the rows it drops are gone; the caller forgets the
    /// names in memory once it commits (``Names/forget(_:)``), so a rollback loses none.
    /// Decodes every row, so it holds the image's lock about as long as a check that reads
    /// the whole image; the names it waits for make that rare.
    func pruneNames() throws -> [Int] {
        // The count first: a table under the floor (most launches) costs no statement.
        guard names.count >= Names.pruneFloor else { return [] }
        let kept = try Self.metaInteger("namesKept", connection)
        guard Int64(names.count) - kept >= max(Int64(Names.pruneFloor / 2), kept / 2) else { return [] }
        var used = Set<Int>()
        let records = try connection.prepare("SELECT key, row FROM records")
        while try records.step() {
            let row = records.blob(1)
            guard !RowDecoder.isTombstone(row) else { continue }
            RowDecoder.addNames(ofRecordRow: row, key: RecordKey(records.text(0)), names: names, to: &used)
        }
        let rootFields = try connection.prepare("SELECT name, value FROM root_fields")
        while try rootFields.step() {
            used.insert(Int(truncatingIfNeeded: rootFields.int64(0)))
            RowDecoder.addNames(ofRootFieldValue: rootFields.blob(1), names: names, to: &used)
        }
        let pruned = names.ids(notIn: used)
        guard !pruned.isEmpty else {
            try Self.setMeta("namesKept", integer: Int64(names.count), connection)
            return []
        }
        let delete = try connection.prepare("DELETE FROM names WHERE id IN (SELECT value FROM json_each(?1))")
        try delete.bind("[" + pruned.map(String.init).joined(separator: ",") + "]", at: 1)
        try delete.run()
        try Self.setMeta("namesKept", integer: Int64(names.count - pruned.count), connection)
        return pruned
    }

    /// Over `sizeLimit`, deletes the rows of the oldest launch, then the next, and never the
    /// newest launch's: an image over its limit keeps the last launch's rows rather than
    /// starting cold. Runs inside the writer's transaction.
    /// Returns whether it deleted anything.
    func evict(sizeLimit: Int64) throws -> Bool {
        guard try usedBytes() > sizeLimit else { return false }
        var evicted = false
        let newest = try connection.integer(
            "SELECT max(m) FROM (SELECT max(launch) AS m FROM records UNION ALL SELECT max(launch) FROM root_fields)")
        while try usedBytes() > sizeLimit {
            let oldestStatement = try connection.cached(
                """
                SELECT min(m) FROM (SELECT min(launch) AS m FROM records WHERE launch < ?1
                UNION ALL SELECT min(launch) FROM root_fields WHERE launch < ?1)
                """)
            try oldestStatement.bind(newest, at: 1)
            guard try oldestStatement.step(), !oldestStatement.isNull(0) else { oldestStatement.reset(); break }
            let oldest = oldestStatement.int64(0)
            evicted = true
            oldestStatement.reset()
            for table in ["records", "root_fields", "operations"] {
                let statement = try connection.cached("DELETE FROM \(table) WHERE launch <= ?1")
                try statement.bind(oldest, at: 1)
                try statement.run()
            }
        }
        return evicted
    }

    /// Gives the pages deletions freed back to the file system.
    func reclaimFreePages() throws {
        guard try connection.integer("PRAGMA freelist_count") > 0 else { return }
        let statement = try connection.prepare("PRAGMA incremental_vacuum")
        while try statement.step() {}
    }
}
