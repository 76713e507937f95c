import Observation

/// What a ``MutationHandle`` shows, observed, apart from the generic handle (see
/// `QueryHandleState` for why): its `data` (as the lens's `RecordRef`), `running` and `error`.
/// Main actor.
@MainActor
@Observable
final class MutationHandleState {
    var data: RecordRef?
    var running = 0
    var error: OperationError?
}
