import BatonNormalize
import BatonTransport
import Foundation
import Synchronization

/// Streamed answers: how long a subscription event takes to arrive when the server writes
/// nothing after it (no heartbeat for 10 minutes), over multipart and over server-sent
/// events, from the mutation that publishes it being sent to its payload arriving; and how
/// fast the multipart parser splits an `@defer` body.
enum StreamBenchmarks {
    static let subscription = "subscription Added($c: ID!) { noteAdded(characterId: $c) { id text } }"
    static let mutation = "mutation Add($c: ID!, $t: String!) { addNote(characterId: $c, text: $t) { id } }"

    static func run(_ harness: inout Harness) throws {
        let server = try LocalServer.start()
        defer { server.stop() }
        let url = URL(string: "http://127.0.0.1:\(server.port)/graphql")!
        harness.record("multipart_event_latency_ms", try eventLatency(url: url, over: .multipart, character: "9"))
        harness.record("sse_event_latency_ms", try eventLatency(url: url, over: .serverSentEvents, character: "10"))
        harness.record("multipart_parse_mb_per_s", try parseThroughput())
    }

    /// The median milliseconds from sending a mutation to its subscription event arriving,
    /// on one subscription held open across the runs.
    static func eventLatency(url: URL, over kind: HTTPTransport.SubscriptionProtocol, character: String) throws
        -> Double
    {
        var configuration = HTTPTransport.Configuration(url: url)
        configuration.subscriptionProtocol = kind
        let transport = HTTPTransport(configuration: configuration)
        let arrivals = Arrivals()
        let request = GraphQLRequest(
            document: subscription, operationName: "Added", kind: .subscription,
            variables: ["c": .string(character)], headers: ["X-Test-Heartbeat": "600"])
        let consumer = Task.detached {
            for try await _ in transport.payloads(for: request) { arrivals.record() }
        }
        defer { consumer.cancel() }
        let publish = GraphQLRequest(
            document: mutation, operationName: "Add", kind: .mutation,
            variables: ["c": .string(character), "t": "benchmark"])
        // Until the subscription is on the server, a mutation publishes to nobody.
        var subscribed = false
        for _ in 0..<100 where !subscribed {
            _ = try TransportBenchmarks.blockingMilliseconds { _ = try await transport.send(publish) }
            subscribed = arrivals.next(within: 0.1) != nil
        }
        guard subscribed else { throw BenchmarkError.noEvent(kind: "\(kind)") }
        while arrivals.next(within: 0.2) != nil {}
        return try Harness.median {
            let start = DispatchTime.now().uptimeNanoseconds
            _ = try TransportBenchmarks.blockingMilliseconds { _ = try await transport.send(publish) }
            guard let arrived = arrivals.next(within: 5) else { throw BenchmarkError.noEvent(kind: "\(kind)") }
            return Double(arrived - start) / 1e6
        }
    }

    /// Megabytes a second of an `@defer` body of 200 parts of about 5 KB, fed in 16 KB chunks.
    static func parseThroughput() throws -> Double {
        let item = #"{"id":"%d","name":"Rick Sanchez \"C-137\"","status":"Alive","tags":["a","b","}"]}"#
        var body = Data("\r\n---".utf8)
        for part in 0..<200 {
            let items = (0..<60).map { String(format: item, part * 100 + $0) }.joined(separator: ",")
            let json =
                #"{"incremental":[{"path":["list",\#(part)],"data":{"items":[\#(items)]}}],"hasNext":\#(part < 199)}"#
            body.append(Data("\r\nContent-Type: application/json; charset=utf-8\r\n\r\n\(json)\r\n---".utf8))
        }
        body.append(Data("--\r\n".utf8))
        let chunks = stride(from: 0, to: body.count, by: 16384).map { body[$0..<min($0 + 16384, body.count)] }
        let milliseconds = try Harness.median {
            try Harness.milliseconds {
                var parser = MultipartParser(boundary: "-")
                var parts = 0
                for chunk in chunks {
                    parser.append(chunk)
                    while try parser.nextPart() != nil { parts += 1 }
                }
                try parser.finish()
                guard parts == 200 else { throw BenchmarkError.wrongPartCount(parts) }
            }
        }
        return Double(body.count) / 1e6 / (milliseconds / 1e3)
    }
}

/// When each event arrived, in arrival order, for the thread that waits for them.
private final class Arrivals: Sendable {
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
