import BatonNormalize
import BatonTransport
import Foundation
import Synchronization

/// The production network layer against the local server: a round trip through the
/// interceptor chain an app installs (auth, retry, log) beside the bare transport, and a
/// subscription event's latency over the WebSocket transport beside server-sent events. Each
/// pair is measured in turn, run after run, so both see the same moments of the machine.
enum NetworkingBenchmarks {
    static func run(_ harness: inout Harness) throws {
        let server = try LocalServer.start()
        defer { server.stop() }
        let url = URL(string: "http://127.0.0.1:\(server.port)/graphql")!
        try interceptorChain(url: url, &harness)
        try webSocketLatency(url: url, &harness)
    }

    /// `interceptor_chain_overhead_ratio`: the small query's round trip through auth, retry
    /// and a value-free log over the same transport without them.
    static func interceptorChain(url: URL, _ harness: inout Harness) throws {
        let bare = HTTPTransport(url: url)
        let entries = Atomic<Int>(0)
        let chained = InterceptingTransport(
            HTTPTransport(url: url),
            interceptors: [
                RetryInterceptor(),
                AuthInterceptor(token: { "benchmark" }, refresh: { _ in "benchmark" }),
                RequestLogInterceptor { _ in entries.add(1, ordering: .relaxed) },
            ])
        let request = GraphQLRequest(
            document: TransportBenchmarks.query, operationName: "Small", variables: ["id": "1"])
        let (plain, intercepted) = try Harness.interleavedMedians(
            { try TransportBenchmarks.blockingMilliseconds { _ = try await bare.send(request) } },
            { try TransportBenchmarks.blockingMilliseconds { _ = try await chained.send(request) } })
        precondition(entries.load(ordering: .relaxed) > 0, "the log interceptor must have seen the requests")
        harness.record("interceptor_chain_roundtrip_ms", intercepted)
        harness.record("interceptor_chain_overhead_ratio", intercepted / plain)
    }

    /// `websocket_event_latency_ms` and `websocket_over_sse_latency_ratio`: from the mutation
    /// that publishes an event being sent to the event arriving, on one subscription per
    /// transport held open across the runs.
    static func webSocketLatency(url: URL, _ harness: inout Harness) throws {
        var components = URLComponents(url: url, resolvingAgainstBaseURL: false)!
        components.scheme = "ws"
        let webSocket = try LatencyProbe(
            subscribingThrough: GraphQLWebSocketTransport(url: components.url!), publishingTo: url, character: "11")
        defer { webSocket.stop() }
        var configuration = HTTPTransport.Configuration(url: url)
        configuration.subscriptionProtocol = .serverSentEvents
        let sse = try LatencyProbe(
            subscribingThrough: HTTPTransport(configuration: configuration), publishingTo: url, character: "12")
        defer { sse.stop() }
        let (overWebSocket, overSSE) = try Harness.interleavedMedians(webSocket.sample, sse.sample)
        harness.record("websocket_event_latency_ms", overWebSocket)
        harness.record("websocket_over_sse_latency_ratio", overWebSocket / overSSE)
    }
}
