import Foundation

/// One whole message off a WebSocket: a data message reassembled from its fragments, or a
/// control frame. A value: safe on any thread.
public enum WebSocketMessage: Sendable, Hashable {
    /// A text message, validated as UTF-8.
    case text(String)
    /// A binary message.
    case binary(Data)
    /// A ping; the receiver answers with a pong carrying the same bytes.
    case ping(Data)
    /// A pong.
    case pong(Data)
    /// A close frame: its status code (nil when the frame carried none) and its UTF-8 reason.
    case close(code: UInt16?, reason: String)
}

/// The status codes of a close frame that this project sends or names (RFC 6455 section 7.4.1).
public enum WebSocketCloseCode {
    /// The purpose of the connection was fulfilled.
    public static let normal: UInt16 = 1000
    /// The endpoint is going away (the client is shutting down).
    public static let goingAway: UInt16 = 1001
    /// The peer broke the protocol.
    public static let protocolError: UInt16 = 1002
    /// A text message that was not UTF-8.
    public static let invalidPayload: UInt16 = 1007
    /// A message over the receiver's size limit.
    public static let messageTooBig: UInt16 = 1009

    /// Whether `code` may appear on the wire: 1000–1003, 1007–1011, 1012–1014 and the
    /// registered and private ranges 3000–4999. 1004–1006 and 1015 are reserved.
    public static func isValidOnWire(_ code: UInt16) -> Bool {
        switch code {
        case 1000...1003, 1007...1014, 3000...4999: true
        default: false
        }
    }
}
