import Foundation

/// A child process running this executable in another mode, its standard output read as it
/// comes on a thread of its own. Used by the soak drivers from their one thread.
///
/// `@unchecked Sendable`: `output` and `ended` are touched only with `condition` locked.
final class ChildProcess: @unchecked Sendable {
    private let process = Process()
    private let condition = NSCondition()
    private var output = Data()
    private var ended = false
    private var errors = Data()
    private let input = Pipe()

    /// This executable.
    static var executable: URL {
        #if os(Linux)
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        #else
        Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        #endif
    }

    /// Starts this executable with `arguments`.
    init(_ arguments: [String]) throws {
        process.executableURL = Self.executable
        process.arguments = arguments
        let standardOutput = Pipe()
        let standardError = Pipe()
        process.standardOutput = standardOutput
        process.standardError = standardError
        process.standardInput = input
        try process.run()
        Thread.detachNewThread { [self] in
            let handle = standardOutput.fileHandleForReading
            while true {
                let data = handle.availableData
                condition.lock()
                if data.isEmpty { ended = true } else { output.append(data) }
                condition.broadcast()
                condition.unlock()
                if data.isEmpty { return }
            }
        }
        Thread.detachNewThread { [self] in
            let data = standardError.fileHandleForReading.readDataToEndOfFile()
            condition.lock()
            errors = data
            condition.unlock()
        }
    }

    var pid: Int32 { process.processIdentifier }

    /// Waits until the child has written a whole line that `matches`, or its output ended, or
    /// `timeout` passed; returns whether such a line came.
    func waitForLine(timeout: TimeInterval, _ matches: (Substring) -> Bool = { _ in true }) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while true {
            if Self.lines(output).contains(where: matches) { return true }
            if ended || !condition.wait(until: deadline) { return Self.lines(output).contains(where: matches) }
        }
    }

    /// Closes the child's standard input: a holding child's word to close its image.
    func closeInput() {
        try? input.fileHandleForWriting.close()
    }

    /// Kills the child with SIGKILL.
    func kill() {
        _ = Foundation.kill(process.processIdentifier, SIGKILL)
    }

    /// How the child ended.
    struct Ending {
        /// The whole lines it wrote (a line the kill cut short is left out).
        var lines: [Substring]
        var killed: Bool
        var status: Int32
        /// It had not ended `timeout` after the wait began, and was killed.
        var hung: Bool
        var errors: String
    }

    /// Waits (at most `timeout`, then kills it) for the child to end and its output to close.
    func wait(timeout: TimeInterval) -> Ending {
        let deadline = Date(timeIntervalSinceNow: timeout)
        var hung = false
        while process.isRunning {
            if Date() > deadline {
                hung = true
                kill()
                break
            }
            usleep(2_000)
        }
        process.waitUntilExit()
        condition.lock()
        while !ended { condition.wait() }
        let lines = Self.lines(output)
        condition.unlock()
        // Standard error closes with the process; give its reader a moment.
        var errorText = ""
        for _ in 0..<100 {
            condition.lock()
            errorText = String(decoding: errors, as: UTF8.self)
            condition.unlock()
            if !errorText.isEmpty { break }
            usleep(1_000)
        }
        return Ending(
            lines: lines, killed: process.terminationReason == .uncaughtSignal, status: process.terminationStatus,
            hung: hung, errors: errorText)
    }

    /// The whole lines of `data`: the part after the last newline is not a line yet.
    private static func lines(_ data: Data) -> [Substring] {
        let text = String(decoding: data, as: UTF8.self)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        lines.removeLast()
        return lines
    }
}
