import BatonNormalize

/// The connection loop of one started ``SubscriptionHandle``: asks the transport for the
/// stream, hands each event to the handle, and reconnects after a ``Backoff`` when the stream
/// drops with an error that may go away (`TransportFailure.isPermanent` false).
///
/// Main actor, run by the handle's task. It holds its handle weakly, never across a
/// suspension, so an app that lets go of the handle ends the stream: the handle's `deinit`
/// cancels the task, and the transport's stream sees its consumer go.
@MainActor
struct SubscriptionLoop<Op: GraphQLOperation> {
    weak var handle: SubscriptionHandle<Op>?
    let plan: OperationPlan
    let environment: GraphQLEnvironment
    let backoff: Backoff

    private var isLive: Bool { handle != nil && !Task.isCancelled && !environment.isEnded }

    func run() async {
        let transport = environment.transport
        var attempt = 0
        while isLive {
            handle?.connecting()
            do {
                var connected = false
                for try await event in transport.events(for: plan.request) {
                    guard isLive else { return }
                    if !connected {
                        connected = true
                        attempt = 0
                        handle?.connected()
                    }
                    guard case .payload(let payload) = event else { continue }
                    let ingested = await GraphQLEnvironment.ingestOff(payload, plan: plan, after: [])
                    guard isLive else { return }
                    handle?.receive(ingested, plan: plan)
                }
                if isLive { handle?.finished() }
                return
            } catch {
                guard isLive else { return }
                if let failure = error as? any TransportFailure, failure.isPermanent {
                    handle?.failed(error, plan: plan)
                    return
                }
                attempt += 1
                handle?.dropped(error, attempt: attempt, plan: plan)
                do {
                    try await backoff.sleep(backoff.delay(attempt: attempt))
                } catch {
                    return
                }
                guard isLive else { return }
                handle?.resumed()
            }
        }
    }
}
