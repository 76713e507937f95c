import Foundation
import Synchronization

/// The Python test server (`Tools/TestServer/server.py`) as a child process on a free port of
/// 127.0.0.1, for the tests that talk to it rather than to recorded responses. It exits when
/// ``stop()`` closes its standard input or this process ends. Thread-safe: immutable once
/// started.
final class IntegrationLiveServer: Sendable {
    let url: URL
    private let process: Process
    private let input: FileHandle

    struct StartFailure: Error, CustomStringConvertible {
        var description: String
    }

    private init(port: Int, process: Process, input: FileHandle) {
        self.url = URL(string: "http://127.0.0.1:\(port)/graphql")!
        self.process = process
        self.input = input
    }

    /// Starts a fresh server; fails with how to get one when `.venv` is missing.
    static func start(timeout: TimeInterval = 20) throws -> IntegrationLiveServer {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let python =
            ProcessInfo.processInfo.environment["BATON_PYTHON"] ?? root.appendingPathComponent(".venv/bin/python").path
        let script = root.appendingPathComponent("Tools/TestServer/server.py").path
        guard FileManager.default.isExecutableFile(atPath: python) else {
            throw StartFailure(
                description: "no Python for the test server at \(python): run `make server-env`, or set BATON_PYTHON")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [script, "--port", "0", "--exit-on-stdin-eof"]
        let output = Pipe()
        let input = Pipe()
        process.standardOutput = output
        process.standardInput = input
        do { try process.run() } catch {
            throw StartFailure(description: "could not start \(python) \(script): \(error)")
        }
        let firstLine = Mutex<String?>(nil)
        let done = DispatchSemaphore(value: 0)
        let reader = output.fileHandleForReading
        Thread.detachNewThread {
            var bytes = Data()
            while !bytes.contains(0x0A) {
                let chunk = reader.availableData
                if chunk.isEmpty { break }
                bytes.append(chunk)
            }
            firstLine.withLock { $0 = String(decoding: bytes, as: UTF8.self) }
            done.signal()
        }
        guard done.wait(timeout: .now() + timeout) == .success,
            let text = firstLine.withLock({ $0 }),
            let port = Int(text.split(separator: "\n").first?.trimmingCharacters(in: .whitespaces) ?? "")
        else {
            process.terminate()
            throw StartFailure(
                description: "the test server did not print its port within \(timeout) s (run `make server-env`)")
        }
        return IntegrationLiveServer(port: port, process: process, input: input.fileHandleForWriting)
    }

    func stop() {
        process.terminate()
        try? input.close()
    }
}
