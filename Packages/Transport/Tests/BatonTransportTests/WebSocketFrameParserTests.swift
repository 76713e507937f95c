import BatonTransport
import Foundation
import Testing

@Suite struct WebSocketFrameParserTests {
    private static let key: [UInt8] = [0x37, 0xFA, 0x21, 0x3D]

    private func frame(_ opcode: WebSocketOpcode, _ text: String, fin: Bool = true, mask: [UInt8]? = nil) -> [UInt8] {
        WebSocketFrameWriter.frame(opcode, payload: Array(text.utf8), fin: fin, maskKey: mask)
    }

    /// Every message the parser answers when fed `bytes` in chunks of `chunk` bytes.
    private func messages(
        _ bytes: [UInt8], chunk: Int = .max, masking: WebSocketFrameParser.Masking = .forbidden, limit: Int = 1 << 24
    ) throws(WebSocketProtocolError) -> [WebSocketMessage] {
        var parser = WebSocketFrameParser(maximumMessageSize: limit, masking: masking)
        var out: [WebSocketMessage] = []
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + min(chunk, bytes.count))
            parser.append(bytes[start..<end])
            start = end
            while let message = try parser.next() { out.append(message) }
        }
        try parser.finish()
        return out
    }

    @Test func unmaskedTextFrameFromAServerIsOneMessage() throws {
        #expect(try messages(frame(.text, "Hello")) == [.text("Hello")])
    }

    @Test func maskedFrameIsUnmaskedWhereMaskingIsRequired() throws {
        let bytes = frame(.text, "Hello", mask: Self.key)
        #expect(bytes[1] & 0x80 != 0)
        #expect(Array(bytes[6...]) != Array("Hello".utf8))
        #expect(try messages(bytes, masking: .required) == [.text("Hello")])
    }

    @Test func maskedFrameFromAServerIsAProtocolError() {
        #expect(throws: WebSocketProtocolError.masking(expected: false)) {
            try messages(frame(.text, "Hello", mask: Self.key))
        }
        #expect(throws: WebSocketProtocolError.masking(expected: true)) {
            try messages(frame(.text, "Hello"), masking: .required)
        }
    }

    @Test func everyChunkingOfAStreamAnswersTheSameMessages() throws {
        let big = String(repeating: "x", count: 70_000)
        let bytes =
            frame(.text, "one") + frame(.binary, "two", mask: Self.key) + frame(.text, big, mask: Self.key)
            + frame(.ping, "p")
        let expected: [WebSocketMessage] = [.text("one"), .binary(Data("two".utf8)), .text(big), .ping(Data("p".utf8))]
        for chunk in [1, 2, 3, 5, 7, 127, 4096] {
            #expect(try messages(bytes, chunk: chunk, masking: .optional) == expected, "chunks of \(chunk)")
        }
    }

    @Test func fragmentedMessageIsReassembledFromContinuationFrames() throws {
        let bytes =
            frame(.text, "Hel", fin: false) + frame(.continuation, "lo, ", fin: false) + frame(.continuation, "world")
        #expect(try messages(bytes, chunk: 3) == [.text("Hello, world")])
    }

    @Test func controlFramesBetweenFragmentsArriveBeforeTheMessage() throws {
        let bytes =
            frame(.binary, "ab", fin: false) + frame(.ping, "1") + frame(.continuation, "cd", fin: false)
            + frame(.pong, "2") + frame(.continuation, "ef")
        #expect(
            try messages(bytes, chunk: 2) == [
                .ping(Data("1".utf8)), .pong(Data("2".utf8)), .binary(Data("abcdef".utf8)),
            ])
    }

    @Test func closeBetweenFragmentsArrivesAndAStreamEndingThereIsTruncated() throws {
        var parser = WebSocketFrameParser()
        parser.append(
            frame(.text, "par", fin: false)
                + WebSocketFrameWriter.frame(
                    .close, payload: WebSocketFrameWriter.closePayload(code: 1001, reason: "bye"), maskKey: nil))
        #expect(try parser.next() == .close(code: 1001, reason: "bye"))
        #expect(try parser.next() == nil)
        #expect(throws: WebSocketProtocolError.truncated(missing: nil)) { try parser.finish() }
    }

    @Test func lengthsOfSevenSixteenAndSixtyFourBitsAreRead() throws {
        for count in [0, 125, 126, 65_535, 65_536, 100_000] {
            let payload = [UInt8](repeating: 0x61, count: count)
            let bytes = WebSocketFrameWriter.frame(.binary, payload: payload, maskKey: nil)
            let header = bytes.count - count
            #expect(header == (count <= 125 ? 2 : count <= 65_535 ? 4 : 10))
            #expect(try messages(bytes, chunk: 1000) == [.binary(Data(payload))])
        }
    }

    @Test func frameOverTheLimitIsRefusedBeforeItsPayload() {
        let head = Array(
            WebSocketFrameWriter.frame(.binary, payload: [UInt8](repeating: 0, count: 2000), maskKey: nil)[0..<4])
        #expect(throws: WebSocketProtocolError.messageTooLarge(length: 2000, limit: 1000)) {
            try messages(head, limit: 1000)
        }
    }

    @Test func fragmentsTogetherOverTheLimitAreRefused() {
        let bytes =
            frame(.text, String(repeating: "a", count: 600), fin: false)
            + frame(.continuation, String(repeating: "b", count: 600))
        #expect(throws: WebSocketProtocolError.messageTooLarge(length: 1200, limit: 1000)) {
            try messages(bytes, limit: 1000)
        }
        #expect(WebSocketProtocolError.messageTooLarge(length: 1200, limit: 1000).closeCode == 1009)
    }

    @Test func closeFrameCarriesItsCodeAndReason() throws {
        let bytes = WebSocketFrameWriter.frame(
            .close, payload: WebSocketFrameWriter.closePayload(code: 4403, reason: "Forbidden ✋"), maskKey: nil)
        #expect(try messages(bytes, chunk: 1) == [.close(code: 4403, reason: "Forbidden ✋")])
        #expect(try messages(frame(.close, "")) == [.close(code: nil, reason: "")])
    }

    @Test func closeFrameWithOneByteOrAReservedCodeIsInvalid() {
        #expect(throws: WebSocketProtocolError.invalidClose(code: nil, payloadLength: 1)) {
            try messages(WebSocketFrameWriter.frame(.close, payload: [3], maskKey: nil))
        }
        #expect(throws: WebSocketProtocolError.invalidClose(code: 1005, payloadLength: 2)) {
            try messages(WebSocketFrameWriter.frame(.close, payload: [0x03, 0xED], maskKey: nil))
        }
    }

    @Test func streamEndingInsideAFrameIsTruncated() {
        let bytes = frame(.text, "Hello, world")
        #expect(throws: WebSocketProtocolError.truncated(missing: 5)) { try messages(Array(bytes.dropLast(5))) }
        #expect(throws: WebSocketProtocolError.truncated(missing: nil)) { try messages([0x81]) }
        #expect(throws: WebSocketProtocolError.truncated(missing: nil)) { try messages(frame(.text, "He", fin: false)) }
    }

    @Test func controlFrameRulesAreEnforced() {
        #expect(throws: WebSocketProtocolError.fragmentedControlFrame(.ping)) {
            try messages(frame(.ping, "x", fin: false))
        }
        #expect(throws: WebSocketProtocolError.controlFrameTooLong(.pong, length: 126)) {
            try messages(frame(.pong, String(repeating: "x", count: 126)))
        }
    }

    @Test func fragmentationOrderIsEnforced() {
        #expect(throws: WebSocketProtocolError.unexpectedContinuation) { try messages(frame(.continuation, "x")) }
        #expect(throws: WebSocketProtocolError.messageInterrupted(by: .binary)) {
            try messages(frame(.text, "x", fin: false) + frame(.binary, "y"))
        }
    }

    @Test func reservedBitsOpcodesAndLengthsAreProtocolErrors() {
        #expect(throws: WebSocketProtocolError.reservedBitsSet(0x40)) {
            try messages(WebSocketFrameWriter.frame(.text, payload: [0x61], maskKey: nil, reservedBits: 0x40))
        }
        #expect(throws: WebSocketProtocolError.unknownOpcode(0x3)) { try messages([0x83, 0x00]) }
        #expect(throws: WebSocketProtocolError.invalidLength(1 << 63)) {
            try messages([0x82, 0x7F, 0x80, 0, 0, 0, 0, 0, 0, 0])
        }
    }

    @Test func textThatIsNotUTF8IsInvalidPayload() {
        #expect(throws: WebSocketProtocolError.invalidUTF8(.text)) {
            try messages(WebSocketFrameWriter.frame(.text, payload: [0xC3, 0x28], maskKey: nil))
        }
        #expect(WebSocketProtocolError.invalidUTF8(.text).closeCode == 1007)
    }

    @Test func parserThatFailedKeepsFailing() {
        var parser = WebSocketFrameParser()
        parser.append([0x83, 0x00] + frame(.text, "fine"))
        #expect(throws: WebSocketProtocolError.unknownOpcode(3)) { try parser.next() }
        #expect(throws: WebSocketProtocolError.unknownOpcode(3)) { try parser.next() }
    }
}

@Suite struct WebSocketFrameWriterTests {
    @Test func clientFramesAreMaskedWithAFreshKeyEach() throws {
        let writer = WebSocketFrameWriter(masks: true)
        let first = writer.encode(.text("same text"))
        let second = writer.encode(.text("same text"))
        #expect(first[1] & 0x80 != 0)
        #expect(first[2..<6] != second[2..<6], "two frames masked with one key")
        var parser = WebSocketFrameParser(masking: .required)
        parser.append(first + second)
        #expect(try parser.next() == .text("same text"))
        #expect(try parser.next() == .text("same text"))
    }

    @Test func serverFramesAreNotMasked() {
        let bytes = WebSocketFrameWriter(masks: false).encode(.binary(Data([1, 2, 3])))
        #expect(bytes == [0x82, 0x03, 1, 2, 3])
    }

    @Test func closeMessageEncodesCodeThenReason() throws {
        let bytes = WebSocketFrameWriter(masks: false).encode(.close(code: 1000, reason: "bye"))
        #expect(bytes == [0x88, 0x05, 0x03, 0xE8] + Array("bye".utf8))
    }
}
