import Foundation

/// An incremental parser for `text/event-stream` (the HTML Living Standard's server-sent
/// events): feed chunks, get each event when its blank line arrives.
///
/// Lines may end in LF, CRLF or CR, split anywhere across chunks; comments (`:`) and
/// `retry` are skipped. An event with an `event:` name but no `data:` still dispatches
/// (GraphQL over SSE's `complete` may come either way). A value type; one owner at a time.
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

    private var line: [UInt8] = []
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
            if skipLineFeed {
                skipLineFeed = false
                if byte == 0x0A { continue }
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
        return events
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
        case "id": lastID = String(value)
        default: break
        }
        return nil
    }
}
