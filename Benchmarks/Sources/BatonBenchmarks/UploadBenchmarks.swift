import BatonNormalize
import BatonTransport
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a 64 MiB upload holds in memory: the process's resident growth while the transport
/// sends the file to the local server (its body is copied to a temporary file in chunks and
/// sent from there), over the file's size, beside a whole read of the same file. Measured here,
/// in a process doing nothing else, rather than in a test run where other tests' memory counts.
enum UploadBenchmarks {
    static let megabytes = 64

    static func run(_ harness: inout Harness) throws {
        let server = try LocalServer.start()
        defer { server.stop() }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "baton-upload-benchmark-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("large.bin")
        try Data().write(to: file)
        let handle = try FileHandle(forWritingTo: file)
        let block = Data((0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 11) })
        for _ in 0..<megabytes { try handle.write(contentsOf: block) }
        try handle.close()

        var configuration = HTTPTransport.Configuration(url: URL(string: "http://127.0.0.1:\(server.port)/graphql")!)
        configuration.timeout = 120
        let transport = HTTPTransport(configuration: configuration)
        let request = GraphQLRequest(
            document: "mutation Upload($files: [Upload!]!) { uploadFiles(files: $files) { size } }",
            operationName: "Upload", kind: .mutation, variables: ["files": .array([.null])],
            uploads: [UploadPlacement(Upload(fileURL: file), at: "variables.files.0")])
        let size = Double(megabytes << 20)
        let upload = try residentGrowth {
            _ = try TransportBenchmarks.blockingMilliseconds { _ = try await transport.send(request) }
        }
        let whole = try residentGrowth {
            var data = try Data(contentsOf: file)
            for index in stride(from: 0, to: data.count, by: 4096) { data[index] ^= 1 }
        }
        precondition(whole > size / 2, "the sampling must see a whole read of the file")
        harness.record("upload_64mib_resident_growth_mib", upload / Double(1 << 20))
        harness.record("upload_resident_over_file_ratio", upload / size)
    }

    /// The process's resident size now, in bytes (0 where it cannot be read).
    static func residentBytes() -> Int {
        #if os(Linux)
        let statm = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8)) ?? ""
        let pages = statm.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        return pages * sysconf(Int32(_SC_PAGESIZE))
        #else
        return 0
        #endif
    }

    /// How far above its resident size at the start the process went while `work` ran, in
    /// bytes, sampled every 2 ms on a thread of its own.
    static func residentGrowth(_ work: () throws -> Void) throws -> Double {
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
        try work()
        let now = residentBytes()
        stopped.store(true, ordering: .releasing)
        finished.wait()
        return Double(peak.withLock { max($0, now) } - baseline)
    }
}
