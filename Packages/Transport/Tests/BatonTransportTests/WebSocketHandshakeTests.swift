import Foundation
import Testing

@testable import BatonTransport

@Suite struct WebSocketHandshakeTests {
    private func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    @Test func sha1MatchesTheFIPSVectors() {
        #expect(hex(SHA1.digest([])) == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
        #expect(hex(SHA1.digest(Array("abc".utf8))) == "a9993e364706816aba3e25717850c26c9cd0d89d")
        #expect(
            hex(SHA1.digest(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)))
                == "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
        #expect(
            hex(SHA1.digest([UInt8](repeating: 0x61, count: 1_000_000))) == "34aa973cd4c4daa4f61eeb2bdbad27316534016f")
    }

    @Test func acceptKeyIsTheOneInRFC6455() {
        #expect(WebSocketHandshake.accept(for: "dGhlIHNhbXBsZSBub25jZQ==") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
    }

    private let handshake = WebSocketHandshake(
        url: URL(string: "ws://example.com:8080/graphql?x=1")!, host: "example.com", port: 8080,
        subprotocols: ["graphql-transport-ws", "graphql-ws"], headers: ["Authorization": "Bearer t"],
        key: "dGhlIHNhbXBsZSBub25jZQ==")

    @Test func requestAsksForAnUpgradeWithKeyVersionAndSubprotocols() {
        let text = String(decoding: handshake.request, as: UTF8.self)
        #expect(text.hasPrefix("GET /graphql?x=1 HTTP/1.1\r\nHost: example.com:8080\r\n"))
        for line in [
            "Upgrade: websocket", "Connection: Upgrade", "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==",
            "Sec-WebSocket-Version: 13", "Sec-WebSocket-Protocol: graphql-transport-ws, graphql-ws",
            "Authorization: Bearer t",
        ] {
            #expect(text.contains("\r\n\(line)\r\n"), "\(line)")
        }
        #expect(text.hasSuffix("\r\n\r\n"))
    }

    @Test func freshHandshakesHaveDifferentSixteenByteKeys() {
        let url = URL(string: "ws://h/")!
        let one = WebSocketHandshake(url: url, host: "h", port: 80, subprotocols: [], headers: [:])
        let two = WebSocketHandshake(url: url, host: "h", port: 80, subprotocols: [], headers: [:])
        #expect(one.key != two.key)
        #expect(Data(base64Encoded: one.key)?.count == 16)
        #expect(String(decoding: one.request, as: UTF8.self).contains("\r\nHost: h\r\n"))
    }

    private func response(_ lines: String...) -> String {
        (["HTTP/1.1 101 Switching Protocols"] + lines).joined(separator: "\r\n")
    }

    @Test func answerWithTheRightAcceptYieldsTheChosenSubprotocol() throws {
        let head = response(
            "upgrade: WebSocket", "Connection: keep-alive, Upgrade",
            "Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=",
            "Sec-WebSocket-Protocol: graphql-ws")
        #expect(try handshake.validate(responseHead: head) == "graphql-ws")
    }

    @Test func wrongAcceptOrStatusFailsTheHandshake() {
        #expect(throws: WebSocketError.self) {
            try handshake.validate(
                responseHead: response(
                    "Upgrade: websocket", "Connection: Upgrade", "Sec-WebSocket-Accept: AAAA",
                    "Sec-WebSocket-Protocol: graphql-ws"))
        }
        do {
            _ = try handshake.validate(responseHead: "HTTP/1.1 403 Forbidden\r\nContent-Length: 0")
            Issue.record("a 403 was taken for an upgrade")
        } catch {
            guard case .handshakeFailed(_, let status, _) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(status == 403)
            #expect(error.isPermanent)
        }
    }

    @Test func subprotocolNotOfferedIsRejectedPermanently() {
        let head = response(
            "Upgrade: websocket", "Connection: Upgrade", "Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
        #expect(
            throws: WebSocketError.subprotocolRejected(
                url: handshake.url, offered: ["graphql-transport-ws", "graphql-ws"], chosen: nil)
        ) { try handshake.validate(responseHead: head) }
        #expect(WebSocketError.subprotocolRejected(url: handshake.url, offered: [], chosen: nil).isPermanent)
        #expect(!WebSocketError.connectionDropped(reason: "x").isPermanent)
    }
}
