import Foundation
import Testing

extension AgainstTestServer {
    /// The test server on one kept-alive connection, written to byte for byte.
    @Suite struct KeepAlive {
        static let body = #"{"query":"{ character(id: 1) { name } }"}"#

        static func post(_ path: String, body: String = body, contentLength: String? = nil) -> String {
            "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                + "Content-Length: \(contentLength ?? String(body.utf8.count))\r\n\r\n\(body)"
        }

        @Test(arguments: ["POST", "GET"])
        func aRequestAfterAnUnknownPathWithABodyIsAnsweredOnTheSameConnection(_ method: String) throws {
            let connection = try RawHTTPConnection(port: server().port)
            try connection.send(Self.post("/nowhere").replacingOccurrences(of: "POST", with: method))
            let first = try connection.readResponse()
            #expect(first.status == 404)
            try connection.send(Self.post("/graphql"))
            let second = try connection.readResponse()
            #expect(second.status == 200, "\(String(decoding: second.body, as: UTF8.self))")
            #expect(value(try json(second.body), "data", "character", "name") as? String == "Rick Sanchez")
        }

        @Test func aRequestAfterAnErrorAnswerIsAnsweredOnTheSameConnection() throws {
            let connection = try RawHTTPConnection(port: server().port)
            try connection.send(Self.post("/graphql", body: "[not json"))
            #expect(try connection.readResponse().status == 400)
            try connection.send(Self.post("/graphql"))
            let second = try connection.readResponse()
            #expect(value(try json(second.body), "data", "character", "name") as? String == "Rick Sanchez")
        }

        @Test func aBodyWhoseLengthIsNotANumberIsAnswered400AndTheConnectionClosed() throws {
            let connection = try RawHTTPConnection(port: server().port)
            try connection.send(Self.post("/graphql", contentLength: "many"))
            let response = try connection.readResponse()
            #expect(response.status == 400)
            #expect(response.headers["connection"]?.lowercased() == "close")
        }
    }
}
