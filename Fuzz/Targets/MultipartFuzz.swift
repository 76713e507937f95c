// libFuzzer target: the incremental multipart/mixed parser (BatonTransport's MultipartParser,
// compiled into this binary with the internal JSONValueEnd it needs; see Fuzz/build.sh).
//
// An input is one control byte and a body. The control byte's low bit picks the boundary
// (`-`, as `@defer` responses use, or `graphql`, as multipart subscriptions do); the rest
// picks a chunk size of 1...128 bytes. Properties, beyond "does not trap": the body fed in one
// chunk and in chunks of that size gives the same parts and the same end (complete, or the
// same failure, and a failed parser throws it again), so where the network splits a body never
// changes what it means.
//
// `BATON_FUZZ_WRITE_SEEDS=<dir>` writes seed bodies into <dir> and exits (Support/SeedWriting.swift).
import Foundation

/// What a parse of one body gave: its parts, then its failure (the excerpt of
/// `contentAfterPart` dropped: how much of the text after a part has arrived depends on the
/// chunks) or none, and whether the close delimiter was read.
struct MultipartOutcome: Equatable {
    var parts: [MultipartParser.Part] = []
    var failure: MultipartParser.Failure?
    var complete = false
}

func normalized(_ failure: MultipartParser.Failure) -> MultipartParser.Failure {
    if case .contentAfterPart(let part, _) = failure { return .contentAfterPart(part: part, excerpt: "") }
    return failure
}

func parse(_ body: [UInt8], boundary: String, chunk: Int) -> MultipartOutcome {
    var parser = MultipartParser(boundary: boundary)
    var outcome = MultipartOutcome()
    var start = 0
    repeat {
        let end = min(body.count, start + chunk)
        parser.append(Data(body[start..<end]))
        start = end
        do {
            while let part = try parser.nextPart() { outcome.parts.append(part) }
        } catch {
            outcome.failure = normalized(error)
            do {
                _ = try parser.nextPart()
                fatalError("a failed parser answered again after \(error)")
            } catch let again {
                guard again == error else { fatalError("a failed parser threw \(again) after \(error)") }
            }
            return outcome
        }
    } while start < body.count
    do { try parser.finish() } catch { outcome.failure = normalized(error) }
    outcome.complete = parser.isComplete
    return outcome
}

func fuzzSeeds() -> [(name: String, bytes: [UInt8])] {
    let seeds: [(control: UInt8, body: String)] = [
        (
            0,
            "\r\n---\r\ncontent-type: application/json\r\n\r\n{\"data\":{\"a\":1},\"hasNext\":true}\r\n---\r\n"
                + "content-type: application/json\r\n\r\n{\"incremental\":[{\"data\":{\"b\":\"}---\"},\"path\":[]}],"
                + "\"hasNext\":false}\r\n-----\r\n"
        ),
        (
            1,
            "--graphql\r\ncontent-type: application/json\r\n\r\n{\"payload\":{\"data\":{\"x\":[1,2]}}}\r\n"
                + "--graphql\r\ncontent-type: application/json\r\n\r\n{}\r\n--graphql--\r\n"
        ),
        (
            7,
            "--graphql\r\ncontent-length: 5\r\n\r\nhello\r\n--graphql\r\ncontent-type: text/plain\r\n\r\n"
                + "not json\r\n--graphql--"
        ),
        (2, "preamble\r\n---\r\n\r\n[\"a\\\"]\"]  \r\n---\r\n\r\n{\"b\":{}}\r\n---"),
        (9, "--graphql\r\ncontent-length: x\r\n\r\n{}\r\n--graphql--"),
    ]
    return seeds.enumerated().map { ("multipart-\($0.offset)", [$0.element.control] + Array($0.element.body.utf8)) }
}

func fuzzPrepare() {}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMultipart(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard count > 0 else { return 0 }
    let boundary = data[0] & 1 == 0 ? "-" : "graphql"
    let chunk = Int(data[0] >> 1) + 1
    let body = Array(UnsafeBufferPointer(start: data + 1, count: count - 1))
    let whole = parse(body, boundary: boundary, chunk: max(1, body.count))
    let chunked = parse(body, boundary: boundary, chunk: chunk)
    guard whole == chunked else {
        fatalError("chunks of \(chunk) bytes change the parse: \(whole) vs \(chunked)")
    }
    return 0
}
