import Foundation

/// Encodes RFC 6455 frames. A client's frames are masked with a fresh random key each
/// (``masks`` true); a server's are not. Immutable: safe on any thread.
public struct WebSocketFrameWriter: Sendable {
    /// Whether each frame is masked with a random key (a client's are; a server's are not).
    public let masks: Bool

    public init(masks: Bool = true) {
        self.masks = masks
    }

    /// The frame of a whole message: text, binary, ping, pong or close.
    public func encode(_ message: WebSocketMessage) -> [UInt8] {
        switch message {
        case .text(let text): frame(.text, payload: Array(text.utf8))
        case .binary(let data): frame(.binary, payload: Array(data))
        case .ping(let data): frame(.ping, payload: Array(data))
        case .pong(let data): frame(.pong, payload: Array(data))
        case .close(let code, let reason): frame(.close, payload: Self.closePayload(code: code, reason: reason))
        }
    }

    /// One frame, masked with a random key when ``masks`` is true.
    public func frame(_ opcode: WebSocketOpcode, payload: [UInt8], fin: Bool = true) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        let key = masks ? withUnsafeBytes(of: generator.next() as UInt32) { Array($0) } : nil
        return Self.frame(opcode, payload: payload, fin: fin, maskKey: key)
    }

    /// One frame with the given mask key (four bytes) or none; `reservedBits` sets RSV1–3 (the
    /// high nibble's lower three bits), for testing receivers.
    public static func frame(
        _ opcode: WebSocketOpcode, payload: [UInt8], fin: Bool = true, maskKey: [UInt8]?, reservedBits: UInt8 = 0
    ) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(payload.count + 14)
        out.append((fin ? 0x80 : 0) | (reservedBits & 0x70) | opcode.rawValue)
        let maskBit: UInt8 = maskKey == nil ? 0 : 0x80
        switch payload.count {
        case 0...125:
            out.append(maskBit | UInt8(payload.count))
        case 126...0xFFFF:
            out.append(maskBit | 126)
            out.append(contentsOf: [UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)])
        default:
            out.append(maskBit | 127)
            let length = UInt64(payload.count)
            out.append(contentsOf: (0..<8).reversed().map { UInt8(truncatingIfNeeded: length >> ($0 * 8)) })
        }
        guard let key = maskKey, key.count == 4 else {
            out.append(contentsOf: payload)
            return out
        }
        out.append(contentsOf: key)
        out.append(contentsOf: payload.enumerated().map { $0.element ^ key[$0.offset & 3] })
        return out
    }

    /// A close frame's payload: the code (big-endian) then the UTF-8 reason; empty without a code.
    public static func closePayload(code: UInt16?, reason: String) -> [UInt8] {
        guard let code else { return [] }
        return [UInt8(code >> 8), UInt8(code & 0xFF)] + Array(reason.utf8)
    }
}
