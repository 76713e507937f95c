import Foundation
import Synchronization
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The Python test server (Tools/TestServer/server.py) as a child process on a free port.
///
/// One per suite that carries the `.testServer` trait; tests reach it through
/// `TestServer.current`. Thread-safe: its state is immutable after start. The server also
/// exits on its own when this process ends (it watches its standard input).
final class TestServer: Sendable {
    @TaskLocal static var current: TestServer?

    let port: Int
    private let process: Mutex<Process?>
    private let stdin: FileHandle

    var graphQLURL: URL { URL(string: "http://127.0.0.1:\(port)/graphql")! }

    struct StartFailure: Error, CustomStringConvertible {
        var description: String
    }

    static var repositoryRoot: URL {
        // <repo>/Packages/Transport/Tests/BatonTransportTests/TestServer.swift
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    private init(port: Int, process: Process, stdin: FileHandle) {
        self.port = port
        self.process = Mutex(process)
        self.stdin = stdin
    }

    static func start(timeout: TimeInterval = 20) throws -> TestServer {
        let root = repositoryRoot
        let python =
            ProcessInfo.processInfo.environment["BATON_PYTHON"] ?? root.appendingPathComponent(".venv/bin/python").path
        let script = root.appendingPathComponent("Tools/TestServer/server.py").path
        guard FileManager.default.isExecutableFile(atPath: python) else {
            throw StartFailure(
                description:
                    "no Python for the test server at \(python): run `make server-env` (Tools/TestServer/setup.sh) first, or set BATON_PYTHON"
            )
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [script, "--port", "0", "--exit-on-stdin-eof"]
        let output = Pipe()
        let input = Pipe()
        process.standardOutput = output
        process.standardInput = input
        do { try process.run() } catch {
            throw StartFailure(
                description: "could not start the test server (\(python) \(script)): \(error); run `make server-env`")
        }
        let reader = output.fileHandleForReading
        let line = Mutex<String?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            var bytes = Data()
            while !bytes.contains(0x0A) {
                let chunk = reader.availableData
                if chunk.isEmpty { break }
                bytes.append(chunk)
            }
            line.withLock { $0 = String(decoding: bytes, as: UTF8.self) }
            done.signal()
        }
        guard done.wait(timeout: .now() + timeout) == .success,
            let text = line.withLock({ $0 }),
            let port = Int(text.split(separator: "\n").first?.trimmingCharacters(in: .whitespaces) ?? "")
        else {
            process.terminate()
            throw StartFailure(
                description:
                    "the test server did not print its port within \(timeout) s (is graphql-core installed? run `make server-env`)"
            )
        }
        return TestServer(port: port, process: process, stdin: input.fileHandleForWriting)
    }

    func stop() {
        process.withLock { process in
            // No waitUntilExit: on Linux it can spin forever after the child is gone.
            process?.terminate()
            process = nil
        }
        try? stdin.close()
    }

    /// What the server logged for requests carrying `X-Test-Id: testID`.
    func events(_ testID: String) async throws -> [String] {
        let url = URL(string: "http://127.0.0.1:\(port)/_test/events?id=\(testID)")!
        let (data, _) = try await URLSession.shared.data(from: url)
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        return object?["events"] as? [String] ?? []
    }

    /// Polls until the server logged `event` for `testID`; false after `seconds`.
    func waitFor(_ event: String, testID: String, within seconds: TimeInterval = 5) async throws -> Bool {
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
        let server = try TestServer.start()
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
