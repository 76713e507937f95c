import Observation

/// What a ``SubscriptionHandle`` shows, observed, apart from the generic handle (see
/// `QueryHandleState` for why): its `state`, `data` (as the lens's `RecordRef`), `eventCount`,
/// `resumptions` and `error`. Main actor.
@MainActor
@Observable
final class SubscriptionHandleState {
    var state: SubscriptionState = .idle
    var data: RecordRef?
    var eventCount = 0
    var resumptions = 0
    var error: OperationError?
}
