import BatonNormalize
import BatonRecords
import BatonTransport
import Foundation
import Testing

extension AgainstTestServer {
    /// What `RequestLogInterceptor` writes of a request carrying a secret variable and a
    /// secret header, whole and streamed: by default names, sizes and durations only.
    @Suite struct RequestLog {
        static let request = GraphQLRequest(
            document: "query Find($name: String) { characters(filter: {name: $name}) { info { count } } }",
            operationName: "Find", variables: ["name": .string("var-s3cr3t")],
            headers: ["Authorization": "Bearer hdr-s3cr3t"])

        /// The log lines of `request` sent whole, then streamed, through a log built by `log`.
        static func lines(_ log: (@escaping @Sendable (RequestLogEntry) -> Void) -> RequestLogInterceptor)
            async throws -> [String]
        {
            let entries = Locked<[RequestLogEntry]>([])
            let transport = InterceptingTransport(
                try AgainstTestServer.transport(),
                interceptors: [log { entry in entries.withLock { $0.append(entry) } }])
            _ = try await transport.send(request)
            for try await _ in transport.events(for: request) {}
            return entries.withLock { $0.map(\.description) }
        }

        @Test func theDefaultLogHoldsNeitherAVariablesNorAHeadersValue() async throws {
            let lines = try await Self.lines { RequestLogInterceptor(sink: $0) }
            #expect(lines.count == 2)
            for line in lines {
                #expect(line.hasPrefix("query Find: "), "the operation is named")
                #expect(line.contains(" bytes") && line.hasSuffix(" ms"), "its size and duration are told")
                #expect(!line.contains("var-s3cr3t"), "a variable's value is logged: \(line)")
                #expect(!line.contains("hdr-s3cr3t"), "a header's value is logged: \(line)")
            }
        }

        @Test func theOptInLogsTheVariablesAndHeaders() async throws {
            let lines = try await Self.lines {
                RequestLogInterceptor(includesVariables: true, includesHeaders: true, sink: $0)
            }
            #expect(lines.count == 2)
            for line in lines {
                #expect(line.contains("var-s3cr3t") && line.contains("hdr-s3cr3t"), "\(line)")
            }
            let variablesOnly = try await Self.lines { RequestLogInterceptor(includesVariables: true, sink: $0) }
            #expect(variablesOnly.allSatisfy { $0.contains("var-s3cr3t") && !$0.contains("hdr-s3cr3t") })
        }
    }
}
