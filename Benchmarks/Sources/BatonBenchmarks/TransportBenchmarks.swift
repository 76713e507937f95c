import BatonNormalize
import BatonTransport
import Foundation
import BatonTestSupport

/// Round trips of a small query against the local GraphQL server, through HTTPTransport and
/// through curl, in the same run.
enum TransportBenchmarks {
    static let query = #"query Small($id: ID!) { character(id: $id) { id name status } }"#

    static func run(_ harness: inout Harness) throws {
        let server = try LocalServer.start()
        defer { server.stop() }
        let url = URL(string: "http://127.0.0.1:\(server.port)/graphql")!
        let transport = HTTPTransport(url: url)
        let request = GraphQLRequest(document: query, operationName: "Small", variables: ["id": "1"])

        let roundTrip = try Harness.median(runs: 41, warmups: 5) {
            try blockingMilliseconds { _ = try await transport.send(request) }
        }
        let body = #"{"query":"\#(query)","operationName":"Small","variables":{"id":"1"}}"#
        let curl = try Harness.median(runs: 41, warmups: 5) {
            try curlMilliseconds(url: url, body: body)
        }
        harness.record("http_roundtrip_ms", roundTrip)
        harness.record("curl_roundtrip_ms", curl)
        harness.record("http_overhead_vs_curl", roundTrip / curl)
    }

    /// Runs `body` to completion from synchronous code and times it.
    static func blockingMilliseconds(_ body: @escaping @Sendable () async throws -> Void) throws -> Double {
        let done = DispatchSemaphore(value: 0)
        let outcome = Outcome()
        let start = DispatchTime.now().uptimeNanoseconds
        Task.detached {
            do { try await body() } catch { outcome.error = error }
            done.signal()
        }
        done.wait()
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        if let error = outcome.error { throw error }
        return elapsed
    }

    /// curl's own time for the request (`time_total`), which leaves out its process start.
    static func curlMilliseconds(url: URL, body: String) throws -> Double {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "curl", "-s", "-o", "/dev/null", "-w", "%{time_total}", "-X", "POST",
            "-H", "Content-Type: application/json",
            "-H", "Accept: application/graphql-response+json, application/json",
            "--data-binary", body, url.absoluteString,
        ]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
            let seconds = Double(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
        else { throw BenchmarkError.curlFailed(process.terminationStatus) }
        return seconds * 1e3
    }
}

private final class Outcome: @unchecked Sendable {
    var error: (any Error)?
}

enum BenchmarkError: Error {
    case curlFailed(Int32)
    case serverDidNotStart(String)
    /// A subscription event did not arrive within 5 s of the mutation that publishes it.
    case noEvent(kind: String)
    /// The multipart parser answered this many parts instead of the body's.
    case wrongPartCount(Int)
}

/// The test server (Tools/TestServer) on a free loopback port, for the benchmarks' lifetime.
struct LocalServer {
    let process: Process
    let port: Int

    static func start() throws -> LocalServer {
        let python =
            ProcessInfo.processInfo.environment["BATON_PYTHON"]
            ?? TestData.repository.appendingPathComponent(".venv/bin/python").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [
            TestData.repository.appendingPathComponent("Tools/TestServer/server.py").path,
            "--port", "0", "--exit-on-stdin-eof",
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = Pipe()
        try process.run()
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), let first = byte.first, first != 0x0A {
            line.append(first)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self)) else {
            process.terminate()
            throw BenchmarkError.serverDidNotStart(String(decoding: line, as: UTF8.self))
        }
        return LocalServer(process: process, port: port)
    }

    func stop() {
        process.terminate()
    }
}
