import BatonNormalize
import BatonTransport
import Foundation
import Synchronization

/// One subscription held open through a transport, and the mutation that publishes to it:
/// ``sample()`` is one event's latency in milliseconds. Its consumer runs in a detached task;
/// the probe is driven from one thread.
final class LatencyProbe: Sendable {
    private let consumer: Task<Void, any Error>
    private let arrivals = Arrivals()
    private let publisher: HTTPTransport
    private let publish: GraphQLRequest
    private let kind: String

    init(subscribingThrough transport: any Transport, publishingTo url: URL, character: String) throws {
        kind = "\(type(of: transport))"
        publisher = HTTPTransport(url: url)
        publish = GraphQLRequest(
            document: StreamBenchmarks.mutation, operationName: "Add", kind: .mutation,
            variables: ["c": .string(character), "t": "benchmark"])
        let request = GraphQLRequest(
            document: StreamBenchmarks.subscription, operationName: "Added", kind: .subscription,
            variables: ["c": .string(character)], headers: ["X-Test-Heartbeat": "600"])
        let arrivals = arrivals
        consumer = Task.detached {
            for try await _ in transport.payloads(for: request) { arrivals.record() }
        }
        // Until the subscription is on the server, a mutation publishes to nobody.
        var subscribed = false
        for _ in 0..<100 where !subscribed {
            try sendPublish()
            subscribed = arrivals.next(within: 0.1) != nil
        }
        guard subscribed else {
            consumer.cancel()
            throw BenchmarkError.noEvent(kind: kind)
        }
        while arrivals.next(within: 0.2) != nil {}
    }

    func sample() throws -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try sendPublish()
        guard let arrived = arrivals.next(within: 5) else { throw BenchmarkError.noEvent(kind: kind) }
        return Double(arrived - start) / 1e6
    }

    func stop() {
        consumer.cancel()
    }

    private func sendPublish() throws {
        let publisher = publisher
        let publish = publish
        _ = try TransportBenchmarks.blockingMilliseconds { _ = try await publisher.send(publish) }
    }
}

/// When each event arrived, in arrival order, for the thread that waits for them.
final class Arrivals: Sendable {
    private let times = Mutex<[UInt64]>([])
    private let signal = DispatchSemaphore(value: 0)

    func record() {
        times.withLock { $0.append(DispatchTime.now().uptimeNanoseconds) }
        signal.signal()
    }

    /// The next arrival's uptime in nanoseconds; nil when none comes within `seconds`.
    func next(within seconds: Double) -> UInt64? {
        guard signal.wait(timeout: .now() + seconds) == .success else { return nil }
        return times.withLock { $0.removeFirst() }
    }
}
