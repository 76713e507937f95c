import Foundation

/// An incremental `multipart/mixed` parser (RFC 2046) for GraphQL's incremental delivery
/// and multipart subscriptions: feed the body in whatever chunks the network gives, and
/// each part comes out as soon as its body is complete.
///
/// A part's body is complete after its `Content-Length` bytes when it has that header;
/// else, when it is typed JSON (`application/json`, `…+json`) or untyped, after its JSON
/// object or array closes (strings followed, so brackets or boundary text inside a string
/// never end it); else at the next delimiter. So neither framing waits for the next part:
/// a delimiter before each part (`--graphql`, part, `--graphql`, …, as multipart
/// subscriptions send) or after each part (`@defer`'s `---`, part, `---`). Between a body
/// that ended on its own and the next delimiter only whitespace may come. A delimiter
/// always ends a part whose end is not yet known, so a body that is not JSON ends there.
///
/// Delimiters may be split across chunks; the body may open with `--boundary` or
/// `CRLF--boundary`; the close delimiter (`--boundary--`, which for Apollo's boundary `-`
/// reads `-----`) ends the parse and the epilogue is ignored. Part headers are optional.
/// A value type with no shared state; one owner at a time.
public struct MultipartParser: Sendable {
    /// One part: its headers (names lowercased) and its body.
    public struct Part: Sendable, Equatable {
        public var headers: [String: String]
        public var body: Data
    }

    /// How a body broke its framing.
    public enum Failure: Error, Sendable, Equatable {
        /// The body ended inside a part, before its closing delimiter.
        case endedInsidePart
        /// The body ended after a part's body, before the delimiter that follows it.
        case endedAfterPart
        /// The body had content but no delimiter at all.
        case noDelimiter
        /// A part's `Content-Length` header is not a byte count.
        case invalidContentLength(String)
        /// A delimiter came `found` bytes into a part whose `Content-Length` is `declared`.
        case delimiterInsideContentLength(declared: Int, found: Int)
        /// Part `part` (counting from 0) ended, by its `Content-Length` or its JSON value,
        /// and more than whitespace followed it before the delimiter; `excerpt` is that text.
        case contentAfterPart(part: Int, excerpt: String)
    }

    private enum State {
        case preamble
        case afterDelimiter
        case headers
        /// Reading a part's body, which ends as `PartEnd` says or at the next delimiter.
        case body(PartEnd)
        /// After a body that ended on its own, waiting for the delimiter.
        case trailer
        case done
        case failed(Failure)
    }

    private let delimiter: [UInt8]
    private var state = State.preamble
    private var buffer: [UInt8] = []
    private var scanFrom = 0
    private var headers: [String: String] = [:]
    private var partsRead = 0
    /// Whether preamble bytes were dropped: the body's start has passed, so `--boundary`
    /// without its CRLF no longer opens the first part.
    private var preambleDropped = false
    /// Whether a dropped preamble byte was not whitespace: content before any delimiter.
    private var preambleHadContent = false

    /// A parser for parts separated by `boundary` (without the leading dashes).
    public init(boundary: String) {
        delimiter = Array("\r\n--\(boundary)".utf8)
    }

    /// The `boundary` parameter of a `multipart/...` content type (quoted or not), else nil.
    public static func boundary(fromContentType contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "boundary" else {
                continue
            }
            var value = pair[1].trimmingCharacters(in: .whitespaces)
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
                value = String(value.dropFirst().dropLast())
            }
            return value.isEmpty ? nil : value
        }
        return nil
    }

    /// True once the close delimiter has been read.
    public var isComplete: Bool {
        if case .done = state { return true }
        return false
    }

    /// Adds the next chunk of the body; `nextPart()` answers the parts it completes.
    public mutating func append(_ chunk: Data) {
        switch state {
        case .done, .failed: return
        default: buffer.append(contentsOf: chunk)
        }
    }

    /// The next part whose body is complete, in order; nil until more of the body arrives,
    /// and after the close delimiter. Throws when the body breaks its framing: the parts
    /// before the break were answered by earlier calls, and every later call (and
    /// `finish()`) throws the same failure.
    public mutating func nextPart() throws(Failure) -> Part? {
        do {
            return try readPart()
        } catch {
            state = .failed(error)
            buffer = []
            throw error
        }
    }

    /// What one state's step did: moved to another state to read on in, waits for more of the
    /// body, or completed a part.
    private enum Step {
        case again
        case wait
        case part(Part)
    }

    private mutating func readPart() throws(Failure) -> Part? {
        while true {
            let step: Step
            switch state {
            case .preamble: step = readPreamble()
            case .afterDelimiter: step = readDelimiterLine()
            case .headers: step = try readHeaders()
            case .body(let end): step = try readBody(end)
            case .trailer: step = try readTrailer()
            case .done: return nil
            case .failed(let failure): throw failure
            }
            switch step {
            case .again: continue
            case .wait: return nil
            case .part(let part): return part
            }
        }
    }

    /// Before the first delimiter: the body may open with it, with or without its CRLF.
    private mutating func readPreamble() -> Step {
        let dashBoundary = delimiter[2...]
        if !preambleDropped {
            if buffer.starts(with: dashBoundary) {
                buffer.removeFirst(dashBoundary.count)
                state = .afterDelimiter
                return .again
            }
            if buffer.count < dashBoundary.count, dashBoundary.starts(with: buffer) { return .wait }
        }
        if let at = find(delimiter, from: 0) {
            buffer.removeFirst(at + delimiter.count)
            state = .afterDelimiter
            return .again
        }
        // Preamble: keep only what could still begin a delimiter.
        let dropped = max(0, buffer.count - (delimiter.count - 1))
        if dropped > 0 {
            preambleDropped = true
            if buffer[..<dropped].contains(where: { !JSONValueEnd.isWhitespace($0) }) { preambleHadContent = true }
            buffer.removeFirst(dropped)
        }
        return .wait
    }

    /// After a delimiter: the close delimiter's `--`, or the rest of the delimiter's line.
    private mutating func readDelimiterLine() -> Step {
        guard buffer.count >= 2 else { return .wait }
        if buffer[0] == UInt8(ascii: "-"), buffer[1] == UInt8(ascii: "-") {
            state = .done
            buffer = []
            return .wait
        }
        // Transport padding may follow the boundary; the line ends with CRLF.
        guard let lineEnd = find(Self.crlf, from: 0) else { return .wait }
        buffer.removeFirst(lineEnd + 2)
        state = .headers
        return .again
    }

    private mutating func readHeaders() throws(Failure) -> Step {
        if buffer.starts(with: Self.crlf) {
            buffer.removeFirst(2)
            headers = [:]
        } else {
            guard let end = find(Self.crlfcrlf, from: 0) else { return .wait }
            headers = Self.parseHeaders(buffer[0..<end])
            buffer.removeFirst(end + 4)
        }
        state = .body(try PartEnd(headers: headers))
        scanFrom = 0
        return .again
    }

    /// A part's body, which ends as `end` says or at the next delimiter.
    private mutating func readBody(_ end: PartEnd) throws(Failure) -> Step {
        var end = end
        let delimiterAt = find(delimiter, from: scanFrom)
        if let bodyEnd = end.end(in: buffer, upTo: delimiterAt ?? buffer.count) {
            // Unless the delimiter has arrived, it might yet begin inside the body.
            guard delimiterAt != nil || !delimiterMayBegin(before: bodyEnd) else {
                state = .body(end)
                return .wait
            }
            let part = takePart(bodyEnd)
            buffer.removeFirst(bodyEnd)
            state = .trailer
            return .part(part)
        }
        if let at = delimiterAt {
            if case .length(let declared) = end {
                throw .delimiterInsideContentLength(declared: declared, found: at)
            }
            let part = takePart(at)
            buffer.removeFirst(at + delimiter.count)
            state = .afterDelimiter
            return .part(part)
        }
        scanFrom = max(0, buffer.count - delimiter.count + 1)
        state = .body(end)
        return .wait
    }

    /// After a body that ended on its own: only whitespace, then the delimiter.
    private mutating func readTrailer() throws(Failure) -> Step {
        var i = 0
        while i < buffer.count {
            let rest = buffer[i...]
            if rest.starts(with: delimiter) {
                buffer.removeFirst(i + delimiter.count)
                state = .afterDelimiter
                return .again
            }
            if delimiter.starts(with: rest) { break }
            guard JSONValueEnd.isWhitespace(buffer[i]) else {
                let excerpt = String(decoding: buffer[i..<min(buffer.count, i + 80)], as: UTF8.self)
                throw .contentAfterPart(part: partsRead - 1, excerpt: excerpt)
            }
            i += 1
        }
        buffer.removeFirst(i)
        return .wait
    }

    /// Checks the body ended where a body may end: after the close delimiter, or between
    /// parts. Call it once `nextPart()` answers nil after the last chunk. Throws when the
    /// body stopped inside a part or before the delimiter after one, never had a
    /// delimiter, or broke its framing earlier.
    public func finish() throws(Failure) {
        switch state {
        case .done, .afterDelimiter:
            return
        case .preamble:
            if preambleHadContent || buffer.contains(where: { !JSONValueEnd.isWhitespace($0) }) { throw .noDelimiter }
        case .headers, .body:
            throw .endedInsidePart
        case .trailer:
            throw .endedAfterPart
        case .failed(let failure):
            throw failure
        }
    }

    /// The part whose body is the buffer's first `count` bytes.
    private mutating func takePart(_ count: Int) -> Part {
        partsRead += 1
        return Part(headers: headers, body: Data(buffer[0..<count]))
    }

    /// True when the bytes from some offset below `offset` to the end of the buffer could be
    /// the start of a delimiter still arriving.
    private func delimiterMayBegin(before offset: Int) -> Bool {
        var i = max(0, buffer.count - (delimiter.count - 1))
        while i < min(offset, buffer.count) {
            if delimiter.starts(with: buffer[i...]) { return true }
            i += 1
        }
        return false
    }

    private static let crlf: [UInt8] = [0x0D, 0x0A]
    private static let crlfcrlf: [UInt8] = [0x0D, 0x0A, 0x0D, 0x0A]

    private func find(_ needle: [UInt8], from start: Int) -> Int? {
        guard buffer.count >= needle.count, start <= buffer.count - needle.count else { return nil }
        return buffer.withUnsafeBytes { haystack in
            needle.withUnsafeBytes { needle in
                let base = haystack.baseAddress!
                let last = haystack.count - needle.count
                var i = start
                while i <= last {
                    // memchr finds the candidates' first byte at memory speed.
                    guard let hit = memchr(base + i, Int32(needle[0]), last - i + 1) else { return nil }
                    i = base.distance(to: UnsafeRawPointer(hit))
                    if memcmp(base + i, needle.baseAddress!, needle.count) == 0 { return i }
                    i += 1
                }
                return nil
            }
        }
    }

    private static func parseHeaders(_ bytes: ArraySlice<UInt8>) -> [String: String] {
        var headers: [String: String] = [:]
        for line in String(decoding: bytes, as: UTF8.self).components(separatedBy: "\r\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return headers
    }
}
