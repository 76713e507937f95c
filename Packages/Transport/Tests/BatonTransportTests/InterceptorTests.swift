import BatonNormalize
import BatonRecords
import BatonTransport
import Foundation
import Synchronization
import Testing

extension AgainstTestServer {
    /// The interceptor chain around `HTTPTransport`, against the local server's hooks
    /// (`X-Test-Require-Token`, `X-Test-Fail-First`, `X-Test-Delay`; Tools/TestServer/README.md).
    @Suite struct Interceptors {
        static let query = "query Rick { character(id: 1) { name } }"

        static func request(_ headers: [String: String], kind: OperationKind = .query, name: String = "Rick")
            -> GraphQLRequest
        {
            GraphQLRequest(document: query, operationName: name, kind: kind, headers: headers)
        }

        static func name(_ body: Data) throws -> String? {
            value(try json(body), "data", "character", "name") as? String
        }

        /// A token provider that starts with `stale` and refreshes to `fresh`, counting refreshes.
        final class Tokens: Sendable {
            let refreshes = Locked(0)
            let refreshDelay: Duration
            init(refreshDelay: Duration = .zero) { self.refreshDelay = refreshDelay }

            var interceptor: AuthInterceptor {
                AuthInterceptor(
                    token: { "stale" },
                    refresh: { refused in
                        #expect(refused == "stale")
                        self.refreshes.withLock { $0 += 1 }
                        try await Task.sleep(for: self.refreshDelay)
                        return "fresh"
                    })
            }
        }

        @Test func aRefusedTokenIsRefreshedOnceAndTheRequestReplayedOnce() async throws {
            let id = UUID().uuidString
            let tokens = Tokens()
            let transport = InterceptingTransport(try AgainstTestServer.transport(), interceptors: [tokens.interceptor])
            let body = try await transport.send(Self.request(["X-Test-Require-Token": "fresh", "X-Test-Id": id]))
            #expect(try Self.name(body) == "Rick Sanchez")
            #expect(tokens.refreshes.withLock { $0 } == 1)
            #expect(
                try await server().events(id).filter { $0.hasPrefix("refused") || $0 == "authorized" } == [
                    "refused Bearer stale", "authorized",
                ])
            // The refreshed token is kept: the next request goes out with it at once.
            let again = UUID().uuidString
            _ = try await transport.send(Self.request(["X-Test-Require-Token": "fresh", "X-Test-Id": again]))
            #expect(
                try await server().events(again).filter { $0.hasPrefix("refused") || $0 == "authorized" } == [
                    "authorized"
                ])
            #expect(tokens.refreshes.withLock { $0 } == 1)
        }

        @Test func concurrentRefusalsShareOneRefresh() async throws {
            let tokens = Tokens(refreshDelay: .milliseconds(200))
            let transport = InterceptingTransport(try AgainstTestServer.transport(), interceptors: [tokens.interceptor])
            let names = try await withThrowingTaskGroup(of: String?.self) { group in
                for _ in 0..<6 {
                    group.addTask {
                        try Self.name(try await transport.send(Self.request(["X-Test-Require-Token": "fresh"])))
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(names == Array(repeating: "Rick Sanchez", count: 6))
            #expect(tokens.refreshes.withLock { $0 } == 1)
        }

        @Test func aTokenStillRefusedAfterTheReplayFailsWithTheServersStatus() async throws {
            let id = UUID().uuidString
            let tokens = Tokens()
            let transport = InterceptingTransport(try AgainstTestServer.transport(), interceptors: [tokens.interceptor])
            let error = await #expect(throws: (any Error).self) {
                try await transport.send(Self.request(["X-Test-Require-Token": "other", "X-Test-Id": id]))
            }
            #expect(error.flatMap(TransportError.httpStatus(of:)) == 401)
            #expect(try await server().events(id).filter { $0.hasPrefix("refused") }.count == 2)
        }

        @Test func aRefreshThatThrowsFailsTheRequestWithATypedError() async throws {
            struct Expired: Error {}
            let auth = AuthInterceptor(token: { "stale" }, refresh: { _ in throw Expired() })
            let transport = InterceptingTransport(try AgainstTestServer.transport(), interceptors: [auth])
            let error = await #expect(throws: InterceptorError.self) {
                try await transport.send(Self.request(["X-Test-Require-Token": "fresh"]))
            }
            guard case .tokenRefreshFailed(operation: "Rick", let reason)? = error else {
                Issue.record("not a failed refresh: \(String(describing: error))")
                return
            }
            #expect(reason.contains("Expired"))
        }

        /// A retry whose attempts run out long before its deadline: the tests that use it count
        /// attempts, and a slow run (under ASan, beside a build) took 7.6 s for four, past the
        /// 5 s deadline this had, and saw fewer. The deadline has a test of its own
        /// (`noRetryStartsWhoseWaitWouldEndPastTheDeadline`).
        static func retry(maxAttempts: Int = 4, idempotent: Set<String> = [], retries: Locked<[Int]>? = nil)
            -> RetryInterceptor
        {
            RetryInterceptor(
                policy: RetryPolicy(
                    maxAttempts: maxAttempts, initialDelay: .milliseconds(20), maxDelay: .milliseconds(100),
                    deadline: .seconds(120)),
                idempotentMutations: idempotent,
                onRetry: { _, attempt, _, _ in retries?.withLock { $0.append(attempt) } })
        }

        @Test func aQueryIsRetriedWithBackoffUntilItIsAnswered() async throws {
            let id = UUID().uuidString
            let retries = Locked<[Int]>([])
            let transport = InterceptingTransport(
                try AgainstTestServer.transport(), interceptors: [Self.retry(retries: retries)])
            let body = try await transport.send(Self.request(["X-Test-Fail-First": "2", "X-Test-Id": id]))
            #expect(try Self.name(body) == "Rick Sanchez")
            #expect(retries.withLock { $0 } == [1, 2])
            #expect(try await server().events(id).filter { $0.hasPrefix("failed") } == ["failed 1", "failed 2"])
        }

        @Test func retriesThatRunOutThrowTheLastErrorAsItIs() async throws {
            let id = UUID().uuidString
            let transport = InterceptingTransport(
                try AgainstTestServer.transport(), interceptors: [Self.retry(maxAttempts: 3)])
            let error = await #expect(throws: (any Error).self) {
                try await transport.send(Self.request(["X-Test-Fail-First": "5", "X-Test-Id": id]))
            }
            #expect(error.flatMap(TransportError.httpStatus(of:)) == 503)
            #expect(try await server().events(id).filter { $0 == "open" }.count == 3)
        }

        @Test func aMutationIsSentOnceUnlessMarkedIdempotent() async throws {
            let once = UUID().uuidString
            let transport = InterceptingTransport(
                try AgainstTestServer.transport(), interceptors: [Self.retry(idempotent: ["Safe"])])
            let error = await #expect(throws: (any Error).self) {
                try await transport.send(
                    Self.request(["X-Test-Fail-First": "1", "X-Test-Id": once], kind: .mutation, name: "Unsafe"))
            }
            #expect(error.flatMap(TransportError.httpStatus(of:)) == 503)
            #expect(try await server().events(once).filter { $0 == "open" }.count == 1)
            let twice = UUID().uuidString
            _ = try await transport.send(
                Self.request(["X-Test-Fail-First": "1", "X-Test-Id": twice], kind: .mutation, name: "Safe"))
            #expect(try await server().events(twice).filter { $0 == "open" }.count == 2)
        }

        @Test func aPermanentFailureIsNotRetried() async throws {
            let id = UUID().uuidString
            let transport = InterceptingTransport(try AgainstTestServer.transport(), interceptors: [Self.retry()])
            let error = await #expect(throws: (any Error).self) {
                try await transport.send(Self.request(["X-Test-Status": "400", "X-Test-Id": id]))
            }
            #expect(error.flatMap(TransportError.httpStatus(of:)) == 400)
            #expect(try await server().events(id).filter { $0 == "open" }.count == 1)
        }

        @Test func backoffGrowsByItsMultiplierUpToItsCap() {
            let policy = RetryPolicy(
                maxAttempts: 10, initialDelay: .milliseconds(100), multiplier: 2, maxDelay: .seconds(1), jitter: false)
            #expect(policy.backoff(before: 1) == .milliseconds(100))
            #expect(policy.backoff(before: 3) == .milliseconds(400))
            #expect(policy.backoff(before: 8) == .seconds(1))
        }

        @Test func noRetryStartsWhoseWaitWouldEndPastTheDeadline() async throws {
            let id = UUID().uuidString
            let retry = RetryInterceptor(
                policy: RetryPolicy(
                    maxAttempts: 10, initialDelay: .milliseconds(200), deadline: .milliseconds(100), jitter: false))
            let transport = InterceptingTransport(try AgainstTestServer.transport(), interceptors: [retry])
            let error = await #expect(throws: (any Error).self) {
                try await transport.send(Self.request(["X-Test-Fail-First": "5", "X-Test-Id": id]))
            }
            #expect(error.flatMap(TransportError.httpStatus(of:)) == 503)
            #expect(try await server().events(id).filter { $0 == "open" }.count == 1)
        }

        @Test func theTimeoutCancelsTheRequestOnTheWire() async throws {
            let id = UUID().uuidString
            let transport = InterceptingTransport(
                try AgainstTestServer.transport(), interceptors: [TimeoutInterceptor(limit: .milliseconds(300))])
            let started = ContinuousClock.now
            await #expect(throws: InterceptorError.timedOut(operation: "Rick", after: .milliseconds(300))) {
                try await transport.send(Self.request(["X-Test-Delay": "10", "X-Test-Id": id]))
            }
            // Well under the server's 10 s delay, with room for a loaded machine.
            #expect(started.duration(to: .now) < .seconds(8))
            #expect(
                try await server().waitFor("closed", testID: id, within: 8), "the server never saw the connection close"
            )
        }

        @Test func theLogIsValueFreeUnlessAsked() async throws {
            let entries = Locked<[RequestLogEntry]>([])
            let log = RequestLogInterceptor { entry in entries.withLock { $0.append(entry) } }
            let transport = InterceptingTransport(try AgainstTestServer.transport(), interceptors: [log])
            var request = Self.request(["X-Secret": "s3cr3t"])
            request.variables = ["id": .string("1")]
            let body = try await transport.send(request)
            await #expect(throws: (any Error).self) { try await transport.send(Self.request(["X-Test-Status": "500"])) }
            let logged = entries.withLock { $0 }
            #expect(logged.count == 2)
            #expect(logged.first?.outcome == .answered(bytes: body.count, events: 1))
            #expect(logged.last?.outcome == .failed("TransportError.httpStatus", status: 500))
            for entry in logged {
                #expect(entry.variables == nil && entry.headers == nil)
                #expect(!entry.description.contains("s3cr3t") && !entry.description.contains("test failure body"))
                #expect(entry.description.hasPrefix("query Rick: "))
            }
            let verbose = InterceptingTransport(
                try AgainstTestServer.transport(),
                interceptors: [
                    RequestLogInterceptor(includesVariables: true, includesHeaders: true) { entry in
                        entries.withLock { $0.append(entry) }
                    }
                ])
            _ = try await verbose.send(request)
            #expect(entries.withLock { $0.last?.description.contains("s3cr3t") } == true)
        }

        @Test func aStepCanAnswerWithoutTheNetworkAndStepsRunInOrder() async throws {
            struct Recorder: TransportInterceptor {
                let name: String
                let trace: Locked<[String]>
                func send(_ request: GraphQLRequest, next: InterceptorNext) async throws -> Data {
                    trace.withLock { $0.append(">\(name)") }
                    defer { trace.withLock { $0.append("<\(name)") } }
                    if request.headers["X-Local"] != nil { return Data(#"{"data":{"local":true}}"#.utf8) }
                    return try await next.send(request)
                }
            }
            let trace = Locked<[String]>([])
            let transport = InterceptingTransport(
                try AgainstTestServer.transport(),
                interceptors: [Recorder(name: "a", trace: trace), Recorder(name: "b", trace: trace)])
            _ = try await transport.send(Self.request([:]))
            #expect(trace.withLock { $0 } == [">a", ">b", "<b", "<a"])
            let local = try await transport.send(Self.request(["X-Local": "1", "X-Test-Status": "500"]))
            #expect(value(try json(local), "data", "local") as? Bool == true)
        }

        @Test(arguments: [HTTPTransport.SubscriptionProtocol.multipart, .serverSentEvents])
        func aSubscriptionRefusedAtFirstIsAuthorizedAndDelivers(_ kind: HTTPTransport.SubscriptionProtocol)
            async throws
        {
            let id = UUID().uuidString
            let tokens = Tokens()
            let transport = InterceptingTransport(
                try AgainstTestServer.transport { $0.subscriptionProtocol = kind },
                interceptors: [Self.retry(), tokens.interceptor])
            // A character of the server's data set (it has 493) that no other test subscribes to:
            // a mutation for a character it lacks publishes nothing, and the reader would wait.
            let character = kind == .multipart ? "31" : "32"
            let subscription = GraphQLRequest(
                document: "subscription Added($c: ID!) { noteAdded(characterId: $c) { id text } }",
                operationName: "Added", kind: .subscription, variables: ["c": .string(character)],
                headers: ["X-Test-Id": id, "X-Test-Complete-After": "1", "X-Test-Require-Token": "fresh"])
            let reader = Task {
                var texts: [String] = []
                for try await payload in transport.payloads(for: subscription) {
                    texts.append(value(try json(payload), "data", "noteAdded", "text") as? String ?? "?")
                }
                return texts
            }
            defer { reader.cancel() }
            // On a loaded machine the refusal, the refresh and the second connection take a while;
            // the note is added only once the server holds the subscription, or it would be missed.
            try #require(
                try await server().waitFor("subscribed", testID: id, within: 30),
                "the subscription never reached the server")
            let added = try await AgainstTestServer.transport().send(
                GraphQLRequest(
                    document: "mutation Add($c: ID!, $t: String!) { addNote(characterId: $c, text: $t) { id } }",
                    kind: .mutation, variables: ["c": .string(character), "t": .string("hello")]))
            try #require(
                value(try json(added), "data", "addNote", "id") is String,
                "the note was not added: \(String(decoding: added, as: UTF8.self))")
            #expect(try await reader.value == ["hello"])
            #expect(tokens.refreshes.withLock { $0 } == 1)
        }
    }
}

/// A value shared between a test and the steps it runs, behind a lock.
final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>
    init(_ value: Value) { mutex = Mutex(value) }
    func withLock<T: Sendable>(_ body: (inout Value) -> T) -> T { mutex.withLock { body(&$0) } }
}
