import BatonNormalize
import BatonTransport
import Foundation
import Testing

@Suite struct WebSocketOnThisPlatform {
    @Test func isAvailableOnEveryPlatform() {
        #expect(WebSocketTransport.isSupported)
    }

    #if canImport(FoundationNetworking)
    @Test func onLinuxAnUnreachableServerFailsAsATransientConnectFailure() async throws {
        let transport = WebSocketTransport(url: URL(string: "ws://127.0.0.1:1/graphql")!)
        do {
            _ = try await transport.send(GraphQLRequest(document: "subscription { a }", kind: .subscription))
            Issue.record("a WebSocket to port 1 answered")
        } catch let error as WebSocketError {
            guard case .connectFailed(let host, let port, _, _) = error else {
                Issue.record("not a connect failure: \(error)")
                return
            }
            #expect(host == "127.0.0.1" && port == 1)
            #expect(!error.isPermanent)
        }
    }
    #endif
}
