import BatonNormalize
import BatonTransport
import Foundation

/// Ten small queries against the local GraphQL server, started concurrently: batched into one
/// HTTP request (`HTTPTransport.Configuration.batching`, a batch of ten goes out as soon as it
/// is full) and as ten requests of their own, run in turn so both see the same machine.
enum BatchingBenchmarks {
    static func run(_ harness: inout Harness) throws {
        let server = try LocalServer.start()
        defer { server.stop() }
        let url = URL(string: "http://127.0.0.1:\(server.port)/graphql")!
        var configuration = HTTPTransport.Configuration(url: url)
        configuration.batching = HTTPTransport.Batching(window: .milliseconds(10), maximumSize: 10)
        let batched = HTTPTransport(configuration: configuration)
        let separate = HTTPTransport(url: url)
        let requests = (1...10).map { id in
            GraphQLRequest(
                document: TransportBenchmarks.query, operationName: "Small", variables: ["id": .string("\(id)")])
        }
        let (batchedMilliseconds, separateMilliseconds) = try Harness.interleavedMedians(
            { try TransportBenchmarks.blockingMilliseconds { try await sendAll(requests, through: batched) } },
            { try TransportBenchmarks.blockingMilliseconds { try await sendAll(requests, through: separate) } })
        harness.record("batched_10_queries_ms", batchedMilliseconds)
        harness.record("separate_10_queries_ms", separateMilliseconds)
        harness.record("batched_over_separate_ratio", batchedMilliseconds / separateMilliseconds)
    }

    /// Sends every request at once and waits for all the answers; each must be the right one.
    static func sendAll(_ requests: [GraphQLRequest], through transport: HTTPTransport) async throws {
        try await withThrowingTaskGroup(of: (GraphQLRequest, Data).self) { group in
            for request in requests {
                group.addTask { (request, try await transport.send(request)) }
            }
            for try await (request, body) in group {
                guard case .string(let id) = request.variables["id"],
                    String(decoding: body, as: UTF8.self).contains(#""id": "\#(id)""#)
                else { throw BatchingBenchmarkError.wrongAnswer(String(decoding: body, as: UTF8.self)) }
            }
        }
    }
}

enum BatchingBenchmarkError: Error {
    case wrongAnswer(String)
}
