import BatonNormalize
import BatonTransport
import Foundation
import Testing

extension AgainstTestServer {
    /// A subscription's stream says it is connected when the response head arrives, before
    /// any event.
    @Suite struct ConnectSignal {
        @Test(arguments: [HTTPTransport.SubscriptionProtocol.serverSentEvents, .multipart])
        func aSubscriptionStreamSaysConnectedBeforeItsFirstEvent(_ kind: HTTPTransport.SubscriptionProtocol)
            async throws
        {
            let id = UUID().uuidString
            let transport = try AgainstTestServer.transport { $0.subscriptionProtocol = kind }
            let subscription = GraphQLRequest(
                document: "subscription { noteAdded(characterId: \"7\") { id } }", kind: .subscription,
                headers: ["X-Test-Id": id])
            let first = try await withThrowingTaskGroup(of: StreamEvent?.self) { group in
                group.addTask {
                    for try await event in transport.events(for: subscription) { return event }
                    return nil
                }
                group.addTask {
                    try await Task.sleep(for: .seconds(5))
                    return nil
                }
                let first = try await group.next() ?? nil
                group.cancelAll()
                return first
            }
            #expect(first == .connected, "no connect signal within 5 s of subscribing (no event was sent)")
        }
    }
}

/// Which transport errors a subscription may retry.
struct TransportErrorPermanenceTests {
    static let url = URL(string: "http://127.0.0.1/graphql")!

    @Test func unsupportedAndRefusingStatusesArePermanentAndEverythingElseIsNot() {
        #expect(TransportError.unsupported("no WebSockets").isPermanent)
        for status in [400, 401, 403, 404, 422] {
            #expect(TransportError.httpStatus(url: Self.url, status: status, body: Data()).isPermanent, "\(status)")
            #expect(
                TransportError.notGraphQLResponse(url: Self.url, status: status, contentType: "text/html", body: Data())
                    .isPermanent)
        }
        for status in [408, 429, 500, 502, 503] {
            #expect(!TransportError.httpStatus(url: Self.url, status: status, body: Data()).isPermanent, "\(status)")
        }
        #expect(!TransportError.noConnection(url: Self.url, reason: "refused").isPermanent)
        #expect(!TransportError.timeout(url: Self.url, after: 30).isPermanent)
        #expect(!TransportError.malformedStream(url: Self.url, reason: "x").isPermanent)
        #expect(!TransportError.cancelled.isPermanent)
    }
}
