import Observation

/// What a ``RefetchHandle`` shows, observed, apart from the generic handle (see
/// `QueryHandleState` for why): its `lens` (as the lens's `RecordRef`), `variables`,
/// `isRefetching`, `isLoadingNext`, `isLoadingPrevious` and `error`. Main actor.
@MainActor
@Observable
final class RefetchHandleState {
    var lens: RecordRef
    var variables: [String: JSONValue]
    var isRefetching = false
    var isLoadingNext = false
    var isLoadingPrevious = false
    var error: OperationError?

    init(lens: RecordRef, variables: [String: JSONValue]) {
        self.lens = lens
        self.variables = variables
    }
}
