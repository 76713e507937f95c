import BatonNormalize
import BatonTransport
import Foundation
import Testing

extension AgainstTestServer.QueryBatching {
    @Test func aCancelledCallerLeavesTheOthersAnswered() async throws {
        let id = UUID().uuidString
        // The server holds the batch long enough that the cancellation comes before its answer
        // even on a loaded machine.
        let headers = ["X-Test-Id": id, "X-Test-Delay": "3"]
        let transport = try Self.transport(maximumSize: 3)
        let tasks = (1...3).map { number in Task { try await transport.send(Self.who(number, headers)) } }
        #expect(try await server().waitFor("open", testID: id))
        tasks[1].cancel()
        await #expect(throws: TransportError.cancelled) { try await tasks[1].value }
        #expect(value(try json(try await tasks[0].value), "data", "character", "id") as? String == "1")
        #expect(value(try json(try await tasks[2].value), "data", "character", "id") as? String == "3")
        #expect(try await Self.requestCount(id) == 1)
    }

    @Test func aBatchOnTheWireThatEveryCallerLeftIsCancelledOnTheWire() async throws {
        let id = UUID().uuidString
        // The server watches for the close only while it holds the batch: 10 s, so the callers
        // leave before its answer even on a loaded machine (an address-sanitized full run once
        // left after the 2 s it held it before, and the server answered into a closed socket).
        let headers = ["X-Test-Id": id, "X-Test-Delay": "10"]
        let transport = try Self.transport(maximumSize: 2)
        let tasks = (1...2).map { number in Task { try await transport.send(Self.who(number, headers)) } }
        #expect(try await server().waitFor("open", testID: id))
        for task in tasks { task.cancel() }
        for task in tasks { await #expect(throws: TransportError.cancelled) { try await task.value } }
        #expect(try await server().waitFor("closed", testID: id), "the server saw the connection close")
    }

    @Test func callersAllCancelledBeforeTheWindowEndsSendNothing() async throws {
        let id = UUID().uuidString
        let transport = try Self.transport(window: .milliseconds(400))
        let tasks = (1...2).map { number in Task { try await transport.send(Self.who(number, ["X-Test-Id": id])) } }
        try await Task.sleep(for: .milliseconds(50))
        for task in tasks { task.cancel() }
        for task in tasks { await #expect(throws: TransportError.cancelled) { try await task.value } }
        // Past the window: a batch that was still armed would be on the wire by now.
        try await Task.sleep(for: .milliseconds(700))
        #expect(try await server().events(id) == [])
        // The transport goes on batching afterwards.
        let again = try await transport.send(Self.who(1, ["X-Test-Id": id]))
        #expect(value(try json(again), "data", "character", "id") as? String == "1")
    }

    @Test func aBatchRefusedWith401RefreshesTheTokenOnceAndIsReplayedAsOneBatch() async throws {
        let id = UUID().uuidString
        let refreshes = Locked(0)
        let auth = AuthInterceptor(
            token: { "stale" },
            refresh: { _ in
                refreshes.withLock { $0 += 1 }
                return "fresh"
            })
        let transport = InterceptingTransport(try Self.transport(maximumSize: 5), interceptors: [auth])
        let headers = ["X-Test-Id": id, "X-Test-Require-Token": "fresh"]
        let results = await Self.sendAll(transport, (1...5).map { Self.who($0, headers) })
        for (index, result) in results.enumerated() {
            #expect(value(try json(try result.get()), "data", "character", "id") as? String == "\(index + 1)")
        }
        #expect(refreshes.withLock { $0 } == 1)
        let events = try await server().events(id)
        #expect(
            events.filter { $0.hasPrefix("refused") || $0 == "authorized" } == ["refused Bearer stale", "authorized"])
        #expect(try await Self.batches(id).count == 2)
    }

    @Test func anElementThePersistedQueryCacheLacksIsRetriedWithItsText() async throws {
        let id = UUID().uuidString
        // Documents of their own, so no other test registered their hashes.
        let requests = (1...2).map { number in
            GraphQLRequest(
                document:
                    "query P\(number) { character(id: \(number)) { id } n\(id.prefix(8)): character(id: 1) { id } }",
                operationName: "P\(number)", headers: ["X-Test-Id": id])
        }
        let transport = try Self.transport(maximumSize: 2) { $0.usesAutomaticPersistedQueries = true }
        for (index, result) in await Self.sendAll(transport, requests).enumerated() {
            #expect(value(try json(try result.get()), "data", "character", "id") as? String == "\(index + 1)")
        }
        var events = try await server().events(id)
        #expect(events.filter { $0 == "apq miss" }.count == 2)
        #expect(events.filter { $0 == "apq register" }.count == 2)
        #expect(try await Self.batches(id) == ["P1,P2", "P1,P2"])

        let hit = UUID().uuidString
        let again = requests.map { request in
            var request = request
            request.headers["X-Test-Id"] = hit
            return request
        }
        _ = try await Self.sendAll(transport, again).map { try $0.get() }
        events = try await server().events(hit)
        #expect(events.filter { $0 == "apq hit" }.count == 2)
        #expect(try await Self.requestCount(hit) == 1)
    }
}
