import Foundation

/// The client's half of the RFC 6455 opening handshake (section 4): the HTTP/1.1 upgrade
/// request and the check of the server's answer. A value: safe on any thread.
struct WebSocketHandshake: Sendable {
    static let acceptGUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

    let url: URL
    let host: String
    let port: Int
    let key: String
    let subprotocols: [String]
    let headers: [String: String]

    /// A handshake for `url` with a fresh random 16-byte key.
    init(url: URL, host: String, port: Int, subprotocols: [String], headers: [String: String], key: String? = nil) {
        self.url = url
        self.host = host
        self.port = port
        self.subprotocols = subprotocols
        self.headers = headers
        var generator = SystemRandomNumberGenerator()
        self.key = key ?? Data((0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }).base64EncodedString()
    }

    /// The `Sec-WebSocket-Accept` a server must answer for `key`.
    static func accept(for key: String) -> String {
        Data(SHA1.digest(Array((key + acceptGUID).utf8))).base64EncodedString()
    }

    /// The request's bytes.
    var request: [UInt8] {
        var target = url.path.isEmpty ? "/" : url.path
        if let query = url.query { target += "?" + query }
        let defaultPort = url.scheme?.lowercased() == "wss" ? 443 : 80
        var lines = [
            "GET \(target) HTTP/1.1",
            "Host: \(port == defaultPort ? host : "\(host):\(port)")",
            "Upgrade: websocket",
            "Connection: Upgrade",
            "Sec-WebSocket-Key: \(key)",
            "Sec-WebSocket-Version: 13",
        ]
        if !subprotocols.isEmpty { lines.append("Sec-WebSocket-Protocol: \(subprotocols.joined(separator: ", "))") }
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { lines.append("\(name): \(value)") }
        return Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8)
    }

    /// Checks the server's response head (the bytes before the blank line) and answers the
    /// subprotocol it chose.
    func validate(responseHead: String) throws(WebSocketError) -> String? {
        var lines = responseHead.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst()
        let parts = statusLine.split(separator: " ", maxSplits: 2)
        let status = parts.count >= 2 ? Int(parts[1]) : nil
        guard parts.first?.hasPrefix("HTTP/1.") == true, let status else {
            throw .handshakeFailed(url: url, status: nil, reason: "not an HTTP response: \(statusLine.prefix(80))")
        }
        guard status == 101 else {
            throw .handshakeFailed(url: url, status: status, reason: "expected 101 Switching Protocols: \(statusLine)")
        }
        var fields: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            fields[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        guard fields["upgrade"]?.lowercased() == "websocket",
            fields["connection"]?.lowercased().split(separator: ",").contains(where: {
                $0.trimmingCharacters(in: .whitespaces) == "upgrade"
            }) == true
        else { throw .handshakeFailed(url: url, status: status, reason: "no Upgrade: websocket, Connection: Upgrade") }
        guard fields["sec-websocket-accept"] == Self.accept(for: key) else {
            throw .handshakeFailed(url: url, status: status, reason: "wrong Sec-WebSocket-Accept")
        }
        let chosen = fields["sec-websocket-protocol"]
        if subprotocols.isEmpty && chosen == nil { return nil }
        guard let chosen, subprotocols.contains(chosen) else {
            throw .subprotocolRejected(url: url, offered: subprotocols, chosen: chosen)
        }
        return chosen
    }
}
