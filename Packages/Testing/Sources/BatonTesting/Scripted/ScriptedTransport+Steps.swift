import BatonLens
import Foundation

extension ScriptedTransport {
    /// Waits until a held request named `operationName` (any name when nil; under exactly
    /// `variables` when given) arrives that no earlier wait took, and hands it to the test
    /// once its caller waits for the reply, so the test can answer it at once; the oldest such
    /// request first. Throws ``ScriptedTransportError/timedOut(awaited:timeout:seen:)``
    /// after `timeout` (``defaultTimeout`` when nil).
    nonisolated(nonsending) public func next(
        named operationName: String? = nil, variables: [String: JSONValue]? = nil, timeout: Duration? = nil
    ) async throws(ScriptedTransportError) -> HeldRequest {
        let matcher = Matcher(operationName: operationName, variables: variables)
        let id = try await take(matcher, stream: false, timeout: timeout ?? defaultTimeout)
        return HeldRequest(request: state.withLock { $0.log[id].request }, id: id, transport: self)
    }

    /// ``next(named:variables:timeout:)`` for a stream (`payloads(for:)`, `events(for:)`): a
    /// subscription's connection, held open for the test to feed.
    nonisolated(nonsending) public func nextStream(
        named operationName: String? = nil, variables: [String: JSONValue]? = nil, timeout: Duration? = nil
    ) async throws(ScriptedTransportError) -> HeldStream {
        let matcher = Matcher(operationName: operationName, variables: variables)
        let id = try await take(matcher, stream: true, timeout: timeout ?? defaultTimeout)
        return HeldStream(request: state.withLock { $0.log[id].request }, id: id, transport: self)
    }

    /// The end-of-test check: throws ``ScriptedTransportError/stillHeld(_:)`` naming every
    /// request or stream still held after `settling` (the time a cancelled caller or a stopped
    /// subscription takes to let its request go), after failing each of them with that error
    /// so no task stays suspended. Returns as soon as none is held.
    nonisolated(nonsending) public func expectNothingHeld(settling: Duration = .milliseconds(100))
        async throws(ScriptedTransportError)
    {
        let deadline = ContinuousClock.now.advanced(by: settling)
        var attempt = 0
        while state.withLock({ state in state.log.contains { $0.disposition.isHeld } }), ContinuousClock.now < deadline
        {
            attempt += 1
            if attempt < 50 { await Task.yield() } else { try? await Task.sleep(for: .milliseconds(1)) }
        }
        let (held, waiting, streams) = state.withLock { state in
            let held = state.log.filter { $0.disposition.isHeld }.map { ScriptedTransport.describe($0.request) }
            let taken = (state.waiting, state.streams)
            for id in state.waiting.keys { state.log[id].disposition = .failed }
            for id in state.streams.keys { state.log[id].disposition = .failed }
            state.waiting = [:]
            state.streams = [:]
            return (held, taken.0, taken.1)
        }
        guard !held.isEmpty else { return }
        let error = ScriptedTransportError.stillHeld(held)
        for continuation in waiting.values { continuation.resume(throwing: error) }
        for sink in streams.values { sink.end(error) }
        throw error
    }

    /// Polls (yielding, then sleeping a millisecond at a time) until `matcher` takes a request,
    /// charging `timeout` only the time the wait could run (``WaitBudget``). It runs on the
    /// caller's actor, as the waits do: a test on the main actor polls there, behind the same
    /// queue as the handle's task that sends the request, so a late turn is one the sender
    /// could not use either.
    nonisolated(nonsending) func take(_ matcher: Matcher, stream: Bool, timeout: Duration)
        async throws(ScriptedTransportError) -> Int
    {
        var budget = WaitBudget(timeout)
        while true {
            if let id = state.withLock({ $0.take(matcher, stream: stream) }) { return id }
            if budget.isSpent || Task.isCancelled {
                let seen = state.withLock { $0.log.map(\.summary) }
                let awaited = stream ? "a stream: \(matcher.summary)" : matcher.summary
                throw .timedOut(awaited: awaited, timeout: timeout, seen: seen)
            }
            await budget.turn()
        }
    }

    /// Resumes held request `id` with `reply`.
    func resume(_ id: Int, with reply: ScriptedReply) throws(ScriptedTransportError) {
        let continuation = state.withLock { state in
            let continuation = state.waiting.removeValue(forKey: id)
            if continuation != nil {
                if case .failure = reply.outcome {
                    state.log[id].disposition = .failed
                } else {
                    state.log[id].disposition = .answered
                }
            }
            return continuation
        }
        guard let continuation else { throw .notHeld(state.withLock { $0.log[id].summary }) }
        continuation.resume(returning: reply)
    }

    /// How a stream step leaves the stream.
    enum StreamEnd {
        case open
        case finished
        case failed(any Error)
    }

    /// Yields `event` (when given) on held stream `id`, then leaves it as `end` says.
    func stream(_ id: Int, yield event: StreamEvent?, end: StreamEnd) throws(ScriptedTransportError) {
        let sink = state.withLock { state in
            switch end {
            case .open: return state.streams[id]
            case .finished, .failed:
                let sink = state.streams.removeValue(forKey: id)
                if sink != nil {
                    if case .finished = end {
                        state.log[id].disposition = .finished
                    } else {
                        state.log[id].disposition = .failed
                    }
                }
                return sink
            }
        }
        guard let sink else { throw .notHeld(state.withLock { $0.log[id].summary }) }
        if let event { sink.push(event) }
        switch end {
        case .open: break
        case .finished: sink.end(nil)
        case .failed(let error): sink.end(error)
        }
    }
}
