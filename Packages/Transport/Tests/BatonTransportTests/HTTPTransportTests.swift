import BatonNormalize
import BatonRecords
import BatonTransport
import Foundation
import Testing

/// Everything that talks to the real test server shares one server process.
@Suite(.testServer)
struct AgainstTestServer {
    static func transport(_ configure: (inout HTTPTransport.Configuration) -> Void = { _ in }) throws -> HTTPTransport {
        var configuration = HTTPTransport.Configuration(url: try server().graphQLURL)
        configure(&configuration)
        return HTTPTransport(configuration: configuration)
    }

    static func echo(_ body: Data) throws -> [String: Any] {
        try #require(value(try json(body), "extensions", "echo") as? [String: Any], "the server echoed nothing")
    }

    @Test func aQueryAnswersTheServersResponseBytes() async throws {
        let body = try await Self.transport().send(GraphQLRequest(document: "{ character(id: 1) { name species } }"))
        #expect(value(try json(body), "data", "character", "name") as? String == "Rick Sanchez")
        #expect(value(try json(body), "data", "character", "species") as? String == "Human")
    }

    @Test func variablesReachTheServer() async throws {
        let request = GraphQLRequest(
            document: "query Who($id: ID!) { character(id: $id) { name } }", operationName: "Who",
            variables: ["id": .string("2")])
        let body = try await Self.transport().send(request)
        #expect(value(try json(body), "data", "character", "name") as? String == "Morty Smith")
    }

    @Test func getForQueriesCarriesDocumentAndVariablesInTheQueryString() async throws {
        let request = GraphQLRequest(
            document:
                "query Find($name: String) { characters(filter: {name: $name}) { info { count } results { name } } }",
            operationName: "Find", variables: ["name": .string("Rick & Morty+")], headers: ["X-Test-Echo": "1"])
        let body = try await Self.transport { $0.usesGETForQueries = true }.send(request)
        #expect(try Self.echo(body)["method"] as? String == "GET")
        // Nobody is named that: `&` and `+` arrived intact rather than splitting or becoming a space.
        #expect(value(try json(body), "data", "characters", "info", "count") as? Int == 0)
        let rick = GraphQLRequest(
            document: request.document, operationName: "Find", variables: ["name": .string("Rick Sanchez")])
        let found = try await Self.transport { $0.usesGETForQueries = true }.send(rick)
        #expect(value(try json(found), "data", "characters", "results", 0, "name") as? String == "Rick Sanchez")
    }

    @Test func transportAndRequestHeadersReachTheServerAndTheRequestsWin() async throws {
        let transport = try Self.transport {
            $0.headers = ["Authorization": "Bearer transport-token", "X-Client": "baton"]
            $0.headerProvider = { summary in ["X-Operation": summary.operationName ?? "?"] }
        }
        let request = GraphQLRequest(
            document: "query Me { character(id: 1) { id } }", operationName: "Me",
            headers: ["X-Test-Echo": "1", "X-Client": "per-request"])
        let headers = try #require(try Self.echo(try await transport.send(request))["headers"] as? [String: String])
        #expect(headers["authorization"] == "Bearer transport-token")
        #expect(headers["x-client"] == "per-request")
        #expect(headers["x-operation"] == "Me")
        #expect(headers["content-type"] == "application/json")
        #expect(headers["accept"]?.hasPrefix("application/graphql-response+json") == true)
    }

    @Test func persistedQueriesSendTheHashFirstAndTheDocumentOnlyOnAMiss() async throws {
        let transport = try Self.transport { $0.usesAutomaticPersistedQueries = true }
        // A document no other test sends, so its hash is new to the server.
        let document = "query Apq { character(id: 3) { name } } # \(UUID().uuidString)"
        let miss = UUID().uuidString
        let first = try await transport.send(
            GraphQLRequest(document: document, operationName: "Apq", headers: ["X-Test-Id": miss]))
        #expect(value(try json(first), "data", "character", "name") as? String == "Summer Smith")
        // The server checks the hash against the document it finally got: ours is SHA-256.
        let missEvents = try await server().events(miss)
        #expect(missEvents.filter { $0.hasPrefix("apq") } == ["apq miss", "apq register"])
        #expect(missEvents.filter { $0 == "open" }.count == 2)

        let hit = UUID().uuidString
        let second = try await transport.send(
            GraphQLRequest(document: document, operationName: "Apq", headers: ["X-Test-Id": hit]))
        #expect(second == first)
        let hitEvents = try await server().events(hit)
        #expect(hitEvents.filter { $0.hasPrefix("apq") } == ["apq hit"])
        #expect(hitEvents.filter { $0 == "open" }.count == 1)
    }

    @Test func requestBodiesAboveTheLimitGoGzipped() async throws {
        let id = UUID().uuidString
        let request = GraphQLRequest(
            document: "query Big { character(id: 1) { name } } # " + String(repeating: "padding ", count: 200),
            operationName: "Big", headers: ["X-Test-Echo": "1", "X-Test-Id": id])
        let body = try await Self.transport { $0.compressesRequestsLargerThan = 256 }.send(request)
        #expect(value(try json(body), "data", "character", "name") as? String == "Rick Sanchez")
        let echo = try Self.echo(body)
        #expect((echo["headers"] as? [String: String])?["content-encoding"] == "gzip")
        #expect(try #require(echo["bodyBytesOnWire"] as? Int) < 400)
        #expect(try await server().events(id).contains { $0.hasPrefix("request gzip") })

        let small = UUID().uuidString
        _ = try await Self.transport { $0.compressesRequestsLargerThan = 100_000 }.send(
            GraphQLRequest(document: request.document, operationName: "Big", headers: ["X-Test-Id": small]))
        #expect(try await !server().events(small).contains { $0.hasPrefix("request gzip") })
    }

    @Test func gzipAnswersArriveDecodedOnce() async throws {
        let id = UUID().uuidString
        let request = GraphQLRequest(
            document: "{ characters(page: 1) { results { id name status episode { id } } } }",
            headers: ["X-Test-Id": id])
        let body = try await Self.transport().send(request)
        #expect(try await server().events(id).contains("response gzip"))
        let results = try #require(value(try json(body), "data", "characters", "results") as? [Any])
        #expect(results.count == 20)
    }

    @Test func graphQLErrorsPassThroughAsBytes() async throws {
        let body = try await Self.transport().send(GraphQLRequest(document: "{ character(id: 1) { noSuchField } }"))
        let errors = try #require(try json(body)["errors"] as? [[String: Any]])
        #expect((errors.first?["message"] as? String)?.contains("noSuchField") == true)
    }
}
