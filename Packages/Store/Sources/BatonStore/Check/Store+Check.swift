import Foundation
@_spi(Baton) import BatonRecords

extension Store {
    /// Whether the store can answer `plan`'s operation now, walking its selections from the
    /// root through links, untracked.
    ///
    /// A field holding a field error counts as present; a deferred field that is absent is
    /// pending, not missing; a client-only field (`FieldPlan.isClientOnly`), and what is under
    /// it, is passed over, since no fetch answers it. When memory lacks a record, a field, or a selected root field,
    /// the walk runs again inside one read transaction of the persistence, filling memory with
    /// what it reads (new records without notifications, each level's rows in one read) and
    /// marking each row read this launch. What is missing is named by a walk over memory:
    /// the first, or, after a read, one more.
    /// Staleness compares the operation's last fetch (memory, then the persistence) with
    /// `maxAge` and with invalidations of the records read.
    ///
    /// - Parameters:
    ///   - plan: the operation, under its variables.
    ///   - maxAge: how many seconds may have passed since the operation's last fetch before
    ///     the answer is stale; nil: any age.
    ///   - time: the time `maxAge` is measured at; the store's clock when nil.
    public func check(_ plan: OperationPlan, maxAge: TimeInterval? = nil, now time: Date? = nil) -> CheckResult {
        walking { checkWalking(plan, maxAge: maxAge, now: time) }
    }

    /// ``check(_:maxAge:now:)``, inside ``walking(_:)``.
    private func checkWalking(_ plan: OperationPlan, maxAge: TimeInterval?, now time: Date?) -> CheckResult {
        guard let root = StoreSource(store: self).root(plan.rootKey) else {
            return CheckResult(availability: .missing([[]]), source: .miss, fetchedAt: nil, hasPendingDeferred: false)
        }
        var walk = PlanWalk(source: StoreSource(store: self), visitor: CheckVisitor(store: self, reads: false))
        walk.walk(root, plan.root)
        var found = walk.visitor
        var source = CheckSource.memory
        let identity = plan.identity
        let needsFetchTime =
            freshness.needsLoading(identity)
            && (maxAge != nil || found.latestInvalidation > 0 || freshness.everythingInvalidated != nil)
        if let persistence = disk.persistence,
            (found.gaps > 0 && found.persistenceMightHelp) || (found.gaps == 0 && needsFetchTime)
        {
            let retry = found.gaps > 0
            do {
                try persistence.withReadTransaction { reader in
                    if retry { found = checkReading(plan, from: reader) }
                    loadFetchTime(identity, from: reader)
                }
            } catch {
                notePersistenceError(error)
            }
            if retry { source = found.gaps == 0 ? .image : .miss }
        } else if found.gaps > 0 {
            source = .miss
        }
        let fetched = freshness.fetched(identity)
        var result = CheckResult(
            availability: .available, source: source, fetchedAt: fetched?.date, hasPendingDeferred: found.pending)
        if found.gaps > 0 {
            if found.reads {
                // Name the gaps: walk memory, now holding what the persistence had, with paths.
                var naming = PlanWalk(
                    source: StoreSource(store: self), visitor: CheckVisitor(store: self, reads: false))
                naming.walk(root, plan.root)
                found = naming.visitor
            }
            result.availability = .missing(found.missing)
            return result
        }
        let invalidated = max(found.latestInvalidation, freshness.everythingInvalidated?.sequence ?? 0)
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
        do {
            freshness.noteLoaded(identity, fetchedAt: try reader.fetchTime(of: identity))
        } catch {
            freshness.noteLoaded(identity, fetchedAt: nil)
            notePersistenceError(error)
        }
    }
}
