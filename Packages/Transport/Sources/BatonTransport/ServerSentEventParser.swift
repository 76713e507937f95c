import Foundation

/// An incremental parser for `text/event-stream` (the HTML Living Standard's server-sent
/// events): feed chunks, get each event when its blank line arrives.
///
/// Lines may end in LF, CRLF or CR, split anywhere across chunks; a byte order mark that
/// opens the stream is dropped, as the standard asks (it would otherwise make the first line's
/// field `\u{FEFF}data`, and lose the first event); comments (`:`) and `retry` are skipped; an
/// `id` holding U+0000 is ignored. An event with an `event:` name but no `data:` still
/// dispatches (GraphQL over SSE's `complete` may come either way). A value type; one owner at
/// a time.
public struct ServerSentEventParser: Sendable {
    /// One event: its type (`message` when the stream names none), data and id.
    public struct Event: Sendable, Equatable {
        public var type: String
        public var data: String
        public var id: String?

        public init(type: String, data: String, id: String? = nil) {
            self.type = type
            self.data = data
            self.id = id
        }
    }

    /// The UTF-8 byte order mark, which the standard ignores at the stream's start.
    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    private var line: [UInt8] = []
    /// How many of the byte order mark's bytes opened the stream so far; nil once the stream
    /// has begun (its mark dropped, or its first byte not one).
    private var byteOrderMarkMatched: Int? = 0
    private var skipLineFeed = false
    private var eventType: String?
    private var dataLines: [String] = []
    private var sawData = false
    private var lastID: String?

    public init() {}

    /// Feeds the next chunk; answers the events it completed, in order.
    public mutating func append(_ chunk: Data) -> [Event] {
        var events: [Event] = []
        for byte in chunk {
            if let matched = byteOrderMarkMatched {
                if byte == Self.byteOrderMark[matched] {
                    byteOrderMarkMatched = matched + 1 == Self.byteOrderMark.count ? nil : matched + 1
                    continue
                }
                // Not a mark after all: the bytes taken for one were the stream's first.
                byteOrderMarkMatched = nil
                for taken in Self.byteOrderMark[..<matched] { read(taken, into: &events) }
            }
            read(byte, into: &events)
        }
        return events
    }

    private mutating func read(_ byte: UInt8, into events: inout [Event]) {
        if skipLineFeed {
            skipLineFeed = false
            if byte == 0x0A { return }
        }
        switch byte {
        case 0x0A:
            if let event = endLine() { events.append(event) }
        case 0x0D:
            skipLineFeed = true
            if let event = endLine() { events.append(event) }
        default:
            line.append(byte)
        }
    }

    private mutating func endLine() -> Event? {
        defer { line.removeAll(keepingCapacity: true) }
        if line.isEmpty {
            defer { eventType = nil; dataLines = []; sawData = false }
            guard sawData || eventType != nil else { return nil }
            return Event(type: eventType ?? "message", data: dataLines.joined(separator: "\n"), id: lastID)
        }
        let text = String(decoding: line, as: UTF8.self)
        if text.hasPrefix(":") { return nil }
        let field: Substring
        var value: Substring
        if let colon = text.firstIndex(of: ":") {
            field = text[..<colon]
            value = text[text.index(after: colon)...]
            if value.hasPrefix(" ") { value = value.dropFirst() }
        } else {
            field = text[...]
            value = ""
        }
        switch field {
        case "event": eventType = String(value)
        case "data": dataLines.append(String(value)); sawData = true
        case "id": if !value.contains("\u{0}") { lastID = String(value) }
        default: break
        }
        return nil
    }
}
