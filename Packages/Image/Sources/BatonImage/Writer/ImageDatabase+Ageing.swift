extension ImageDatabase {
    /// Records this launch, which the open only read; then rows neither read nor written
    /// during a whole launch go the launch after: at the open of launch N, rows whose launch
    /// is before N-1 (``oldestKeptLaunch``). Then the size limit. Runs on the writer's queue
    /// as its first job, so a read that comes first need not wait for it: reads skip the rows
    /// it drops.
    func age(sizeLimit: Int64) throws {
        try connection.writeTransaction {
            try Self.setMeta("launch", integer: launch, connection)
            for table in ["records", "root_fields", "operations"] {
                let statement = try connection.cached("DELETE FROM \(table) WHERE launch < ?1")
                try statement.bind(oldestKeptLaunch, at: 1)
                try statement.run()
            }
            _ = try evict(sizeLimit: sizeLimit)
        }
        try reclaimFreePages()
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
