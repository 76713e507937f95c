import BatonNormalize
import BatonRecords
import Foundation

/// Hands `sink` one ``RequestLogEntry`` for each request when its answer (or failure) comes,
/// and for each stream when it ends: the operation's name and kind, the time taken, the bytes
/// answered or the failure's kind.
///
/// The entry holds no values unless asked: no variables, no headers, no response data, and a
/// failure is named by its kind and HTTP status, never by the body the server sent. Set
/// `includesVariables` or `includesHeaders` to add them (on a developer's machine, say).
/// Thread-safe: immutable; `sink` is called from the request's task.
public struct RequestLogInterceptor: TransportInterceptor {
    public var includesVariables: Bool
    public var includesHeaders: Bool
    public let sink: @Sendable (RequestLogEntry) -> Void

    public init(
        includesVariables: Bool = false, includesHeaders: Bool = false,
        sink: @escaping @Sendable (RequestLogEntry) -> Void
    ) {
        self.includesVariables = includesVariables
        self.includesHeaders = includesHeaders
        self.sink = sink
    }

    public func send(_ request: GraphQLRequest, next: InterceptorNext) async throws -> Data {
        let start = ContinuousClock.now
        do {
            let body = try await next.send(request)
            sink(entry(request, start, .answered(bytes: body.count, events: 1)))
            return body
        } catch {
            sink(entry(request, start, .failure(error)))
            throw error
        }
    }

    public func events(for request: GraphQLRequest, next: InterceptorNext) -> AsyncThrowingStream<
        StreamEvent, any Error
    > {
        AsyncThrowingStream.relaying { yield in
            let start = ContinuousClock.now
            var bytes = 0
            var events = 0
            do {
                for try await event in next.events(for: request) {
                    if case .payload(let payload) = event {
                        bytes += payload.count
                        events += 1
                    }
                    yield(event)
                }
                sink(entry(request, start, .answered(bytes: bytes, events: events)))
            } catch {
                sink(entry(request, start, .failure(error)))
                throw error
            }
        }
    }

    func entry(_ request: GraphQLRequest, _ start: ContinuousClock.Instant, _ outcome: RequestLogEntry.Outcome)
        -> RequestLogEntry
    {
        RequestLogEntry(
            operationName: request.operationName, kind: request.kind, duration: start.duration(to: .now),
            outcome: outcome, variables: includesVariables ? request.variables : nil,
            headers: includesHeaders ? request.headers : nil)
    }
}

/// What ``RequestLogInterceptor`` tells of one request or stream. Value-free unless the
/// interceptor was asked for `variables` or `headers`.
public struct RequestLogEntry: Sendable, Hashable, CustomStringConvertible {
    public enum Outcome: Sendable, Hashable {
        /// Answered with `bytes` of body over `events` payloads (1 for a whole body).
        case answered(bytes: Int, events: Int)
        /// Failed with an error of `kind` (`TransportError.httpStatus`, `CancellationError`), and
        /// the HTTP status when there was one.
        case failed(String, status: Int?)

        /// The outcome of a request that failed with `error`: its kind and status, no values.
        static func failure(_ error: any Error) -> Outcome {
            .failed(RequestLogEntry.kind(of: error), status: TransportError.httpStatus(of: error))
        }
    }

    public let operationName: String?
    public let kind: OperationKind
    public let duration: Duration
    public let outcome: Outcome
    public let variables: [String: JSONValue]?
    public let headers: [String: String]?

    public var description: String {
        let name = "\(kind.rawValue) \(operationName ?? "(anonymous)")"
        let took = "\(duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000) ms"
        var text: String
        switch outcome {
        case .answered(let bytes, let events):
            text = "\(name): \(bytes) bytes" + (events == 1 ? "" : " in \(events) events") + " in \(took)"
        case .failed(let kind, let status):
            text = "\(name): failed (\(kind)" + (status.map { ", HTTP \($0)" } ?? "") + ") after \(took)"
        }
        if let variables { text += " variables: \(JSONValue.object(variables.sorted { $0.key < $1.key }).jsonText())" }
        if let headers { text += " headers: \(headers.sorted { $0.key < $1.key })" }
        return text
    }

    /// A failure's kind without its values: the case of a ``TransportError`` or an
    /// ``InterceptorError``, the type name of any other error.
    static func kind(of error: any Error) -> String {
        switch error {
        case let error as TransportError: "TransportError." + error.caseName
        case let error as InterceptorError: "InterceptorError." + error.caseName
        default: String(describing: type(of: error))
        }
    }
}
