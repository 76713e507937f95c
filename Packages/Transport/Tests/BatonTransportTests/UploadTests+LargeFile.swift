import BatonNormalize
import BatonTransport
import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension UploadTests {
    /// The process's resident size now, in bytes.
    static func residentBytes() -> Int {
        #if canImport(Darwin)
        var info = mach_task_basic_info()
        var count = mach_msg_type_number_t(MemoryLayout<mach_task_basic_info>.size / MemoryLayout<natural_t>.size)
        let status = withUnsafeMutablePointer(to: &info) {
            $0.withMemoryRebound(to: integer_t.self, capacity: Int(count)) {
                task_info(mach_task_self_, task_flavor_t(MACH_TASK_BASIC_INFO), $0, &count)
            }
        }
        return status == KERN_SUCCESS ? Int(info.resident_size) : 0
        #else
        let statm = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8)) ?? ""
        let pages = statm.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        return pages * sysconf(Int32(_SC_PAGESIZE))
        #endif
    }

    /// How far above its resident size at the start the process went while `work` ran,
    /// sampled every 2 ms on a thread of its own: a sampler on the cooperative pool can be
    /// starved by the other tests of a parallel run and see nothing.
    static func residentGrowth<T>(during work: () async throws -> T) async rethrows -> (T, Int) {
        let baseline = residentBytes()
        let peak = Mutex(baseline)
        let stopped = Atomic(false)
        let finished = DispatchSemaphore(value: 0)
        let sampler = Thread {
            while !stopped.load(ordering: .acquiring) {
                let now = residentBytes()
                peak.withLock { $0 = max($0, now) }
                usleep(2000)
            }
            finished.signal()
        }
        sampler.start()
        let result = try await work()
        let now = residentBytes()
        stopped.store(true, ordering: .releasing)
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                finished.wait()
                continuation.resume()
            }
        }
        return (result, peak.withLock { max($0, now) } - baseline)
    }

    /// A file of `megabytes` MiB written a MiB at a time: one block of varied bytes, each copy
    /// starting with its index.
    static func largeFile(megabytes: Int) throws -> URL {
        let url = try temporaryFile(Data(), named: "large.bin")
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        var block = Data((0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 11) })
        for megabyte in 0..<megabytes {
            block[0] = UInt8(truncatingIfNeeded: megabyte)
            try handle.write(contentsOf: block)
        }
        return url
    }

    #if os(Linux) || os(macOS)
    /// The SHA-256 of the file at `url` by the system's own tool (the debug build's Swift
    /// SHA-256 takes half a minute over 64 MiB).
    static func systemDigest(of url: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        #if os(Linux)
        process.arguments = ["sha256sum", url.path]
        #else
        process.arguments = ["shasum", "-a", "256", url.path]
        #endif
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "the system's SHA-256 tool failed")
        return String(text.prefix { !$0.isWhitespace })
    }

    @Test func aLargeFileIsStreamedFromDiskAndItsDigestMatches() async throws {
        let megabytes = 64
        let url = try Self.largeFile(megabytes: megabytes)
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let request = Self.filesRequest([Upload(fileURL: url, contentType: "application/x-large")])
        let transport = try Self.transport { $0.timeout = 120 }
        let (files, growth) = try await Self.residentGrowth { try Self.uploaded(try await transport.send(request)) }
        let (_, control) = try await Self.residentGrowth {
            var whole = try Data(contentsOf: url)
            for index in stride(from: 0, to: whole.count, by: 4096) { whole[index] ^= 1 }
            return whole.count
        }
        #expect(files.first?["size"] as? Int == megabytes << 20)
        #expect(files.first?["sha256"] as? String == (try Self.systemDigest(of: url)))
        // The sampling sees a whole read (the control holds the file in memory at once); the
        // upload, copied in chunks into the body's file and sent from there, stays far below.
        #expect(
            control >= (megabytes << 20) * 3 / 4,
            "reading the file whole raised the resident size by \(control >> 20) MiB")
        #expect(growth < (megabytes << 20) / 2, "the upload raised the resident size by \(growth >> 20) MiB")
    }
    #endif
}
