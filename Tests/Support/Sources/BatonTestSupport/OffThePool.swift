import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Blocking work a test must do (run a child process to its end, wait for a server to print
/// its port) moved onto a thread of its own, so that the calling task suspends instead of
/// holding a thread of Swift's cooperative pool.
///
/// That pool has one thread per core (two on CI) and Swift Testing runs every suite of
/// `swift test` on it in parallel: a test that blocks one of its threads for seconds (a
/// `swiftc` run, a semaphore wait) leaves every other test's fetches, ingests and waits
/// without a thread, and their timeouts fire. On Linux Dispatch's global queues share that
/// limit, so the work gets a `Thread`, not a queue.
public enum OffThePool {
    /// Runs `work` on a new thread and returns (or throws) what it returns, suspending the
    /// caller meanwhile. `work` must not record Swift Testing issues (`#expect`): the test's
    /// task-locals do not follow it to the thread; return what the test checks instead.
    public static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try work() }) }
        }
    }
}

/// A child process run to its end: its exit status, whether a signal ended it, what it wrote.
public struct ChildProcessResult: Sendable {
    public var status: Int32
    public var killedBySignal: Bool
    public var output: Data
    public var errors: Data

    /// The standard output as UTF-8 text.
    public var outputText: String { String(decoding: output, as: UTF8.self) }
    /// The standard error as UTF-8 text.
    public var errorText: String { String(decoding: errors, as: UTF8.self) }

    /// Runs `executable` with `arguments` to its end off the cooperative pool (``OffThePool``).
    /// With `killAfterFirstOutput`, the child is killed with SIGKILL that long after it first
    /// writes to its standard output.
    public static func run(
        _ executable: URL, _ arguments: [String], killAfterFirstOutput: TimeInterval? = nil
    ) async throws -> ChildProcessResult {
        try await OffThePool.run {
            let process = Process()
            process.executableURL = executable
            process.arguments = arguments
            let output = Pipe()
            let errors = Pipe()
            process.standardOutput = output
            process.standardError = errors
            try process.run()
            // Standard error is read on a thread of its own, so a child filling one pipe
            // while this reads the other cannot deadlock.
            let errorBytes = PipeReader(errors.fileHandleForReading)
            var outputBytes = Data()
            if let killAfterFirstOutput {
                outputBytes = output.fileHandleForReading.availableData
                Thread.sleep(forTimeInterval: killAfterFirstOutput)
                kill(process.processIdentifier, SIGKILL)
            }
            outputBytes += output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return ChildProcessResult(
                status: process.terminationStatus, killedBySignal: process.terminationReason == .uncaughtSignal,
                output: outputBytes, errors: errorBytes.wait())
        }
    }
}

/// Reads a file handle to its end on a thread of its own.
private final class PipeReader: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    // Written once by the reading thread before `done` is signalled, read after the wait.
    private var data = Data()

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}
