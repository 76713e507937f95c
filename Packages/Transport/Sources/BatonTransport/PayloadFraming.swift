import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Splits a decoded response body into GraphQL payloads by its content type:
/// `multipart/mixed` parts (incremental delivery; Apollo's subscription envelope is
/// unwrapped and its heartbeats dropped), server-sent `next` events, or — for any other
/// type, and for every non-2xx answer — the whole body, validated when it ends.
///
/// Not thread-safe: one owner (the exchange reading the response).
struct PayloadFraming {
    private enum Kind {
        case whole(Data)
        case multipart(MultipartParser)
        case events(ServerSentEventParser)
    }

    private var kind: Kind
    private let head: HTTPURLResponse
    private let url: URL
    private(set) var isComplete = false

    init(head: HTTPURLResponse, url: URL) {
        self.head = head
        self.url = url
        let contentType = head.value(forHTTPHeaderField: "Content-Type") ?? ""
        let mediaType =
            contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        if !(200..<300).contains(head.statusCode) {
            kind = .whole(Data())
        } else if mediaType.hasPrefix("multipart/") {
            kind = .multipart(MultipartParser(boundary: MultipartParser.boundary(fromContentType: contentType) ?? "-"))
        } else if mediaType == "text/event-stream" {
            kind = .events(ServerSentEventParser())
        } else {
            kind = .whole(Data())
        }
    }

    /// Whether the body is a stream of payloads (multipart or server-sent events under a 2xx
    /// status) rather than one answer.
    var isStream: Bool {
        if case .whole = kind { return false }
        return true
    }

    /// Hands each payload `chunk` completes to `yield`, in order, as soon as it is whole;
    /// throws when the stream breaks its framing or a part is not a GraphQL payload, after
    /// yielding the payloads before it.
    mutating func append(_ chunk: Data, yield: (Data) -> Void) throws {
        guard !isComplete, !chunk.isEmpty else { return }
        switch kind {
        case .whole(var body):
            body.append(chunk)
            kind = .whole(body)
        case .multipart(var parser):
            parser.append(chunk)
            defer {
                isComplete = parser.isComplete
                kind = .multipart(parser)
            }
            while true {
                let part: MultipartParser.Part?
                do { part = try parser.nextPart() } catch {
                    throw TransportError.malformedStream(url: url, reason: "multipart body: \(error)")
                }
                guard let part else { break }
                if let payload = try payload(fromPart: part.body) { yield(payload) }
            }
        case .events(var parser):
            let events = parser.append(chunk)
            kind = .events(parser)
            for event in events where !isComplete {
                switch event.type {
                case "next", "message":
                    guard !event.data.isEmpty else { continue }
                    yield(try checked(Data(event.data.utf8)))
                case "complete":
                    isComplete = true
                default:
                    continue
                }
            }
        }
    }

    /// Ends the body: for a whole body, the validated payload; for a stream, nil after
    /// checking its framing ended cleanly.
    func finish() throws -> Data? {
        switch kind {
        case .whole(let body):
            return try HTTPTransport.validatedWholeBody(body, head: head, url: url)
        case .multipart(let parser):
            do { try parser.finish() } catch {
                throw TransportError.malformedStream(url: url, reason: "multipart body: \(error)")
            }
            return nil
        case .events:
            return nil
        }
    }

    /// A part's GraphQL payload; nil for a heartbeat (`{}`) or an empty envelope.
    private func payload(fromPart body: Data) throws -> Data? {
        let members = try members(of: body)
        if members.isEmpty { return nil }
        if let envelope = members.first(where: { $0.name == "payload" }) {
            let start = body.startIndex
            let value = body.subdata(in: (start + envelope.value.lowerBound)..<(start + envelope.value.upperBound))
            if value.elementsEqual("null".utf8) {
                if members.contains(where: { $0.name == "errors" }) {
                    throw TransportError.subscriptionFailed(url: url, body: body)
                }
                return nil
            }
            return try checked(value)
        }
        return try checked(body)
    }

    /// `body` if it is a GraphQL payload: a response or an incremental delivery.
    private func checked(_ body: Data) throws -> Data {
        guard try members(of: body).contains(where: { ["data", "errors", "incremental", "hasNext"].contains($0.name) })
        else { throw notAResponse(body) }
        return body
    }

    /// The top-level members of a part, or `notGraphQLResponse` when it is not one JSON object.
    private func members(of body: Data) throws -> [JSONShape.Member] {
        do { return try JSONShape.members(of: body) } catch { throw notAResponse(body) }
    }

    private func notAResponse(_ body: Data) -> TransportError {
        .notGraphQLResponse(
            url: url, status: head.statusCode, contentType: head.value(forHTTPHeaderField: "Content-Type"), body: body)
    }
}
