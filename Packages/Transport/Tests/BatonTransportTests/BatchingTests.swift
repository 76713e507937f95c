import BatonNormalize
import BatonTransport
import Foundation
import Testing

extension AgainstTestServer {
    /// Query batching (`HTTPTransport.Configuration.batching`) against the local server, which
    /// answers a JSON array body with an array and logs each HTTP request (`open`) and each
    /// batch (`batch N: names`) under the request's `X-Test-Id`.
    @Suite struct QueryBatching {
        static let who = "query Who($id: ID!) { character(id: $id) { id name } }"

        /// A batching transport; a long window unless a test is about the window, so that a
        /// loaded machine cannot split what a test means to be one batch.
        static func transport(
            window: Duration = .seconds(2), maximumSize: Int = 10,
            _ configure: (inout HTTPTransport.Configuration) -> Void = { _ in }
        ) throws -> HTTPTransport {
            try AgainstTestServer.transport {
                $0.batching = HTTPTransport.Batching(window: window, maximumSize: maximumSize)
                configure(&$0)
            }
        }

        static func who(_ id: Int, _ headers: [String: String]) -> GraphQLRequest {
            GraphQLRequest(document: who, operationName: "Who", variables: ["id": .string("\(id)")], headers: headers)
        }

        static func named(_ name: String, _ headers: [String: String]) -> GraphQLRequest {
            GraphQLRequest(
                document: "query \(name) { character(id: 1) { name } }", operationName: name, headers: headers)
        }

        static func addNote(_ headers: [String: String]) -> GraphQLRequest {
            GraphQLRequest(
                document: #"mutation Add { addNote(characterId: 1, text: "batched") { id } }"#, operationName: "Add",
                kind: .mutation, headers: headers)
        }

        /// The answers to `requests`, sent concurrently, in their order.
        static func sendAll(_ transport: any Transport, _ requests: [GraphQLRequest]) async -> [Result<Data, any Error>]
        {
            await withTaskGroup(of: (Int, Result<Data, any Error>).self) { group in
                for (index, request) in requests.enumerated() {
                    group.addTask {
                        do { return (index, .success(try await transport.send(request))) } catch {
                            return (index, .failure(error))
                        }
                    }
                }
                var results = [Result<Data, any Error>?](repeating: nil, count: requests.count)
                for await (index, result) in group { results[index] = result }
                return results.map { $0! }
            }
        }

        static func requestCount(_ id: String) async throws -> Int {
            try await server().events(id).filter { $0 == "open" }.count
        }

        /// The batches the server saw, each as its sorted operation names.
        static func batches(_ id: String) async throws -> [String] {
            try await server().events(id).filter { $0.hasPrefix("batch ") }.map { event in
                let names = event.split(separator: ":", maxSplits: 1).last ?? ""
                return names.trimmingCharacters(in: .whitespaces).split(separator: ",").sorted().joined(separator: ",")
            }.sorted()
        }

        @Test func tenConcurrentQueriesGoOutAsOneRequestAndEachCallerGetsItsOwnAnswer() async throws {
            let id = UUID().uuidString
            let transport = try Self.transport()
            let results = await Self.sendAll(transport, (1...10).map { Self.who($0, ["X-Test-Id": id]) })
            for (index, result) in results.enumerated() {
                let body = try result.get()
                #expect(value(try json(body), "data", "character", "id") as? String == "\(index + 1)")
            }
            #expect(try await Self.requestCount(id) == 1)
            #expect(try await Self.batches(id) == [Array(repeating: "Who", count: 10).joined(separator: ",")])
        }

        @Test func aLoneQueryGoesAloneAsAPlainRequestWhenItsWindowEnds() async throws {
            let id = UUID().uuidString
            let transport = try Self.transport(window: .milliseconds(10))
            let body = try await transport.send(Self.who(2, ["X-Test-Id": id]))
            #expect(value(try json(body), "data", "character", "name") as? String == "Morty Smith")
            #expect(try await Self.requestCount(id) == 1)
            #expect(try await Self.batches(id) == [])
        }

        @Test func aMutationGoesAloneUnlessItOrTheConfigurationOptsIn() async throws {
            let alone = UUID().uuidString
            _ = try await Self.sendAll(
                try Self.transport(window: .milliseconds(100), maximumSize: 2),
                [Self.named("Q", ["X-Test-Id": alone]), Self.addNote(["X-Test-Id": alone])]
            ).map { try $0.get() }
            #expect(try await Self.requestCount(alone) == 2)
            #expect(try await Self.batches(alone) == [])

            let optedIn = UUID().uuidString
            let results = await Self.sendAll(
                try Self.transport(maximumSize: 2),
                [
                    Self.named("Q", ["X-Test-Id": optedIn, "X-Test-Echo": "1"]),
                    Self.addNote(["X-Test-Id": optedIn, "X-Test-Echo": "1"]).batching(.allowed),
                ])
            _ = try results[0].get()
            let echoed = try #require(
                value(try json(try results[1].get()), "extensions", "echo", "headers") as? [String: Any])
            #expect(echoed[HTTPTransport.batchingHeader.lowercased()] == nil, "the choice never goes on the wire")
            #expect(try await Self.requestCount(optedIn) == 1)
            #expect(try await Self.batches(optedIn) == ["Add,Q"])

            let configured = UUID().uuidString
            _ = try await Self.sendAll(
                try Self.transport(maximumSize: 2) { $0.batching?.batchesMutations = true },
                [Self.named("Q", ["X-Test-Id": configured]), Self.addNote(["X-Test-Id": configured])]
            ).map { try $0.get() }
            #expect(try await Self.batches(configured) == ["Add,Q"])

            let neverQuery = UUID().uuidString
            _ = try await Self.sendAll(
                try Self.transport(window: .milliseconds(50), maximumSize: 2),
                [
                    Self.named("Q", ["X-Test-Id": neverQuery]).batching(.never),
                    Self.named("R", ["X-Test-Id": neverQuery]),
                ]
            ).map { try $0.get() }
            #expect(try await Self.requestCount(neverQuery) == 2)
            #expect(try await Self.batches(neverQuery) == [])
        }

        @Test func requestsWithDifferentHeadersGoInSeparateBatches() async throws {
            let id = UUID().uuidString
            let transport = try Self.transport(maximumSize: 2)
            _ = try await Self.sendAll(
                transport,
                [
                    Self.named("Ga", ["X-Test-Id": id, "X-Client": "a"]),
                    Self.named("Gb", ["X-Test-Id": id, "X-Client": "b"]),
                    Self.named("Ga", ["X-Test-Id": id, "X-Client": "a"]),
                    Self.named("Gb", ["X-Test-Id": id, "X-Client": "b"]),
                ]
            ).map { try $0.get() }
            #expect(try await Self.requestCount(id) == 2)
            #expect(try await Self.batches(id) == ["Ga,Ga", "Gb,Gb"])
        }

        @Test func aFullBatchGoesAtOnceAndTheRestFormTheNext() async throws {
            let id = UUID().uuidString
            let transport = try Self.transport(window: .milliseconds(300), maximumSize: 4)
            let results = await Self.sendAll(transport, (1...10).map { Self.who($0, ["X-Test-Id": id]) })
            for (index, result) in results.enumerated() {
                #expect(value(try json(try result.get()), "data", "character", "id") as? String == "\(index + 1)")
            }
            let sizes = try await Self.batches(id).map { $0.split(separator: ",").count }.sorted()
            #expect(sizes == [2, 4, 4])
        }

        @Test func anElementsGraphQLErrorReachesOnlyItsCaller() async throws {
            let id = UUID().uuidString
            let broken = GraphQLRequest(
                document: "query Broken { character(id: 1) { nope } }", operationName: "Broken",
                headers: ["X-Test-Id": id])
            let results = await Self.sendAll(
                try Self.transport(maximumSize: 3),
                [Self.who(1, ["X-Test-Id": id]), broken, Self.who(3, ["X-Test-Id": id])])
            #expect(value(try json(try results[0].get()), "data", "character", "id") as? String == "1")
            let errors = try #require(value(try json(try results[1].get()), "errors") as? [[String: Any]])
            #expect((errors.first?["message"] as? String)?.contains("nope") == true)
            #expect(value(try json(try results[2].get()), "data", "character", "id") as? String == "3")
            #expect(try await Self.requestCount(id) == 1)
        }

        @Test func aServerErrorOnTheBatchFailsEveryCallerWithTheStatus() async throws {
            let headers = ["X-Test-Id": UUID().uuidString, "X-Test-Status": "500"]
            let results = await Self.sendAll(try Self.transport(maximumSize: 3), (1...3).map { Self.who($0, headers) })
            for result in results {
                #expect(throws: (any Error).self) { try result.get() }
                if case .failure(let error) = result { #expect(TransportError.httpStatus(of: error) == 500) }
            }
        }

        @Test func anAnswerThatIsNoArrayOfTheRightLengthFailsEveryCallerNamingTheCounts() async throws {
            let url = try server().graphQLURL
            let headers = ["X-Test-Id": UUID().uuidString, "X-Test-Batch-Malformed": "short"]
            for result in await Self.sendAll(try Self.transport(maximumSize: 3), (1...3).map { Self.who($0, headers) })
            {
                #expect(throws: BatchingError.countMismatch(url: url, sent: 3, received: 2)) { try result.get() }
            }
            let object = ["X-Test-Id": UUID().uuidString, "X-Test-Batch-Malformed": "object"]
            for result in await Self.sendAll(try Self.transport(maximumSize: 2), (1...2).map { Self.who($0, object) }) {
                #expect {
                    try result.get()
                } throws: { error in
                    guard case BatchingError.notAnArray(url, 200, 2, _) = error else { return false }
                    return "\(error)".contains("a batch of 2 operations is not a JSON array")
                }
            }
        }

        @Test func aRequestCarryingFilesGoesAloneEvenWhenMutationsAreBatched() async throws {
            let id = UUID().uuidString
            let transport = try AgainstTestServer.transport {
                $0.batching = HTTPTransport.Batching(window: .seconds(2), batchesMutations: true)
            }
            let files = (1...2).map { index in
                UploadTests.filesRequest(
                    [Upload(data: Data("file \(index)".utf8), filename: "\(index).txt")], testID: id)
            }
            let results = await Self.sendAll(transport, files)
            for result in results {
                #expect(try UploadTests.uploaded(try result.get()).count == 1)
            }
            #expect(try await Self.requestCount(id) == 2)
            #expect(try await Self.batches(id).isEmpty)
        }
    }
}
