import BatonLens
import Foundation
import Synchronization

/// A `Transport` a test drives step by step: it records every request in order, answers the
/// ones a rule set up front matches (``on(_:variables:reply:)``), and holds every other one
/// until the test finds it (``next(named:variables:timeout:)``, ``nextStream(named:variables:timeout:)``)
/// and answers, fails or feeds it.
///
/// A held `send(_:)` stays suspended until the test replies through its ``HeldRequest`` or the
/// calling task is cancelled (then it throws `CancellationError`). A held stream
/// (`payloads(for:)`, `events(for:)`) yields what the test pushes through its ``HeldStream``
/// until the test finishes or fails it, or its consumer goes away.
///
/// A request the test never answers does not hang the test silently: the waits time out with
/// ``ScriptedTransportError/timedOut(awaited:timeout:seen:)`` naming what was awaited and every
/// request seen, and ``expectNothingHeld(settling:)`` throws ``ScriptedTransportError/stillHeld(_:)``
/// naming what was left. Errors are thrown, not recorded with Swift Testing's `Issue`, so the
/// product links into previews and apps where the `Testing` module is absent; a `@Test` that
/// lets one propagate fails with its message.
///
/// `Sendable`, safe from any thread and any number of concurrent requests: its state is behind
/// a lock, and no lock is held while a reply or rule runs. It starts no task of its own but
/// for a delayed reply: a rule's answer is returned or yielded in the call that asked, and a
/// step the test takes reaches the caller in that step.
public final class ScriptedTransport: Transport {
    /// How long the waits wait when not told: ten seconds unless given, counted in the time the
    /// waiting task could run (a whole suite running in parallel can keep its executor busy for
    /// seconds; that time is not charged).
    public let defaultTimeout: Duration
    let state = Mutex(State())
    /// Awaited by `send(_:)` between logging a request and waiting for its reply: a test of
    /// the hand-over holds a request in that gap.
    let beforeWaiting: (@Sendable () async -> Void)?

    public convenience init(defaultTimeout: Duration = .seconds(10)) {
        self.init(defaultTimeout: defaultTimeout, beforeWaiting: nil)
    }

    /// A transport whose `send(_:)` awaits `beforeWaiting`, when given, between logging a
    /// request and waiting for its reply.
    init(defaultTimeout: Duration = .seconds(10), beforeWaiting: (@Sendable () async -> Void)?) {
        self.defaultTimeout = defaultTimeout
        self.beforeWaiting = beforeWaiting
    }

    deinit {
        let (waiting, streams) = state.withLock { ($0.waiting, $0.streams) }
        for continuation in waiting.values { continuation.resume(throwing: CancellationError()) }
        for sink in streams.values { sink.end(CancellationError()) }
    }

    /// Every request received, in order: sends and streams, held or answered.
    public var requests: [GraphQLRequest] { state.withLock { $0.log.map(\.request) } }

    /// The requests and streams held now, waiting for the test.
    public var held: [GraphQLRequest] {
        state.withLock { state in state.log.filter { $0.disposition.isHeld }.map(\.request) }
    }

    /// Answers every request named `operationName` (and, when given, under exactly these
    /// `variables`) with `reply(request)` as it arrives, instead of holding it. Rules are tried
    /// in the order they were set; the first that matches answers.
    public func on(
        _ operationName: String, variables: [String: JSONValue]? = nil,
        reply: @escaping @Sendable (GraphQLRequest) -> ScriptedReply
    ) {
        let rule = Rule(matcher: Matcher(operationName: operationName, variables: variables), reply: reply)
        state.withLock { $0.rules.append(rule) }
    }

    public func send(_ request: GraphQLRequest) async throws -> Data {
        let (id, rule) = state.withLock { $0.record(request, stream: false) }
        if let rule { return try await rule(request).perform() }
        if let beforeWaiting { await beforeWaiting() }
        let reply = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let cancelled = state.withLock { state in
                    if Task.isCancelled {
                        state.log[id].disposition = .cancelled
                        return true
                    }
                    state.waiting[id] = continuation
                    return false
                }
                if cancelled { continuation.resume(throwing: CancellationError()) }
            }
        } onCancel: {
            let continuation = state.withLock { state in
                let continuation = state.waiting.removeValue(forKey: id)
                if continuation != nil { state.log[id].disposition = .cancelled }
                return continuation
            }
            continuation?.resume(throwing: CancellationError())
        }
        return try await reply.perform()
    }

    public func events(for request: GraphQLRequest) -> AsyncThrowingStream<StreamEvent, any Error> {
        open(request) { $0 }
    }

    public func payloads(for request: GraphQLRequest) -> AsyncThrowingStream<Data, any Error> {
        open(request) { event in
            if case .payload(let payload) = event { return payload }
            return nil
        }
    }

    /// A stream of `request`'s events as `element` maps them (nil: skipped): answered by a rule
    /// (at once, or after its delay), or held for the test to feed.
    private func open<Element: Sendable>(
        _ request: GraphQLRequest, _ element: @escaping @Sendable (StreamEvent) -> Element?
    ) -> AsyncThrowingStream<Element, any Error> {
        let (stream, continuation) = AsyncThrowingStream<Element, any Error>.makeStream()
        let sink = StreamSink(
            push: { event in if let value = element(event) { continuation.yield(value) } },
            end: { error in continuation.finish(throwing: error) })
        let (id, rule) = state.withLock { $0.record(request, stream: true) }
        if let rule {
            let reply = rule(request)
            if let outcome = reply.immediate {
                sink.deliver(outcome)
            } else {
                let task = Task { sink.deliver(await reply.result()) }
                continuation.onTermination = { _ in task.cancel() }
            }
            return stream
        }
        continuation.onTermination = { [weak self] _ in
            self?.state.withLock { state in
                if state.streams.removeValue(forKey: id) != nil { state.log[id].disposition = .dropped }
            }
        }
        state.withLock { $0.streams[id] = sink }
        return stream
    }
}
