// libFuzzer target: the RFC 6455 frame parser (BatonTransport's WebSocketFrameParser, compiled
// into this binary with the opcode, message, error and writer files it needs; see
// Fuzz/build.sh).
//
// An input is one control byte and the bytes of a connection. The control byte picks the
// masking rule (its value mod 3: from a server, from a client, either) and a chunk size of
// 1...86 bytes; messages are limited to 1 KiB so the size check is reached. Properties, beyond
// "does not trap": the bytes fed in one chunk and in chunks of that size give the same
// messages and the same end (a clean end, or the same protocol error, thrown again after);
// and every message read, written back by WebSocketFrameWriter, reads back the same.
//
// `BATON_FUZZ_WRITE_SEEDS=<dir>` writes seed streams into <dir> and exits (Support/SeedWriting.swift).
import Foundation

let maskings: [WebSocketFrameParser.Masking] = [.forbidden, .required, .optional]
let limit = 1 << 10

struct WebSocketOutcome: Equatable {
    var messages: [WebSocketMessage] = []
    var failure: WebSocketProtocolError?
}

func read(_ bytes: [UInt8], masking: WebSocketFrameParser.Masking, chunk: Int) -> WebSocketOutcome {
    var parser = WebSocketFrameParser(maximumMessageSize: limit, masking: masking)
    var outcome = WebSocketOutcome()
    var start = 0
    repeat {
        let end = min(bytes.count, start + chunk)
        parser.append(bytes[start..<end])
        start = end
        do {
            while let message = try parser.next() { outcome.messages.append(message) }
        } catch {
            outcome.failure = error
            do {
                _ = try parser.next()
                fatalError("a failed parser answered again after \(error)")
            } catch let again {
                guard again == error else { fatalError("a failed parser threw \(again) after \(error)") }
            }
            return outcome
        }
    } while start < bytes.count
    do { try parser.finish() } catch { outcome.failure = error }
    return outcome
}

func checkRoundTrip(_ message: WebSocketMessage, masking: WebSocketFrameParser.Masking) {
    let writer = WebSocketFrameWriter(masks: masking == .required)
    var parser = WebSocketFrameParser(maximumMessageSize: limit, masking: masking)
    parser.append(writer.encode(message))
    let again: WebSocketMessage?
    do { again = try parser.next() } catch { fatalError("\(message) written back does not read: \(error)") }
    guard again == message else { fatalError("\(message) written back reads as \(String(describing: again))") }
}

func fuzzSeeds() -> [(name: String, bytes: [UInt8])] {
    let key: [UInt8] = [0x12, 0x34, 0x56, 0x78]
    let json = Array(#"{"type":"next","id":"1","payload":{"data":{"a":1}}}"#.utf8)
    let seeds: [(control: UInt8, bytes: [UInt8])] = [
        (
            0,
            WebSocketFrameWriter.frame(.text, payload: json, maskKey: nil)
                + WebSocketFrameWriter.frame(.ping, payload: [1, 2], maskKey: nil)
                + WebSocketFrameWriter.frame(
                    .close, payload: WebSocketFrameWriter.closePayload(code: 1000, reason: "bye"),
                    maskKey: nil)
        ),
        (
            4,
            WebSocketFrameWriter.frame(.text, payload: Array("héllo ".utf8), fin: false, maskKey: key)
                + WebSocketFrameWriter.frame(.pong, payload: [], maskKey: key)
                + WebSocketFrameWriter.frame(.continuation, payload: Array("wörld".utf8), maskKey: key)
        ),
        (
            8,
            WebSocketFrameWriter.frame(.binary, payload: Array(repeating: 7, count: 300), maskKey: nil)
                + WebSocketFrameWriter.frame(.close, payload: [], maskKey: key)
        ),
        (3, WebSocketFrameWriter.frame(.binary, payload: Array(repeating: 1, count: 2000), maskKey: nil)),
        (6, [0x81, 0x7F, 0, 0, 0, 0, 0, 0, 0, 3, 0x61, 0x62, 0x63, 0x88, 0x02, 0x03, 0xE8]),
    ]
    return seeds.enumerated().map { ("websocket-\($0.offset)", [$0.element.control] + $0.element.bytes) }
}

func fuzzPrepare() {}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWebSocket(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard count > 0 else { return 0 }
    let masking = maskings[Int(data[0]) % 3]
    let chunk = Int(data[0]) / 3 + 1
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: count - 1))
    let whole = read(bytes, masking: masking, chunk: max(1, bytes.count))
    let chunked = read(bytes, masking: masking, chunk: chunk)
    guard whole == chunked else { fatalError("chunks of \(chunk) bytes change the read: \(whole) vs \(chunked)") }
    for message in whole.messages { checkRoundTrip(message, masking: masking) }
    return 0
}
