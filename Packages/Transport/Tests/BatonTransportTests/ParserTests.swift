import BatonTransport
import Foundation
import Testing

@Suite struct MultipartParsing {
    static let body = Data(
        ("preamble to ignore\r\n---\r\nContent-Type: application/json; charset=utf-8\r\n\r\n{\"data\":{\"a\":1},\"hasNext\":true}"
            + "\r\n---\r\nContent-Type: application/json\r\n\r\n{\"incremental\":[{\"path\":[],\"data\":{\"b\":\"---\"}}],\"hasNext\":true}"
            + "\r\n---\r\n\r\n{\"hasNext\":false}\r\n-----\r\nepilogue ---\r\n").utf8)

    static func parse(_ chunks: [Data], boundary: String = "-") throws -> [MultipartParser.Part] {
        var parser = MultipartParser(boundary: boundary)
        var parts: [MultipartParser.Part] = []
        for chunk in chunks { parts += try parser.feed(chunk) }
        try parser.finish()
        #expect(parser.isComplete)
        return parts
    }

    @Test func splitsPartsAndReadsTheirHeaders() throws {
        let parts = try Self.parse([Self.body])
        try #require(parts.count == 3)
        #expect(parts[0].headers["content-type"] == "application/json; charset=utf-8")
        #expect(String(decoding: parts[0].body, as: UTF8.self) == #"{"data":{"a":1},"hasNext":true}"#)
        #expect(String(decoding: parts[1].body, as: UTF8.self).contains(#""b":"---""#))
        #expect(parts[2].headers.isEmpty)
        #expect(String(decoding: parts[2].body, as: UTF8.self) == #"{"hasNext":false}"#)
    }

    @Test func everySplitIntoTwoChunksGivesTheSameParts() throws {
        let whole = try Self.parse([Self.body])
        for split in 0...Self.body.count {
            let parts = try Self.parse([Self.body.prefix(split), Self.body.dropFirst(split)])
            #expect(parts == whole, "split at \(split)")
        }
    }

    @Test func byteByByteGivesTheSameParts() throws {
        #expect(try Self.parse(Self.body.map { Data([$0]) }) == Self.parse([Self.body]))
        #expect(
            try Self.parse(Self.subscription.map { Data([$0]) }, boundary: "graphql")
                == Self.parse([Self.subscription], boundary: "graphql"))
    }

    static let subscription = Data(
        ("\r\n--graphql\r\ncontent-type: application/json\r\n\r\n{}"
            + "\r\n--graphql\r\ncontent-type: application/json\r\n\r\n{\"payload\":{\"data\":{\"t\":\"\\r\\n--graphql\"}}}"
            + "\r\n--graphql\r\ncontent-type: text/plain\r\n\r\nnot json"
            + "\r\n--graphql--\r\n").utf8)

    @Test func everySplitOfASubscriptionGivesTheSameParts() throws {
        let whole = try Self.parse([Self.subscription], boundary: "graphql")
        #expect(
            whole.map { String(decoding: $0.body, as: UTF8.self) } == [
                "{}", #"{"payload":{"data":{"t":"\r\n--graphql"}}}"#, "not json",
            ])
        for split in 0...Self.subscription.count {
            let parts = try Self.parse(
                [Self.subscription.prefix(split), Self.subscription.dropFirst(split)], boundary: "graphql")
            #expect(parts == whole, "split at \(split)")
        }
    }

    @Test func aBodyThatIsNotJSONEndsAtTheDelimiterEvenSplitAcrossChunks() throws {
        var parser = MultipartParser(boundary: "graphql")
        #expect(try parser.feed("\r\n--graphql\r\ncontent-type: text/plain\r\n\r\n{\"a\":1} and more").isEmpty)
        #expect(try parser.feed("\r\n--graph").isEmpty)
        #expect(try parser.feed("ql\r\n").map(\.body) == [Data(#"{"a":1} and more"#.utf8)])
        #expect(!parser.isComplete)
    }

    @Test func aPartIsDeliveredBeforeTheNextDelimiterArrives() throws {
        // Multipart subscriptions: a delimiter before each part, none after it until the next event.
        var parser = MultipartParser(boundary: "graphql")
        let event = #"{"payload":{"data":{"noteAdded":{"id":"note-9"}}}}"#
        let parts = try parser.feed("\r\n--graphql\r\ncontent-type: application/json\r\n\r\n" + event)
        #expect(parts.map(\.body) == [Data(event.utf8)])
        #expect(parts.first?.headers["content-type"] == "application/json")
        #expect(
            try parser.feed("\r\n--graphql\r\ncontent-type: application/json\r\n\r\n{}").map(\.body) == [
                Data("{}".utf8)
            ])
        #expect(try parser.feed("\r\n--graphql--\r\n").isEmpty)
        #expect(parser.isComplete)
        try parser.finish()
    }

    @Test func aDeferredPartIsDeliveredBeforeItsTrailingDelimiter() throws {
        // @defer: a delimiter after each part, written only with the next part.
        var parser = MultipartParser(boundary: "-")
        let initial = #"{"data":{"character":{"id":"1"}},"hasNext":true}"#
        let incremental =
            #"{"incremental":[{"path":["character"],"label":"d","data":{"status":"Alive"}}],"hasNext":false}"#
        #expect(try parser.feed("\r\n---").isEmpty)
        #expect(
            try parser.feed("\r\nContent-Type: application/json; charset=utf-8\r\n\r\n" + initial).map(\.body) == [
                Data(initial.utf8)
            ])
        #expect(try parser.feed("\r\n---").isEmpty)
        #expect(
            try parser.feed("\r\nContent-Type: application/json; charset=utf-8\r\n\r\n" + incremental).map(\.body) == [
                Data(incremental.utf8)
            ])
        #expect(try parser.feed("\r\n-----\r\n").isEmpty)
        #expect(parser.isComplete)
        try parser.finish()
    }

    @Test func bracketsQuotesAndBoundaryTextInsideAStringDoNotEndAPart() throws {
        let value = #"{"data":{"t":"} ] \" --graphql-- {[","u":["]"]}}"#
        let head = "\r\n--graphql\r\ncontent-type: application/json\r\n\r\n"
        let bytes = Array(value.utf8)
        for split in 1..<bytes.count {
            var parser = MultipartParser(boundary: "graphql")
            #expect(
                try parser.feed(head + String(decoding: bytes[..<split], as: UTF8.self)).isEmpty, "split at \(split)")
            #expect(
                try parser.feed(String(decoding: bytes[split...], as: UTF8.self)).map(\.body) == [Data(bytes)],
                "split at \(split)")
        }
    }

    @Test func aPartWithContentLengthIsDeliveredWhenItsBytesHaveArrived() throws {
        var parser = MultipartParser(boundary: "graphql")
        #expect(try parser.feed("\r\n--graphql\r\nContent-Type: text/plain\r\nContent-Length: 11\r\n\r\nhello").isEmpty)
        #expect(try parser.feed(" world").map(\.body) == [Data("hello world".utf8)])
        #expect(try parser.feed("\r\n--graphql--").isEmpty)
        #expect(parser.isComplete)
    }

    @Test func moreThanWhitespaceAfterAJSONPartIsAFramingErrorAfterThePart() throws {
        var parser = MultipartParser(boundary: "graphql")
        parser.append(
            Data(
                "\r\n--graphql\r\ncontent-type: application/json\r\n\r\n{\"data\":{}} \r\ntrailing text\r\n--graphql"
                    .utf8))
        #expect(try parser.nextPart()?.body == Data(#"{"data":{}}"#.utf8))
        #expect(throws: MultipartParser.Failure.contentAfterPart(part: 0, excerpt: "trailing text\r\n--graphql")) {
            try parser.nextPart()
        }
        #expect(throws: MultipartParser.Failure.contentAfterPart(part: 0, excerpt: "trailing text\r\n--graphql")) {
            try parser.finish()
        }
    }

    @Test func aContentLengthThatIsNotAByteCountIsAFramingError() {
        var parser = MultipartParser(boundary: "graphql")
        parser.append(Data("\r\n--graphql\r\nContent-Length: twelve\r\n\r\n{}".utf8))
        #expect(throws: MultipartParser.Failure.invalidContentLength("twelve")) { try parser.nextPart() }
    }

    @Test func aDelimiterBeforeTheContentLengthIsAFramingError() {
        var parser = MultipartParser(boundary: "graphql")
        parser.append(Data("\r\n--graphql\r\nContent-Length: 40\r\n\r\n{}\r\n--graphql\r\n".utf8))
        #expect(throws: MultipartParser.Failure.delimiterInsideContentLength(declared: 40, found: 2)) {
            try parser.nextPart()
        }
    }

    @Test func aBodyEndingAfterAPartBeforeItsDelimiterThrows() throws {
        var parser = MultipartParser(boundary: "graphql")
        #expect(try parser.feed("\r\n--graphql\r\ncontent-type: application/json\r\n\r\n{}\r\n").count == 1)
        #expect(throws: MultipartParser.Failure.endedAfterPart) { try parser.finish() }
    }

    @Test func aBodyEndingInsideAPartThrows() throws {
        var parser = MultipartParser(boundary: "-")
        parser.append(Data("\r\n---\r\nContent-Type: application/json\r\n\r\n{\"data\":".utf8))
        #expect(try parser.nextPart() == nil)
        #expect(throws: MultipartParser.Failure.endedInsidePart) { try parser.finish() }
    }

    /// Found by fuzz-multipart (Tests/Fixtures/Hostile/fuzz/multipart/preamble-dash-boundary):
    /// the preamble kept after a chunk was taken for the body's start.
    @Test func dashesLeftOfADroppedPreambleDoNotOpenTheBody() throws {
        let body = Data("text'----graphql and more text".utf8)
        var whole = MultipartParser(boundary: "-")
        #expect(try whole.feed(body).isEmpty)
        #expect(throws: MultipartParser.Failure.noDelimiter) { try whole.finish() }
        var chunked = MultipartParser(boundary: "-")
        for start in stride(from: 0, to: body.count, by: 2) {
            #expect(try chunked.feed(body[start..<min(body.count, start + 2)]).isEmpty)
        }
        #expect(!chunked.isComplete)
        #expect(throws: MultipartParser.Failure.noDelimiter) { try chunked.finish() }
    }

    @Test func contentThenWhitespaceWithoutADelimiterIsNoDelimiter() throws {
        var parser = MultipartParser(boundary: "graphql")
        #expect(try parser.feed("{\"data\":{}}" + String(repeating: " ", count: 40) + "\r\n").isEmpty)
        #expect(throws: MultipartParser.Failure.noDelimiter) { try parser.finish() }
    }

    @Test func readsTheBoundaryParameter() {
        #expect(MultipartParser.boundary(fromContentType: #"multipart/mixed; boundary="-"; deferSpec=20220824"#) == "-")
        #expect(
            MultipartParser.boundary(fromContentType: "multipart/mixed;boundary=graphql;subscriptionSpec=1.0")
                == "graphql")
        #expect(MultipartParser.boundary(fromContentType: "multipart/mixed") == nil)
    }
}

extension MultipartParser {
    /// Appends `chunk` and answers every part it completes.
    mutating func feed(_ chunk: Data) throws(Failure) -> [Part] {
        append(chunk)
        var parts: [Part] = []
        while let part = try nextPart() { parts.append(part) }
        return parts
    }

    mutating func feed(_ text: String) throws(Failure) -> [Part] {
        try feed(Data(text.utf8))
    }
}

@Suite struct ServerSentEventParsing {
    static let stream = Data(
        ": comment\r\nevent: next\r\ndata: {\"data\":{\"a\":1}}\r\n\r\nevent: next\ndata: {\"data\":\ndata: 2}\n\nretry: 10\rid: 7\revent: complete\rdata:\r\r"
            .utf8)

    @Test func readsEventsAcrossEveryLineEnding() {
        var parser = ServerSentEventParser()
        let events = parser.append(Self.stream)
        #expect(
            events == [
                .init(type: "next", data: #"{"data":{"a":1}}"#),
                .init(type: "next", data: "{\"data\":\n2}"),
                .init(type: "complete", data: "", id: "7"),
            ])
    }

    @Test func everySplitGivesTheSameEvents() {
        var whole = ServerSentEventParser()
        let expected = whole.append(Self.stream)
        for split in 0...Self.stream.count {
            var parser = ServerSentEventParser()
            let events = parser.append(Self.stream.prefix(split)) + parser.append(Self.stream.dropFirst(split))
            #expect(events == expected, "split at \(split)")
        }
    }

    @Test func aNamedEventWithoutDataStillDispatches() {
        var parser = ServerSentEventParser()
        #expect(parser.append(Data("event: complete\n\n".utf8)) == [.init(type: "complete", data: "")])
    }

    @Test func aByteOrderMarkOpeningTheStreamIsDroppedWhereverTheChunksSplitIt() {
        // The stream's first line is a field, which the mark would otherwise rename.
        let stream = Data("event: next\ndata: {}\n\n".utf8) + Self.stream
        let marked = Data([0xEF, 0xBB, 0xBF]) + stream
        var whole = ServerSentEventParser()
        let expected = whole.append(stream)
        #expect(expected.first == .init(type: "next", data: "{}"))
        for split in 0...4 {
            var parser = ServerSentEventParser()
            let events = parser.append(marked.prefix(split)) + parser.append(marked.dropFirst(split))
            #expect(events == expected, "split at \(split)")
        }
    }

    @Test func onlyTheStreamsFirstByteOrderMarkIsDroppedAndAPartialOneIsText() {
        // A second mark is the first line's text; so is a mark's first byte alone.
        var twice = ServerSentEventParser()
        #expect(
            twice.append(Data([0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF] + Array("data: a\n\n".utf8))).isEmpty)
        var partial = ServerSentEventParser()
        #expect(partial.append(Data([0xEF] + Array(":\ndata: b\n\n".utf8))) == [.init(type: "message", data: "b")])
        var none = ServerSentEventParser()
        #expect(none.append(Data("data: c\n\n".utf8)) == [.init(type: "message", data: "c")])
    }

    @Test func anIDHoldingANullIsIgnored() {
        var parser = ServerSentEventParser()
        let events = parser.append(Data("id: 1\ndata: a\n\nid: 2\u{0}\ndata: b\n\n".utf8))
        #expect(events == [.init(type: "message", data: "a", id: "1"), .init(type: "message", data: "b", id: "1")])
    }
}
