/// How the bytes of a WebSocket broke RFC 6455, found by ``WebSocketFrameParser``.
///
/// Each case carries what a log needs to tell the frame apart. After one of these the
/// connection is unusable: the client sends close 1002 (1007, 1009 where the case says) and
/// drops it. A value: safe on any thread.
public enum WebSocketProtocolError: Error, Sendable, Hashable, CustomStringConvertible {
    /// RSV1–3 were set though no extension was negotiated (the bits, as the high nibble).
    case reservedBitsSet(UInt8)
    /// An opcode RFC 6455 reserves (3–7, 0xB–0xF).
    case unknownOpcode(UInt8)
    /// A close, ping or pong without FIN: control frames are never fragmented.
    case fragmentedControlFrame(WebSocketOpcode)
    /// A control frame longer than 125 bytes.
    case controlFrameTooLong(WebSocketOpcode, length: UInt64)
    /// A continuation frame with no fragmented message to continue.
    case unexpectedContinuation
    /// A text or binary frame that began while a fragmented message was still open.
    case messageInterrupted(by: WebSocketOpcode)
    /// A 64-bit length with its most significant bit set.
    case invalidLength(UInt64)
    /// A frame or message longer than the receiver's `maximumMessageSize`.
    case messageTooLarge(length: UInt64, limit: Int)
    /// A masked frame where masking is forbidden (from a server), or an unmasked one where it
    /// is required (from a client).
    case masking(expected: Bool)
    /// A text message, or a close reason, that is not UTF-8.
    case invalidUTF8(WebSocketOpcode)
    /// A close frame with a one-byte payload, or a status code reserved from the wire.
    case invalidClose(code: UInt16?, payloadLength: Int)
    /// The stream ended inside a frame (`missing` bytes short, when known) or between the
    /// fragments of a message.
    case truncated(missing: Int?)

    /// The close status code to send the peer for this error.
    public var closeCode: UInt16 {
        switch self {
        case .invalidUTF8: WebSocketCloseCode.invalidPayload
        case .messageTooLarge: WebSocketCloseCode.messageTooBig
        default: WebSocketCloseCode.protocolError
        }
    }

    public var description: String {
        switch self {
        case .reservedBitsSet(let bits): "reserved bits 0x\(String(bits, radix: 16)) set without an extension"
        case .unknownOpcode(let code): "reserved opcode 0x\(String(code, radix: 16))"
        case .fragmentedControlFrame(let opcode): "a fragmented \(opcode) frame"
        case .controlFrameTooLong(let opcode, let length): "a \(opcode) frame of \(length) bytes (at most 125)"
        case .unexpectedContinuation: "a continuation frame outside a fragmented message"
        case .messageInterrupted(let opcode): "a \(opcode) frame inside a fragmented message"
        case .invalidLength(let length): "a 64-bit length with its top bit set (\(length))"
        case .messageTooLarge(let length, let limit): "a message of \(length) bytes over the limit of \(limit)"
        case .masking(let expected): expected ? "an unmasked frame from a client" : "a masked frame from a server"
        case .invalidUTF8(let opcode): "a \(opcode) payload that is not UTF-8"
        case .invalidClose(let code, let length):
            "an invalid close frame (code \(code.map(String.init) ?? "none"), \(length) payload bytes)"
        case .truncated(let missing):
            "the stream ended inside a frame" + (missing.map { " (\($0) bytes short)" } ?? "")
        }
    }
}
