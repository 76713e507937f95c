import Foundation
import Testing
@_spi(Baton) @testable import BatonImage
import BatonTestSupport

/// One process at a time: an image another process holds fails to open with
/// `ImageError.heldByAnotherProcess`, at once and without touching the file; once the holder
/// ends, killed or not, it opens. Opens of one path within a process share the file, and so
/// the hold (`SharedOpenTests`).
@Suite struct ProcessLockTests {
    /// A child process, handed from the thread that started it to the test.
    final class Child: @unchecked Sendable {
        let process: Process
        init(_ process: Process) { self.process = process }
    }

    /// Starts `ImageCrashChild hold` on `file` and waits until it reported a committed batch.
    static func startHolder(_ file: URL) throws -> Child {
        guard let child = Products.url("ImageCrashChild") else {
            throw ImageError.unavailable(path: "ImageCrashChild", reason: "not built beside the tests")
        }
        let process = Process()
        process.executableURL = child
        process.arguments = ["hold", file.path, "holder"]
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = Pipe()
        try process.run()
        var text = ""
        while !text.contains("\ncommit holder.") {
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { break }
            text += String(decoding: data, as: UTF8.self)
        }
        return Child(process)
    }

    @MainActor
    @Test func anImageAnotherProcessHoldsFailsAtOnceWithHeldByAnotherProcessAndOpensOnceTheHolderIsKilled()
        async throws
    {
        let scratch = Scratch()
        let file = scratch.file
        let holder = try await OffThePool.run { try Self.startHolder(file) }.process
        defer { if holder.isRunning { kill(holder.processIdentifier, SIGKILL) } }

        let log = ErrorLog()
        let started = Date()
        let image = StoreImage.open(at: scratch.file, version: "crash-test", options: .init(onError: log.handler))
        let expected = ImageError.heldByAnotherProcess(path: scratch.file.path)
        #expect(throws: expected) { try image.waitUntilOpen() }
        #expect(Date().timeIntervalSince(started) < 2, "the open waited for the holder")
        #expect(image.state == .failed(expected))
        #expect(image.fault == expected)
        #expect(eventually { log.all == [expected] })
        // The store over it is told, and works in memory.
        let store = Store(persistence: image)
        for _ in 0..<2_000 where store.persistenceFault == nil { try await Task.sleep(for: .milliseconds(1)) }
        #expect(store.persistenceFault?.error as? ImageError == expected)
        // Its writes go nowhere, and it says so.
        image.write(
            PersistenceBatch(entries: [.init(snapshot: snapshot("Item:refused", ["a": .int(1)]), rowWasRead: false)]))
        #expect(throws: expected) { try image.waitUntilCommitted() }
        image.close()
        #expect(holder.isRunning, "the holder went on")

        kill(holder.processIdentifier, SIGKILL)
        holder.waitUntilExit()
        let keys = try ImageInspector(path: scratch.file.path).keys().map(\.rawValue)
        #expect(keys.contains("Item:holder.0-0"), "\(keys.prefix(5))")
        try scratch.launch(version: "crash-test") { image throws in
            #expect(try image.read("Item:holder.0-0")?["batch"] == .string("holder.0"))
            #expect(try image.read("Item:refused") == nil)
        }
    }

    @Test func imagesOverOneFileInOneProcessShareTheHoldAndAnotherProcessOpensItOnceBothClosed() async throws {
        let scratch = Scratch()
        guard let child = Products.url("ImageCrashChild") else {
            Issue.record("ImageCrashChild is not built beside the tests")
            return
        }
        // The two opens share one file (`SharedOpenTests`); the hold lasts until both close.
        let first = StoreImage.open(at: scratch.file, version: "crash-test")
        try first.waitUntilCommitted()
        let second = StoreImage.open(at: scratch.file, version: "crash-test")
        try second.waitUntilCommitted()
        first.writeAndWait(
            PersistenceBatch(entries: [.init(snapshot: snapshot("Item:1", ["a": .int(1)]), rowWasRead: false)]))
        first.close()
        // The second still holds the file: another process is refused.
        let whileHeld = try await ChildProcessResult.run(child, ["attempt", scratch.file.path, "2"])
        #expect(whileHeld.outputText == "held\nheld\n")
        second.close()
        let afterClose = try await ChildProcessResult.run(child, ["attempt", scratch.file.path, "1"])
        #expect(afterClose.outputText == "opened\n")
        #expect(FileManager.default.fileExists(atPath: ImageLock.lockPath(of: scratch.file.path)))
    }

    /// A child forked while the image was open shares the lock file's open file until it execs
    /// (or for good, if it never does): the last close lets go of the lock all the same, and the
    /// next open in this process is not refused as if another process held it.
    @Test func aChildThatSharesTheLockFileDoesNotKeepTheImageHeldOnceItCloses() throws {
        let scratch = Scratch()
        let lock = try ImageLock(imagePath: scratch.file.path)
        let descriptor = try #require(lock.descriptor)
        // The child's standard input is the lock file's open file, as a forked child's copy is.
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/bin/sh")
        child.arguments = ["-c", "exec sleep 30"]
        child.standardInput = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false)
        try child.run()
        defer {
            kill(child.processIdentifier, SIGKILL)
            child.waitUntilExit()
        }
        lock.release()
        let again = try ImageLock(imagePath: scratch.file.path)
        again.release()
        #expect(child.isRunning, "the child still had the lock file open")
    }
}
