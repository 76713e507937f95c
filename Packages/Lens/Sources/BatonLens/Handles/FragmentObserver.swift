import Observation

/// One record read through a fragment, found by the record's key: what a view handed a key
/// (a list's row, a detail screen) reads, and what `@GraphQLFragment` holds.
///
/// Main actor, `Observable` (a read of ``lens`` costs what an `@Observable` property's does). Which
/// records the store holds is not observable (`Store.record(_:)` is untracked), so the observer
/// looks its key up when made and again at each ``refresh()``: ``lens`` is nil while memory does
/// not hold the record (never fetched, deleted, collected), and a new lens once a deleted record is
/// written again. Reads through ``lens`` are the fragment's own, each tracked per field, so a body
/// that reads one field re-runs when that field changes. A lens made from a key carries no plan
/// selection: a field that takes arguments reads as ``LensError/notSelected(field:record:)``. The
/// observer does not retain its record against collection; the query that fetched the record does.
@MainActor
public final class FragmentObserver<F: Fragment>: Observable {
    /// The key of the record observed.
    public let key: RecordKey
    /// The fragment's lens over the record; nil while memory does not hold it, or once the
    /// environment has ended.
    public var lens: F? {
        guard let ref = observed.lens else { return nil }
        return F(ref: ref)
    }
    /// ``lens``, observed (`FragmentObserverState`).
    let observed = FragmentObserverState()

    let environment: GraphQLEnvironment

    public init(_ fragment: F.Type = F.self, key: RecordKey, in environment: GraphQLEnvironment) {
        self.key = key
        self.environment = environment
        environment.onEnd(self) { [weak self] in self?.observed.lens = nil }
        refresh()
    }

    /// Looks the key up again: a lens when the record has appeared or was replaced, nil when it
    /// went. Changes ``lens`` (and so notifies) only when the record the store holds is another.
    public func refresh() {
        let record = environment.isEnded ? nil : environment.store.record(key)
        if record === lens?.ref.record { return }
        observed.lens = record.map { RecordRef(record: $0, selection: nil, context: environment.lensContext) }
    }
}
