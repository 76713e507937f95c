// libFuzzer target: the text/event-stream parser (BatonTransport's ServerSentEventParser,
// compiled into this binary; see Fuzz/build.sh).
//
// An input is one control byte (a chunk size of 1...256 bytes) and a stream. Properties,
// beyond "does not trap": the stream fed in one chunk and in chunks of that size gives the
// same events, so a line ending split across chunks (CR, then LF) never changes them.
//
// `BATON_FUZZ_WRITE_SEEDS=<dir>` writes seed streams into <dir> and exits (Support/SeedWriting.swift).
import Foundation

func events(_ stream: [UInt8], chunk: Int) -> [ServerSentEventParser.Event] {
    var parser = ServerSentEventParser()
    var events: [ServerSentEventParser.Event] = []
    var start = 0
    while start < stream.count {
        let end = min(stream.count, start + chunk)
        events += parser.append(Data(stream[start..<end]))
        start = end
    }
    return events
}

func fuzzSeeds() -> [(name: String, bytes: [UInt8])] {
    let seeds: [(control: UInt8, stream: String)] = [
        (0, "event: next\ndata: {\"data\":{\"a\":1}}\n\nevent: complete\ndata:\n\n"),
        (2, ": keepalive\r\nid: 7\r\nretry: 100\r\ndata: line one\r\ndata:line two\r\n\r\nevent: complete\r\n\r\n"),
        (5, "data: a\rdata: b\r\rdata\n\nevent:\nid\n\n"),
        (1, "\u{FEFF}data: x\n\n:\n\nunknown: y\ndata: \u{E9}\u{1F600}\n\n"),
    ]
    return seeds.enumerated().map { ("sse-\($0.offset)", [$0.element.control] + Array($0.element.stream.utf8)) }
}

func fuzzPrepare() {}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEventStream(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard count > 0 else { return 0 }
    let chunk = Int(data[0]) + 1
    let stream = Array(UnsafeBufferPointer(start: data + 1, count: count - 1))
    let whole = events(stream, chunk: max(1, stream.count))
    let chunked = events(stream, chunk: chunk)
    guard whole == chunked else { fatalError("chunks of \(chunk) bytes change the events: \(whole) vs \(chunked)") }
    return 0
}
