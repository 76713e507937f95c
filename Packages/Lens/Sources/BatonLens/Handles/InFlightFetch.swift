/// One fetch of an operation under its variables, shared by every caller that asks for the
/// same while it runs (``GraphQLEnvironment`` keeps it by the plan's identity). Main actor.
///
/// A plain response is sent and ingested off the main actor by a task of its own, which no
/// caller's cancellation reaches; the first caller to await ``result()`` commits it, in its
/// own task: that caller goes on in the job that commits (a handle's state changes with the
/// records, and `await` returns), without the turn of the main queue that resuming after
/// another task's end waits for. Callers after it wait for that commit. An incremental
/// (`@defer`) response commits payload by payload in a task of its own, which the first
/// caller awaits and the others wait behind.
///
/// Every fetch must be awaited by someone (a handle's task, a preload's): its commit runs in
/// the awaiting task.
///
/// A fetch that ``startsListsAgain`` commits its answer with `ChangeSet.startListsAgain()`:
/// its first pages replace the lists the store holds (a refetch's). A plain response's fetch
/// becomes one when a refetch joins it before it has landed.
@MainActor
final class InFlightFetch {
    typealias Outcome = Result<CommitSummary, OperationError>

    /// What runs the fetch.
    private enum Work {
        /// The request and the ingest of a plain response, and how it is committed: by the
        /// first awaiting caller.
        case response(
            Task<Result<IngestResult, FetchError>, Never>,
            land: @MainActor (InFlightFetch, Result<IngestResult, FetchError>) -> Outcome)
        /// An incremental response, each payload committed as it arrives.
        case incremental(Task<Outcome, Never>)
        /// Nothing: the outcome was known before anything was sent.
        case none
    }

    /// Who awaits the fetch, and its outcome once it has one.
    private enum State {
        /// Started; nobody awaits it yet.
        case started
        /// The first caller awaits the work (and commits a plain response); these wait for it.
        case awaited(waiters: [CheckedContinuation<Outcome, Never>])
        case ended(Outcome)
    }

    private let work: Work
    private var state = State.started
    /// Whether the answer's first pages replace the lists the store holds rather than keep
    /// the later pages (see ``startListsAgain()``).
    private(set) var startsListsAgain: Bool
    /// Told the outcome when the fetch ends, before any caller goes on; the environment's.
    private let ended: @MainActor (InFlightFetch, Outcome) -> Void

    /// A fetch that sends nothing and ends in `outcome` (a refusal).
    init(refused outcome: Outcome) {
        work = .none
        state = .ended(outcome)
        ended = { _, _ in }
        startsListsAgain = false
    }

    /// Starts `plan`'s fetch: a plain response's request at once on a task of its own, an
    /// incremental one's stream through `stream`. `land` commits a plain response (reading
    /// the fetch's ``startsListsAgain`` then); `ended` is told the outcome when the fetch ends,
    /// before any caller goes on.
    init(
        _ plan: OperationPlan, transport: any Transport, startsListsAgain: Bool,
        stream: @escaping @MainActor () async -> Outcome,
        land: @escaping @MainActor (InFlightFetch, Result<IngestResult, FetchError>) -> Outcome,
        ended: @escaping @MainActor (InFlightFetch, Outcome) -> Void
    ) {
        self.ended = ended
        self.startsListsAgain = startsListsAgain
        if plan.deferLabels.isEmpty {
            work = .response(
                Task.detached(priority: Task.currentPriority) {
                    await GraphQLEnvironment.download(plan, transport: transport)
                }, land: land)
        } else {
            work = .incremental(Self.startTask(stream))
        }
    }

    /// The fetch's outcome: committed by this caller when it is the first to ask (see the
    /// type's notes), else waited for. Never interrupted: a cancelled caller still gets the
    /// outcome, as the fetch does not stop for it.
    func result() async -> Outcome {
        switch state {
        case .ended(let outcome):
            return outcome
        case .awaited:
            return await withCheckedContinuation { wait($0) }
        case .started:
            state = .awaited(waiters: [])
            let outcome: Outcome
            switch work {
            case .response(let download, let land): outcome = land(self, await download.value)
            case .incremental(let task): outcome = await task.value
            case .none: preconditionFailure("a fetch that sends nothing has ended")
            }
            guard case .awaited(let waiters) = state else { preconditionFailure("one caller ends a fetch") }
            state = .ended(outcome)
            ended(self, outcome)
            for waiter in waiters { waiter.resume(returning: outcome) }
            return outcome
        }
    }

    /// Makes the fetch start lists again when it lands, and says whether it will: a plain
    /// response's fetch in flight has landed nothing yet (its one commit ends it), while an
    /// incremental one may have committed its first payload already, so it keeps what it was.
    func startListsAgain() -> Bool {
        if case .response = work, !startsListsAgain {
            if case .ended = state { return false }
            startsListsAgain = true
        }
        return startsListsAgain
    }

    private func wait(_ continuation: CheckedContinuation<Outcome, Never>) {
        guard case .awaited(var waiters) = state else {
            preconditionFailure("a fetch is waited for only while its first caller awaits it")
        }
        state = .started  // lets go of the array, so the append does not copy it
        waiters.append(continuation)
        state = .awaited(waiters: waiters)
    }

    /// A task running `body`, started at once on the main actor where the platform has
    /// `Task.immediate`, else enqueued on it.
    private static func startTask<Success: Sendable>(
        _ body: @escaping @MainActor () async -> Success
    ) -> Task<Success, Never> {
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            return Task.immediate(operation: body)
        }
        return Task(operation: body)
    }

    /// Stops the request or the stream (the environment has ended): the outcome is then a
    /// failure.
    func cancel() {
        switch work {
        case .response(let task, _): task.cancel()
        case .incremental(let task): task.cancel()
        case .none: break
        }
    }
}
