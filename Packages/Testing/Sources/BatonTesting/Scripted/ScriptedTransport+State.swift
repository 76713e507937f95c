import BatonLens
import Foundation

extension ScriptedTransport {
    /// What became of a request.
    enum Disposition: Sendable {
        case held
        case streaming
        case ruled
        case answered
        case failed
        case cancelled
        case finished
        case dropped

        var isHeld: Bool { self == .held || self == .streaming }
    }

    struct Entry: Sendable {
        let request: GraphQLRequest
        let isStream: Bool
        var disposition: Disposition
        /// Whether a wait has handed this request to the test already.
        var taken = false

        var summary: String {
            "\(ScriptedTransport.describe(request)) (\(disposition))"
        }
    }

    /// A request filter: the operation's name, and its variables when given.
    struct Matcher: Sendable {
        var operationName: String?
        var variables: [String: JSONValue]?

        func matches(_ request: GraphQLRequest) -> Bool {
            if let operationName, request.operationName != operationName { return false }
            guard let variables else { return true }
            return RecordedTransport.canonicalVariables(variables)
                == RecordedTransport.canonicalVariables(request.variables)
        }

        var summary: String {
            let name = operationName.map { "a request named \($0)" } ?? "any request"
            guard let variables else { return name }
            return "\(name) with variables \(RecordedTransport.canonicalVariables(variables))"
        }
    }

    /// Where a stream's steps go: its consumer's continuation, through the mapping its kind
    /// (`events(for:)`, `payloads(for:)`) asked for.
    struct StreamSink: Sendable {
        let push: @Sendable (StreamEvent) -> Void
        /// Finishes the stream, with an error when given.
        let end: @Sendable ((any Error)?) -> Void

        /// A rule's one-shot answer: its body as one payload then the end, or its error.
        func deliver(_ outcome: Result<Data, any Error>) {
            switch outcome {
            case .success(let body):
                push(.payload(body))
                end(nil)
            case .failure(let error): end(error)
            }
        }
    }

    struct Rule: Sendable {
        let matcher: Matcher
        let reply: @Sendable (GraphQLRequest) -> ScriptedReply
    }

    struct State: Sendable {
        var log: [Entry] = []
        var rules: [Rule] = []
        var waiting: [Int: CheckedContinuation<ScriptedReply, any Error>] = [:]
        var streams: [Int: StreamSink] = [:]

        /// Logs `request`; returns its number and the rule that answers it, if one does.
        mutating func record(
            _ request: GraphQLRequest, stream: Bool
        ) -> (Int, (@Sendable (GraphQLRequest) -> ScriptedReply)?) {
            let rule = rules.first { $0.matcher.matches(request) }
            let disposition: Disposition = rule != nil ? .ruled : (stream ? .streaming : .held)
            log.append(Entry(request: request, isStream: stream, disposition: disposition))
            return (log.count - 1, rule?.reply)
        }

        /// The first held, not yet taken request `matcher` matches whose caller waits for the
        /// reply (its continuation, or its stream's sink, in place), marked taken. A request is
        /// logged before its caller begins to wait: one handed to the test in between could
        /// not be answered (the reply found no waiter and threw `notHeld`).
        mutating func take(_ matcher: Matcher, stream: Bool) -> Int? {
            guard
                let id = log.indices.first(where: { id in
                    log[id].isStream == stream && log[id].disposition.isHeld && !log[id].taken
                        && (stream ? streams[id] != nil : waiting[id] != nil)
                        && matcher.matches(log[id].request)
                })
            else { return nil }
            log[id].taken = true
            return id
        }
    }

    /// `kind name variables`, as messages name a request.
    static func describe(_ request: GraphQLRequest) -> String {
        "\(request.kind) \(request.operationName ?? "(anonymous)") \(RecordedTransport.canonicalVariables(request.variables))"
    }
}
