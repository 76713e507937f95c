import Observation

/// What a ``FragmentObserver`` shows, observed, apart from the generic observer (see
/// `QueryHandleState` for why): its `lens`, as the lens's `RecordRef`. Main actor.
@MainActor
@Observable
final class FragmentObserverState {
    var lens: RecordRef?
}
