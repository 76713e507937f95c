import BatonTestSupport
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The Python test server (`LocalTestServer` of BatonTestSupport) with what the Transport
/// tests ask of it: its request log (`events`, `waitFor`).
///
/// One per suite that carries the `.testServer` trait; tests reach it through
/// `TestServer.current`. Thread-safe: its state is immutable after start. The server also
/// exits on its own when this process ends (it watches its standard input).
final class TestServer: Sendable {
    @TaskLocal static var current: TestServer?

    private let server: LocalTestServer

    var port: Int { server.port }
    var graphQLURL: URL { server.graphQLURL }

    private init(server: LocalTestServer) {
        self.server = server
    }

    /// A server started with `arguments`, more of `server.py`'s flags.
    static func start(arguments: [String] = [], timeout: TimeInterval = 20) async throws -> TestServer {
        TestServer(server: try await LocalTestServer.start(arguments: arguments, timeout: timeout))
    }

    func stop() {
        server.stop()
    }

    /// What the server logged for requests carrying `X-Test-Id: testID`.
    func events(_ testID: String) async throws -> [String] {
        let url = URL(string: "http://127.0.0.1:\(port)/_test/events?id=\(testID)")!
        let (data, _) = try await URLSession.shared.data(from: url)
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        return object?["events"] as? [String] ?? []
    }

    /// Polls until the server logged `event` for `testID`; false after `seconds` (by default
    /// long enough for a loaded two-core machine running the whole suite: only a failure waits
    /// that long).
    func waitFor(_ event: String, testID: String, within seconds: TimeInterval = 20) async throws -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try await events(testID).contains(where: { $0.hasPrefix(event) }) { return true }
            try await Task.sleep(nanoseconds: 30_000_000)
        }
        return false
    }
}

/// Starts one test server around a whole suite (and its nested suites and tests).
struct TestServerTrait: SuiteTrait, TestScoping {
    var isRecursive: Bool { false }

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        try await TestServer.$current.withValue(server) {
            try await function()
        }
    }
}

extension Trait where Self == TestServerTrait {
    /// Runs the suite against a fresh test server; fails clearly when it cannot start.
    static var testServer: Self { TestServerTrait() }
}

/// The running server, or a failure telling how to get one.
func server() throws -> TestServer {
    try #require(TestServer.current, "no test server: this test must be inside a suite with the .testServer trait")
}

/// The JSON object of a response body.
func json(_ data: Data) throws -> [String: Any] {
    try #require(
        try JSONSerialization.jsonObject(with: data) as? [String: Any],
        "not a JSON object: \(String(decoding: data, as: UTF8.self))")
}

/// The value at a path of object keys and array indexes.
func value(_ object: Any?, _ path: Any...) -> Any? {
    var current = object
    for step in path {
        if let key = step as? String {
            current = (current as? [String: Any])?[key]
        } else if let index = step as? Int {
            current = (current as? [Any]).flatMap { $0.indices.contains(index) ? $0[index] : nil }
        }
    }
    return current
}
