import BatonNormalize
import BatonTransport
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// ``WebSocketTLSConfiguration`` alone.
@Suite struct WebSocketTLSConfigurationTests {
    @Test func trustingAFileThatCannotBeReadFailsPermanently() {
        let missing = URL(fileURLWithPath: "/nonexistent/baton-ca.pem")
        do {
            _ = try WebSocketTLSConfiguration.trusting(pemFile: missing)
            Issue.record("read a file that does not exist")
        } catch {
            guard case .invalidTrustedCertificate(let reason) = error else {
                Issue.record("not an invalid trusted certificate: \(error)")
                return
            }
            #expect(reason.contains(missing.path))
            #expect(error.isPermanent)
        }
    }
}

/// `wss://` through OpenSSL against the test server's WebSocket endpoint served over TLS with
/// a certificate made for the run (``TestCertificates``). Linux only: elsewhere the own
/// client has no TLS.
#if os(Linux)
@Suite(TLSTestServerTrait())
struct WebSocketTLSAgainstTestServer {
    @TaskLocal static var certificates: TestCertificates?

    static func url(host: String) async throws -> URL {
        let info = URL(string: "http://127.0.0.1:\(try server().port)/_test/websocket")!
        let (data, _) = try await URLSession.shared.data(from: info)
        let port = try #require(value(try json(data), "tlsPort") as? Int, "the server serves no TLS")
        return URL(string: "wss://\(host):\(port)/graphql")!
    }

    static func trusted() throws -> WebSocketTLSConfiguration {
        try .trusting(pemFile: try #require(certificates).authority)
    }

    @Test(arguments: GraphQLWebSocketProtocol.allCases)
    func eventsArriveOverTLSWithTheTestAuthorityTrusted(_ subprotocol: GraphQLWebSocketProtocol) async throws {
        let transport = GraphQLWebSocketTransport(
            configuration: .init(
                url: try await Self.url(host: "localhost"), subprotocol: subprotocol, tls: try Self.trusted()))
        var texts: [String] = []
        for try await payload in transport.payloads(
            for: GraphQLWebSocketAgainstTestServer.request(character: "40", burst: 20, completeAfter: 20))
        {
            texts.append(try GraphQLWebSocketAgainstTestServer.text(payload))
        }
        #expect(texts == (0..<20).map { "burst \($0)" })
    }

    @Test func hostNameGoesOutAsTheTLSServerName() async throws {
        let client = try await WebSocketClient.connect(
            to: try await Self.url(host: "localhost"),
            configuration: .init(subprotocols: ["graphql-transport-ws"], tls: try Self.trusted()))
        client.abort()
        let info = URL(string: "http://127.0.0.1:\(try server().port)/_test/websocket")!
        let (data, _) = try await URLSession.shared.data(from: info)
        #expect((value(try json(data), "serverNames") as? [String])?.contains("localhost") == true)
    }

    @Test func largeMessageCrossesManyTLSRecords() async throws {
        let client = try await WebSocketClient.connect(
            to: try await Self.url(host: "localhost"),
            configuration: .init(subprotocols: ["graphql-transport-ws"], tls: try Self.trusted()))
        defer { client.abort() }
        try await client.send(
            .text(#"{"type":"connection_init","payload":{"pad":"\#(String(repeating: "x", count: 100_000))"}}"#))
        var iterator = client.messages.makeAsyncIterator()
        #expect(try await iterator.next() == .text(#"{"type": "connection_ack"}"#))
        client.close()
    }

    @Test func certificateOfAnAuthorityNotTrustedIsRejectedPermanently() async throws {
        let url = try await Self.url(host: "localhost")
        do {
            _ = try await WebSocketClient.connect(to: url)
            Issue.record("connected to a server whose authority is not trusted")
        } catch let error as WebSocketError {
            guard case .certificateRejected(let host, let code, let reason) = error else {
                Issue.record("not a rejected certificate: \(error)")
                return
            }
            #expect(host == "localhost")
            #expect(code == 20, "X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT_LOCALLY, not \(code): \(reason)")
            #expect(reason.contains("issuer"))
            #expect(error.isPermanent)
        }
    }

    @Test func certificateNotNamingTheHostIsRejected() async throws {
        let url = try await Self.url(host: "127.0.0.1")
        do {
            _ = try await WebSocketClient.connect(to: url, configuration: .init(tls: try Self.trusted()))
            Issue.record("connected by IP address to a certificate naming only localhost")
        } catch let error as WebSocketError {
            guard case .certificateRejected(let host, let code, let reason) = error else {
                Issue.record("not a rejected certificate: \(error)")
                return
            }
            #expect(host == "127.0.0.1")
            #expect(code == 64, "X509_V_ERR_IP_ADDRESS_MISMATCH, not \(code): \(reason)")
            #expect(error.isPermanent)
        }
    }

    @Test func subscriptionToAnUntrustedServerFailsWithThePermanentRejection() async throws {
        let transport = GraphQLWebSocketTransport(url: try await Self.url(host: "localhost"))
        do {
            for try await _ in transport.events(for: GraphQLWebSocketAgainstTestServer.request(character: "41")) {
                Issue.record("an event from an untrusted server")
            }
            Issue.record("the stream ended normally")
        } catch let error as WebSocketError {
            guard case .certificateRejected = error else {
                Issue.record("not a rejected certificate: \(error)")
                return
            }
            #expect(error.isPermanent, "a retry would meet the same certificate")
        }
    }

    @Test func trustedCertificateThatIsNotPEMIsRefused() async throws {
        let configuration = WebSocketClient.Configuration(
            tls: WebSocketTLSConfiguration(additionalTrustedCertificates: [Data("not a certificate".utf8)]))
        do {
            _ = try await WebSocketClient.connect(
                to: try await Self.url(host: "localhost"), configuration: configuration)
            Issue.record("connected with a trusted certificate that is not one")
        } catch let error as WebSocketError {
            guard case .invalidTrustedCertificate = error else {
                Issue.record("not an invalid trusted certificate: \(error)")
                return
            }
            #expect(error.isPermanent)
        }
    }
}

/// Makes ``TestCertificates`` and starts one test server serving them, around a whole suite.
struct TLSTestServerTrait: SuiteTrait, TestScoping {
    var isRecursive: Bool { false }

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        let certificates = try TestCertificates.make()
        let server = try await TestServer.start(arguments: [
            "--tls-cert", certificates.serverCertificate.path, "--tls-key", certificates.serverKey.path,
        ])
        defer { server.stop() }
        try await TestServer.$current.withValue(server) {
            try await WebSocketTLSAgainstTestServer.$certificates.withValue(certificates) { try await function() }
        }
    }
}
#endif
