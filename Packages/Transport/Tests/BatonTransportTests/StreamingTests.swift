import BatonNormalize
import BatonRecords
import BatonTransport
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension AgainstTestServer {
    @Suite struct Streams {
        @Test func deferredFragmentsArriveAsSeparatePayloadsAndTheFirstBeforeTheServerFinishes() async throws {
            let id = UUID().uuidString
            let request = GraphQLRequest(
                document: """
                    query Deferred { character(id: 1) { id name ... @defer(label: "details") { status origin { name } } } }
                    """,
                operationName: "Deferred", headers: ["X-Test-Id": id, "X-Test-Part-Delay": "3.0"])
            var payloads: [[String: Any]] = []
            var finishedBeforeFirst: Bool?
            for try await payload in try AgainstTestServer.transport().payloads(for: request) {
                if payloads.isEmpty { finishedBeforeFirst = try await server().events(id).contains("finished") }
                payloads.append(try json(payload))
            }
            #expect(finishedBeforeFirst == false, "the first payload came only after the whole response")
            try #require(payloads.count == 2)
            #expect(value(payloads[0], "data", "character", "name") as? String == "Rick Sanchez")
            #expect(value(payloads[0], "data", "character", "status") == nil)
            #expect(payloads[0]["hasNext"] as? Bool == true)
            #expect(value(payloads[1], "incremental", 0, "path", 0) as? String == "character")
            #expect(value(payloads[1], "incremental", 0, "label") as? String == "details")
            #expect(value(payloads[1], "incremental", 0, "data", "status") as? String == "Alive")
            #expect(value(payloads[1], "incremental", 0, "data", "origin", "name") as? String == "Earth (C-137)")
            #expect(payloads[1]["hasNext"] as? Bool == false)
        }

        @Test func aPlainQueryStreamsAsOnePayload() async throws {
            var count = 0
            for try await payload in try AgainstTestServer.transport().payloads(
                for: GraphQLRequest(document: "{ character(id: 2) { name } }"))
            {
                #expect(value(try json(payload), "data", "character", "name") as? String == "Morty Smith")
                count += 1
            }
            #expect(count == 1)
        }

        @Test(arguments: [HTTPTransport.SubscriptionProtocol.serverSentEvents, .multipart])
        func subscriptionEventsArriveAsPayloadsUntilTheServerCompletes(_ kind: HTTPTransport.SubscriptionProtocol)
            async throws
        {
            let id = UUID().uuidString
            let character = kind == .serverSentEvents ? "4" : "5"
            let transport = try AgainstTestServer.transport { $0.subscriptionProtocol = kind }
            let subscription = GraphQLRequest(
                document: "subscription Added($c: ID!) { noteAdded(characterId: $c) { id text } }",
                operationName: "Added", kind: .subscription, variables: ["c": .string(character)],
                headers: ["X-Test-Id": id, "X-Test-Complete-After": "2"])
            let collector = Self.notes(transport, subscription, "text")
            #expect(try await server().waitFor("subscribed", testID: id), "the subscription never reached the server")
            for text in ["first", "second"] {
                let body = try await transport.send(
                    GraphQLRequest(
                        document: "mutation Add($c: ID!, $t: String!) { addNote(characterId: $c, text: $t) { id } }",
                        operationName: "Add", kind: .mutation, variables: ["c": .string(character), "t": .string(text)])
                )
                #expect(value(try json(body), "data", "addNote", "id") != nil)
            }
            #expect(try await collector.value == ["first", "second"])
        }

        /// Each noteAdded event's `field` until the subscription ends, read on a task of its own.
        static func notes(_ transport: HTTPTransport, _ subscription: GraphQLRequest, _ field: String) -> Task<
            [String], any Error
        > {
            Task {
                var values: [String] = []
                for try await payload in transport.payloads(for: subscription) {
                    values.append(value(try json(payload), "data", "noteAdded", field) as? String ?? "?")
                }
                return values
            }
        }

        /// The server's numbered stream (`/_test/publish`, what `make soak` feeds subscriptions
        /// with): each number reaches every live subscription of its channel, in order, and the
        /// publish says how many subscriptions it reached.
        @Test(arguments: [HTTPTransport.SubscriptionProtocol.serverSentEvents, .multipart])
        func publishedNumbersArriveInOrderAndThePublishCountsTheSubscriptionsReached(
            _ kind: HTTPTransport.SubscriptionProtocol
        ) async throws {
            let id = UUID().uuidString
            let channel = "publish-\(id)"
            let transport = try AgainstTestServer.transport { $0.subscriptionProtocol = kind }
            let subscription = GraphQLRequest(
                document: "subscription Added($c: ID!) { noteAdded(characterId: $c) { id text } }",
                operationName: "Added", kind: .subscription, variables: ["c": .string(channel)],
                headers: ["X-Test-Id": id, "X-Test-Complete-After": "3"])
            let collector = Self.notes(transport, subscription, "id")
            #expect(try await server().waitFor("subscribed", testID: id), "the subscription never reached the server")
            let port = try server().port
            for seq in 1...3 {
                let url = URL(
                    string:
                        "http://127.0.0.1:\(port)/_test/publish?seq=\(seq)&characterId=\(channel)&characterId=nobody")!
                let (data, _) = try await URLSession.shared.data(from: url)
                let delivered = value(try json(data), "delivered") as? [String: Int]
                #expect(delivered == [channel: 1, "nobody": 0])
            }
            #expect(try await collector.value == (1...3).map { "seq-\($0)-\(channel)" })
        }

        @Test(arguments: [HTTPTransport.SubscriptionProtocol.multipart, .serverSentEvents])
        func anEventArrivesWhileTheServerWritesNothingAfterIt(
            _ kind: HTTPTransport.SubscriptionProtocol
        ) async throws {
            let id = UUID().uuidString
            let character = kind == .multipart ? "7" : "8"
            let transport = try AgainstTestServer.transport { $0.subscriptionProtocol = kind }
            let subscription = GraphQLRequest(
                document: "subscription Added($c: ID!) { noteAdded(characterId: $c) { text } }",
                operationName: "Added", kind: .subscription, variables: ["c": .string(character)],
                headers: ["X-Test-Id": id, "X-Test-Heartbeat": "60"])
            let (arrivals, arrived) = AsyncStream<(ContinuousClock.Instant, String)>.makeStream()
            let collector = Task {
                for try await payload in transport.payloads(for: subscription) {
                    arrived.yield((.now, value(try json(payload), "data", "noteAdded", "text") as? String ?? "?"))
                }
            }
            defer { collector.cancel() }
            #expect(try await server().waitFor("subscribed", testID: id), "the subscription never reached the server")
            _ = try await transport.send(
                GraphQLRequest(
                    document: "mutation Add($c: ID!, $t: String!) { addNote(characterId: $c, text: $t) { id } }",
                    operationName: "Add", kind: .mutation, variables: ["c": .string(character), "t": .string("alone")]))
            let first = await withTaskGroup(of: (ContinuousClock.Instant, String)?.self) { group in
                group.addTask {
                    for await arrival in arrivals { return arrival }
                    return nil
                }
                group.addTask {
                    try? await Task.sleep(for: .seconds(3))
                    return nil
                }
                let first = await group.next() ?? nil
                group.cancelAll()
                return first
            }
            // A held-back event would wait for the heartbeat, ten minutes away; how fast it comes is
            // the benchmarks' figure (`multipart_event_latency_ms`), not a bound for a loaded test run.
            let (_, text) = try #require(first, "no event within 3 s of the mutation that published it")
            #expect(text == "alone")
        }

        @Test func droppingASubscriptionClosesItsConnection() async throws {
            let id = UUID().uuidString
            let transport = try AgainstTestServer.transport { $0.subscriptionProtocol = .serverSentEvents }
            let subscription = GraphQLRequest(
                document: "subscription { noteAdded(characterId: \"6\") { id } }", kind: .subscription,
                headers: ["X-Test-Id": id])
            let task = Task { for try await _ in transport.payloads(for: subscription) {} }
            #expect(try await server().waitFor("subscribed", testID: id))
            task.cancel()
            #expect(
                try await server().waitFor("closed", testID: id, within: 10),
                "the server never saw the subscription's connection close")
        }
    }
}
