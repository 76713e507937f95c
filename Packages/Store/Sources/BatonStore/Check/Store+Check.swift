import Foundation
@_spi(Baton) import BatonRecords

extension Store {
    /// Whether the store can answer `plan`'s operation now, walking its selections from the
    /// root through links, untracked.
    ///
    /// A field holding a field error counts as present; a deferred field that is absent is
    /// pending, not missing. When memory lacks a record, a field, or a selected root field,
    /// the walk runs again inside one read transaction of the persistence, filling memory with
    /// what it reads (new records without notifications) and marking each row read this
    /// launch. Staleness compares the operation's last fetch (memory, then the persistence)
    /// with `maxAge` and with invalidations of the records read.
    ///
    /// - Parameters:
    ///   - plan: the operation, under its variables.
    ///   - maxAge: how many seconds may have passed since the operation's last fetch before
    ///     the answer is stale; nil: any age.
    ///   - time: the time `maxAge` is measured at; the store's clock when nil.
    public func check(_ plan: OperationPlan, maxAge: TimeInterval? = nil, now time: Date? = nil) -> CheckResult {
        let root = table.entry(plan.rootKey)
        guard root.state.presence == .live, let rootRecord = root.record else {
            return CheckResult(availability: .missing([[]]), source: .miss, fetchedAt: nil, hasPendingDeferred: false)
        }
        var walk = CheckWalk(reader: nil)
        walkObject(rootRecord, root.state, plan.root, &walk)
        var source = CheckSource.memory
        let identity = plan.identity
        let needsFetchTime =
            freshness.needsLoading(identity)
            && (maxAge != nil || walk.latestInvalidation > 0 || freshness.everythingInvalidated != nil)
        if let persistence = disk.persistence,
            (!walk.missing.isEmpty && walk.persistenceMightHelp) || (walk.missing.isEmpty && needsFetchTime)
        {
            let retry = !walk.missing.isEmpty
            do {
                try persistence.withReadTransaction { reader in
                    if retry {
                        var again = CheckWalk(reader: reader)
                        walkObject(rootRecord, table.state(plan.rootKey), plan.root, &again)
                        walkLevels(&again, from: reader)
                        walk = again
                    }
                    loadFetchTime(identity, from: reader)
                }
            } catch {
                notePersistenceError(error)
            }
            if retry { source = walk.missing.isEmpty ? .image : .miss }
        } else if !walk.missing.isEmpty {
            source = .miss
        }
        let fetched = freshness.fetchTimes[identity]
        var result = CheckResult(
            availability: .available, source: source, fetchedAt: fetched?.date, hasPendingDeferred: walk.pending)
        if !walk.missing.isEmpty {
            // Name the gaps: walk memory (now holding what the persistence had) with paths.
            var named = CheckWalk(reader: nil, tracksPaths: true)
            walkObject(rootRecord, table.state(plan.rootKey), plan.root, &named)
            result.availability = .missing(named.missing)
            return result
        }
        let invalidated = max(walk.latestInvalidation, freshness.everythingInvalidated?.sequence ?? 0)
        if invalidated > 0, fetched.map({ $0.sequence < invalidated }) ?? true {
            result.availability = .stale
        } else if let maxAge, let fetched, (time ?? now()).timeIntervalSince(fetched.date) > maxAge {
            result.availability = .stale
        }
        return result
    }

    /// Asks the persistence when `identity` last fetched, once per launch.
    private func loadFetchTime(_ identity: OperationIdentity, from reader: any PersistenceReader) {
        guard freshness.needsLoading(identity) else { return }
        freshness.fetchTimesLoaded.insert(identity)
        do {
            if let date = try reader.fetchTime(of: identity) {
                freshness.fetchTimes[identity] = Stamp(date: date, sequence: 0)
            }
        } catch {
            notePersistenceError(error)
        }
    }
}
