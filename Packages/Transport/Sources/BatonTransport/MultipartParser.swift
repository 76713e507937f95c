import Foundation

/// An incremental `multipart/mixed` parser (RFC 2046) for GraphQL's incremental delivery
/// and multipart subscriptions: feed the body in whatever chunks the network gives, and
/// each part comes out as soon as the delimiter after it has arrived.
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
        /// The body had content but no delimiter at all.
        case noDelimiter
    }

    private enum State { case preamble, afterDelimiter, headers, body, done }

    private let delimiter: [UInt8]
    private var state = State.preamble
    private var buffer: [UInt8] = []
    private var scanFrom = 0
    private var headers: [String: String] = [:]

    /// A parser for parts separated by `boundary` (without the leading dashes).
    public init(boundary: String) {
        delimiter = Array("\r\n--\(boundary)".utf8)
    }

    /// The `boundary` parameter of a `multipart/...` content type (quoted or not), else nil.
    public static func boundary(fromContentType contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "boundary" else { continue }
            var value = pair[1].trimmingCharacters(in: .whitespaces)
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
            return value.isEmpty ? nil : value
        }
        return nil
    }

    /// True once the close delimiter has been read.
    public var isComplete: Bool { state == .done }

    /// Feeds the next chunk of the body; answers the parts it completed, in order.
    public mutating func append(_ chunk: Data) -> [Part] {
        guard state != .done else { return [] }
        buffer.append(contentsOf: chunk)
        var parts: [Part] = []
        scan: while true {
            switch state {
            case .preamble:
                let dashBoundary = delimiter[2...]
                if buffer.starts(with: dashBoundary) {
                    buffer.removeFirst(dashBoundary.count)
                    state = .afterDelimiter
                } else if buffer.count < dashBoundary.count, dashBoundary.starts(with: buffer) {
                    break scan
                } else if let at = find(delimiter, from: 0) {
                    buffer.removeFirst(at + delimiter.count)
                    state = .afterDelimiter
                } else {
                    // Preamble: keep only what could still begin a delimiter.
                    buffer.removeFirst(max(0, buffer.count - (delimiter.count - 1)))
                    break scan
                }
            case .afterDelimiter:
                guard buffer.count >= 2 else { break scan }
                if buffer[0] == UInt8(ascii: "-"), buffer[1] == UInt8(ascii: "-") {
                    state = .done
                    buffer = []
                    break scan
                }
                // Transport padding may follow the boundary; the line ends with CRLF.
                guard let lineEnd = find(Self.crlf, from: 0) else { break scan }
                buffer.removeFirst(lineEnd + 2)
                state = .headers
            case .headers:
                if buffer.starts(with: Self.crlf) {
                    buffer.removeFirst(2)
                    headers = [:]
                } else {
                    guard let end = find(Self.crlfcrlf, from: 0) else { break scan }
                    headers = Self.parseHeaders(buffer[0..<end])
                    buffer.removeFirst(end + 4)
                }
                state = .body
                scanFrom = 0
            case .body:
                guard let at = find(delimiter, from: scanFrom) else {
                    scanFrom = max(0, buffer.count - delimiter.count + 1)
                    break scan
                }
                parts.append(Part(headers: headers, body: Data(buffer[0..<at])))
                buffer.removeFirst(at + delimiter.count)
                state = .afterDelimiter
            case .done:
                break scan
            }
        }
        return parts
    }

    /// Checks the body ended where a body may end: after the close delimiter, or between
    /// parts. Throws when it stopped inside a part or never had a delimiter.
    public func finish() throws(Failure) {
        switch state {
        case .done, .afterDelimiter:
            return
        case .preamble:
            if buffer.contains(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) { throw .noDelimiter }
        case .headers, .body:
            throw .endedInsidePart
        }
    }

    private static let crlf: [UInt8] = [0x0D, 0x0A]
    private static let crlfcrlf: [UInt8] = [0x0D, 0x0A, 0x0D, 0x0A]

    private func find(_ needle: [UInt8], from start: Int) -> Int? {
        guard buffer.count >= needle.count else { return nil }
        var i = start
        let last = buffer.count - needle.count
        while i <= last {
            if buffer[i] == needle[0] {
                var j = 1
                while j < needle.count, buffer[i + j] == needle[j] { j += 1 }
                if j == needle.count { return i }
            }
            i += 1
        }
        return nil
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
