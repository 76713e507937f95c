import Foundation
import Synchronization

/// The repository's Python GraphQL server (`Tools/TestServer/server.py`) as a child process on
/// a free port of 127.0.0.1, for tests that talk to a real server.
///
/// It runs from the repository's `.venv` (`make server-env`; `BATON_PYTHON` names another
/// interpreter) and exits when ``stop()`` closes its standard input, or when this process
/// ends. Thread-safe: its port is fixed once started, and `stop()` may be called from any
/// thread, more than once.
public final class LocalTestServer: Sendable {
    /// Why the server did not start, with what to do about it.
    public struct StartFailure: Error, CustomStringConvertible {
        public var description: String
    }

    /// The port it listens on.
    public let port: Int
    private let process: Mutex<Process?>
    private let input: FileHandle

    /// The server's GraphQL endpoint.
    public var graphQLURL: URL { URL(string: "http://127.0.0.1:\(port)/graphql")! }

    private init(port: Int, process: Process, input: FileHandle) {
        self.port = port
        self.process = Mutex(process)
        self.input = input
    }

    /// Starts a server and waits, up to `timeout` seconds, for the port it prints first; the
    /// wait runs off the cooperative pool and off the caller's actor (``OffThePool``), so a
    /// main-actor test that starts a server does not hold the main actor while Python starts.
    /// `arguments` are more of `server.py`'s flags (`--trusted-documents <manifest>`); `port`
    /// 0 picks a free one, another the port a killed server listened on (a restart).
    public static func start(port: Int = 0, arguments: [String] = [], timeout: TimeInterval = 20) async throws
        -> LocalTestServer
    {
        try await OffThePool.run { try startBlocking(port: port, arguments: arguments, timeout: timeout) }
    }

    private static func startBlocking(port: Int, arguments: [String], timeout: TimeInterval) throws -> LocalTestServer {
        let root = TestData.repository
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
        process.arguments = [script, "--port", String(port), "--exit-on-stdin-eof"] + arguments
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
        return LocalTestServer(port: port, process: process, input: input.fileHandleForWriting)
    }

    /// Kills the server at once (SIGKILL), as a crash would: its connections drop with no
    /// goodbye, and its port is free for the next ``start(port:arguments:timeout:)``.
    public func kill() {
        process.withLock { process in
            if let running = process, running.isRunning { killAtOnce(running.processIdentifier) }
            process = nil
        }
        try? input.close()
    }

    /// Ends the server.
    public func stop() {
        process.withLock { process in
            // No waitUntilExit: on Linux it can spin forever after the child is gone.
            process?.terminate()
            process = nil
        }
        try? input.close()
    }
}

/// SIGKILL to `pid` (a free function: inside `LocalTestServer`, `kill` names its method).
private func killAtOnce(_ pid: Int32) {
    _ = kill(pid, SIGKILL)
}
