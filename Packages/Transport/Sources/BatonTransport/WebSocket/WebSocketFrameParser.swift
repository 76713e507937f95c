import Foundation

/// An RFC 6455 frame parser: a state machine fed the bytes of a connection in chunks of any
/// size, answering whole messages — data messages reassembled from their continuation frames,
/// and control frames (close, ping, pong) as they come, also between the fragments of a message.
///
/// It checks what RFC 6455 requires of a receiver (reserved bits and opcodes, control-frame
/// rules, fragmentation order, masking by role, UTF-8 text and close reasons, close codes) and
/// refuses a frame whose length would take its message over ``maximumMessageSize`` before
/// reading its payload. After it throws, it throws the same error again.
///
/// A value with one owner at a time (the connection's reader thread); not shared.
public struct WebSocketFrameParser: Sendable {
    /// Whether the frames read must be masked: a client reads unmasked frames from a server,
    /// a server reads masked frames from a client.
    public enum Masking: Sendable, Hashable {
        /// Frames from a server: a masked one is a protocol error.
        case forbidden
        /// Frames from a client: an unmasked one is a protocol error.
        case required
        /// Either (for tools and tests).
        case optional
    }

    private enum State: Sendable {
        case head
        case extendedLength(bytes: Int)
        case maskKey
        case payload
    }

    /// The longest data message, in bytes, reassembled from all its fragments.
    public let maximumMessageSize: Int
    /// The masking rule frames are held to.
    public let masking: Masking

    private var state = State.head
    private var buffer: [UInt8] = []
    private var cursor = 0
    private var failure: WebSocketProtocolError?

    private var fin = false
    private var opcode = WebSocketOpcode.text
    private var masked = false
    private var length: UInt64 = 0
    private var received: UInt64 = 0
    private var maskKey: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
    private var controlPayload: [UInt8] = []

    private var messageOpcode: WebSocketOpcode?
    private var messagePayload: [UInt8] = []

    /// A parser for frames from a server (`masking: .forbidden`) or from a client (`.required`).
    public init(maximumMessageSize: Int = 16 << 20, masking: Masking = .forbidden) {
        self.maximumMessageSize = maximumMessageSize
        self.masking = masking
    }

    /// Adds the next bytes read from the connection.
    public mutating func append<Bytes: Sequence<UInt8>>(_ bytes: Bytes) {
        buffer.append(contentsOf: bytes)
    }

    /// The next whole message from the bytes appended so far, or nil when they end before one.
    public mutating func next() throws(WebSocketProtocolError) -> WebSocketMessage? {
        if let failure { throw failure }
        do {
            defer { compact() }
            while let message = try step() {
                if case .some(let whole) = message { return whole }
            }
            return nil
        } catch {
            failure = error
            throw error
        }
    }

    /// Says the stream has ended: throws ``WebSocketProtocolError/truncated(missing:)`` when it
    /// ended inside a frame or between the fragments of a message.
    public func finish() throws(WebSocketProtocolError) {
        if let failure { throw failure }
        let available = buffer.count - cursor
        switch state {
        case .head where available == 0 && messageOpcode == nil:
            return
        case .payload:
            throw .truncated(missing: Int(clamping: length - received))
        default:
            throw .truncated(missing: nil)
        }
    }

    /// One move of the state machine: nil when it needs more bytes; `.some(nil)` when it moved
    /// without completing a message; `.some(message)` when one is complete.
    private mutating func step() throws(WebSocketProtocolError) -> WebSocketMessage?? {
        let available = buffer.count - cursor
        switch state {
        case .head:
            guard available >= 2 else { return nil }
            try readHead(buffer[cursor], buffer[cursor + 1])
            cursor += 2
        case .extendedLength(let bytes):
            guard available >= bytes else { return nil }
            length = buffer[cursor..<cursor + bytes].reduce(0) { $0 << 8 | UInt64($1) }
            cursor += bytes
            if length >> 63 != 0 { throw .invalidLength(length) }
            try lengthKnown()
        case .maskKey:
            guard available >= 4 else { return nil }
            maskKey = (buffer[cursor], buffer[cursor + 1], buffer[cursor + 2], buffer[cursor + 3])
            cursor += 4
            state = .payload
        case .payload:
            if received < length {
                guard available > 0 else { return nil }
                readPayload(count: Int(min(UInt64(available), length - received)))
            }
            if received == length { return .some(try frameComplete()) }
        }
        return .some(nil)
    }

    private mutating func readHead(_ first: UInt8, _ second: UInt8) throws(WebSocketProtocolError) {
        if first & 0x70 != 0 { throw .reservedBitsSet(first & 0x70) }
        guard let code = WebSocketOpcode(rawValue: first & 0x0F) else { throw .unknownOpcode(first & 0x0F) }
        fin = first & 0x80 != 0
        opcode = code
        masked = second & 0x80 != 0
        switch (masking, masked) {
        case (.forbidden, true): throw .masking(expected: false)
        case (.required, false): throw .masking(expected: true)
        default: break
        }
        switch second & 0x7F {
        case 126: state = .extendedLength(bytes: 2)
        case 127: state = .extendedLength(bytes: 8)
        case let short:
            length = UInt64(short)
            try lengthKnown()
        }
    }

    private mutating func lengthKnown() throws(WebSocketProtocolError) {
        received = 0
        if opcode.isControl {
            if !fin { throw .fragmentedControlFrame(opcode) }
            if length > 125 { throw .controlFrameTooLong(opcode, length: length) }
            controlPayload.removeAll(keepingCapacity: true)
        } else {
            switch (opcode, messageOpcode) {
            case (.continuation, nil): throw .unexpectedContinuation
            case (.continuation, _): break
            case (_, nil): messageOpcode = opcode
            case (_, .some): throw .messageInterrupted(by: opcode)
            }
            let total = UInt64(messagePayload.count) + length
            if total > UInt64(maximumMessageSize) { throw .messageTooLarge(length: total, limit: maximumMessageSize) }
            messagePayload.reserveCapacity(Int(total))
        }
        state = masked ? .maskKey : .payload
    }

    private mutating func readPayload(count: Int) {
        let slice = buffer[cursor..<cursor + count]
        cursor += count
        let bytes: [UInt8]
        if masked {
            let key = [maskKey.0, maskKey.1, maskKey.2, maskKey.3]
            let offset = Int(received % 4)
            bytes = slice.enumerated().map { $0.element ^ key[($0.offset + offset) & 3] }
        } else {
            bytes = Array(slice)
        }
        received += UInt64(count)
        if opcode.isControl {
            controlPayload.append(contentsOf: bytes)
        } else {
            messagePayload.append(contentsOf: bytes)
        }
    }

    private mutating func frameComplete() throws(WebSocketProtocolError) -> WebSocketMessage? {
        state = .head
        switch opcode {
        case .ping: return .ping(Data(controlPayload))
        case .pong: return .pong(Data(controlPayload))
        case .close: return try Self.close(controlPayload)
        case .text, .binary, .continuation:
            guard fin, let kind = messageOpcode else { return nil }
            let payload = messagePayload
            messageOpcode = nil
            messagePayload = []
            if kind == .binary { return .binary(Data(payload)) }
            guard let text = String(validating: payload, as: UTF8.self) else { throw .invalidUTF8(.text) }
            return .text(text)
        }
    }

    private static func close(_ payload: [UInt8]) throws(WebSocketProtocolError) -> WebSocketMessage {
        if payload.isEmpty { return .close(code: nil, reason: "") }
        guard payload.count >= 2 else { throw .invalidClose(code: nil, payloadLength: payload.count) }
        let code = UInt16(payload[0]) << 8 | UInt16(payload[1])
        guard WebSocketCloseCode.isValidOnWire(code) else {
            throw .invalidClose(code: code, payloadLength: payload.count)
        }
        guard let reason = String(validating: payload.dropFirst(2), as: UTF8.self) else { throw .invalidUTF8(.close) }
        return .close(code: code, reason: reason)
    }

    private mutating func compact() {
        if cursor == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            cursor = 0
        } else if cursor > 65_536 {
            buffer.removeFirst(cursor)
            cursor = 0
        }
    }
}
