import BatonNormalize
import BatonTransport
import Foundation
import Testing

extension AgainstTestServer {
    @Suite struct Failures {
        @Test func cancellingTheTaskCancelsTheRequestOnTheWire() async throws {
            let id = UUID().uuidString
            let transport = try AgainstTestServer.transport()
            let task = Task {
                try await transport.send(
                    GraphQLRequest(
                        document: "{ character(id: 1) { name } }", headers: ["X-Test-Delay": "10", "X-Test-Id": id]))
            }
            #expect(try await server().waitFor("open", testID: id), "the request never reached the server")
            let started = Date()
            task.cancel()
            await #expect(throws: TransportError.cancelled) { try await task.value }
            // Well before the server's answer, 10 s after the request, with room for a loaded
            // machine (a thread-sanitized run took 2.5 s).
            #expect(Date().timeIntervalSince(started) < 5)
            #expect(
                try await server().waitFor("closed", testID: id, within: 10),
                "the server never saw the connection close"
            )
        }

        @Test func aSlowServerTimesOut() async throws {
            let transport = try AgainstTestServer.transport { $0.timeout = 0.5 }
            let started = Date()
            await #expect(throws: TransportError.timeout(url: try server().graphQLURL, after: 0.5)) {
                try await transport.send(
                    GraphQLRequest(document: "{ character(id: 1) { name } }", headers: ["X-Test-Delay": "5"]))
            }
            #expect(Date().timeIntervalSince(started) < 3)
        }

        @Test func aServerErrorStatusCarriesItsBody() async throws {
            let url = try server().graphQLURL
            await #expect(
                throws: TransportError.httpStatus(
                    url: url, status: 500, body: Data("test failure body: status 500".utf8))
            ) {
                try await AgainstTestServer.transport().send(
                    GraphQLRequest(document: "{ character(id: 1) { name } }", headers: ["X-Test-Status": "500"]))
            }
        }

        @Test func aBodyThatIsNotJSONIsNotAGraphQLResponse() async throws {
            do {
                _ = try await AgainstTestServer.transport().send(
                    GraphQLRequest(document: "{ character(id: 1) { name } }", headers: ["X-Test-Non-JSON": "1"]))
                Issue.record("an HTML body was answered as a response")
            } catch TransportError.notGraphQLResponse(_, let status, let contentType, let body) {
                #expect(status == 200)
                #expect(contentType == "text/html")
                #expect(String(decoding: body, as: UTF8.self).contains("not a GraphQL response"))
            }
        }

        @Test func jsonWithoutDataOrErrorsIsNotAGraphQLResponse() async throws {
            do {
                _ = try await AgainstTestServer.transport().send(
                    GraphQLRequest(
                        document: "{ character(id: 1) { name } }", headers: ["X-Test-JSON-Without-Data": "1"]))
                Issue.record("JSON without data or errors was answered as a response")
            } catch TransportError.notGraphQLResponse(_, _, _, let body) {
                #expect(String(decoding: body, as: UTF8.self).contains("hello"))
            }
        }

        @Test func aRefusedConnectionIsNoConnection() async throws {
            // Port 1 on the loopback: nothing listens there.
            let transport = HTTPTransport(url: URL(string: "http://127.0.0.1:1/graphql")!)
            do {
                _ = try await transport.send(GraphQLRequest(document: "{ character(id: 1) { name } }"))
                Issue.record("a refused connection answered")
            } catch TransportError.noConnection(let url, _) {
                #expect(url.port == 1)
            }
        }
    }
}
