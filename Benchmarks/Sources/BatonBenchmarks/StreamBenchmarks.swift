import BatonNormalize
import BatonTransport
import Foundation

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
        let probe = try LatencyProbe(
            subscribingThrough: HTTPTransport(configuration: configuration), publishingTo: url, character: character)
        defer { probe.stop() }
        return try Harness.median(probe.sample)
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
