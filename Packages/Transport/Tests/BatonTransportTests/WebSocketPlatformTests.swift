import BatonNormalize
import BatonTransport
import Foundation
import Testing

@Suite struct WebSocketOnThisPlatform {
    #if canImport(FoundationNetworking)
    @Test func failsAtOnceAsUnsupportedOnLinux() async throws {
        #expect(!WebSocketTransport.isSupported)
        let transport = WebSocketTransport(url: URL(string: "ws://127.0.0.1:1/graphql")!)
        let started = Date()
        do {
            _ = try await transport.send(GraphQLRequest(document: "subscription { a }", kind: .subscription))
            Issue.record("the WebSocket transport answered on Linux")
        } catch TransportError.unsupported(let reason) {
            #expect(reason.contains("Linux"))
        }
        await #expect(throws: TransportError.self) {
            for try await _ in transport.payloads(
                for: GraphQLRequest(document: "subscription { a }", kind: .subscription))
            {}
        }
        #expect(Date().timeIntervalSince(started) < 1)
    }
    #else
    @Test func isAvailableWhereURLSessionHasWebSockets() {
        #expect(WebSocketTransport.isSupported)
    }
    #endif
}
