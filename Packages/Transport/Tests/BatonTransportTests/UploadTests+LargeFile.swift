import BatonNormalize
import BatonTransport
import Foundation
import Testing

extension UploadTests {
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
        let files = try Self.uploaded(try await transport.send(request))
        #expect(files.first?["size"] as? Int == megabytes << 20)
        #expect(files.first?["sha256"] as? String == (try Self.systemDigest(of: url)))
        // What the upload holds in memory meanwhile is the benchmarks' figure
        // (`upload_resident_over_file_ratio`): a process-wide sample in a parallel test run
        // counts the other tests' memory too.
    }
    #endif
}
