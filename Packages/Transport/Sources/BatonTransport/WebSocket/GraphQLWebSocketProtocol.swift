import BatonNormalize
import BatonRecords
import Foundation

/// The GraphQL-over-WebSocket subprotocols ``GraphQLWebSocketTransport`` speaks, and their
/// messages. A value: safe on any thread.
public enum GraphQLWebSocketProtocol: String, Sendable, Hashable, CaseIterable {
    /// The `graphql-ws` library's protocol (GraphQL over WebSocket, the current one):
    /// `connection_init` → `connection_ack`, `subscribe` → `next`… `complete` or `error`,
    /// `ping` ↔ `pong` both ways.
    case graphqlTransportWS = "graphql-transport-ws"
    /// The legacy `subscriptions-transport-ws` protocol: `connection_init` → `connection_ack`,
    /// `start` → `data`… `complete` or `error`, `stop`; the server's `ka` keepalives.
    case graphqlWS = "graphql-ws"

    func initMessage(_ parameters: [String: JSONValue]) -> String {
        JSONValue.object(["type": .string("connection_init"), "payload": .object(parameters)]).jsonText()
    }

    func startMessage(id: String, request: GraphQLRequest) -> String {
        var payload: [String: JSONValue] = [
            "query": .string(request.document), "variables": .object(request.variables),
        ]
        if let name = request.operationName { payload["operationName"] = .string(name) }
        if !request.extensions.isEmpty { payload["extensions"] = .object(request.extensions) }
        let type = self == .graphqlTransportWS ? "subscribe" : "start"
        return JSONValue.object(["type": .string(type), "id": .string(id), "payload": .object(payload)]).jsonText()
    }

    func stopMessage(id: String) -> String {
        let type = self == .graphqlTransportWS ? "complete" : "stop"
        return JSONValue.object(["type": .string(type), "id": .string(id)]).jsonText()
    }

    var pingMessage: String? { self == .graphqlTransportWS ? #"{"type":"ping"}"# : nil }
    var pongMessage: String { #"{"type":"pong"}"# }
}

/// One message from the server, as the session routes it: its kind, its operation id, and
/// its payload's bytes (lifted out of the envelope unparsed). A value: safe on any thread.
struct GraphQLWebSocketIncoming: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        case ack, ping, pong, keepAlive, next, error, complete, connectionError
    }

    var kind: Kind
    var id: String?
    var payload: Data?

    /// Reads one text message of either protocol; nil for a type neither defines.
    static func read(_ text: String) throws(WebSocketError) -> GraphQLWebSocketIncoming? {
        let data = Data(text.utf8)
        let members: [JSONShape.Member]
        do { members = try JSONShape.members(of: data) } catch {
            throw .malformedMessage(reason: "not a JSON object: \(text.prefix(120))")
        }
        func string(_ name: String) -> String? {
            guard let member = members.first(where: { $0.name == name }) else { return nil }
            return try? JSONSerialization.jsonObject(with: data[member.value], options: .fragmentsAllowed) as? String
        }
        let payload = members.first(where: { $0.name == "payload" }).map { Data(data[$0.value]) }
        let kind: Kind
        switch string("type") {
        case "connection_ack": kind = .ack
        case "ping": kind = .ping
        case "pong": kind = .pong
        case "ka": kind = .keepAlive
        case "next", "data": kind = .next
        case "error": kind = .error
        case "complete": kind = .complete
        case "connection_error": kind = .connectionError
        case nil: throw .malformedMessage(reason: "no type: \(text.prefix(120))")
        default: return nil
        }
        return GraphQLWebSocketIncoming(kind: kind, id: string("id"), payload: payload)
    }
}
