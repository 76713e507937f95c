/// The opcode of an RFC 6455 frame (section 5.2). A value: safe on any thread.
public enum WebSocketOpcode: UInt8, Sendable, Hashable {
    /// The next fragment of the message a text or binary frame began.
    case continuation = 0x0
    /// The first (or only) frame of a UTF-8 text message.
    case text = 0x1
    /// The first (or only) frame of a binary message.
    case binary = 0x2
    /// The closing handshake: an optional status code and reason.
    case close = 0x8
    /// A keepalive the peer must answer with a pong carrying the same bytes.
    case ping = 0x9
    /// The answer to a ping, or an unsolicited heartbeat.
    case pong = 0xA

    /// Close, ping and pong: never fragmented, at most 125 payload bytes, and allowed between
    /// the fragments of a message.
    public var isControl: Bool { rawValue & 0x8 != 0 }
}
