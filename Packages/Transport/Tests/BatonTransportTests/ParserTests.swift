import BatonTransport
import Foundation
import Testing

@Suite struct MultipartParsing {
    static let body = Data((
        "preamble to ignore\r\n---\r\nContent-Type: application/json; charset=utf-8\r\n\r\n{\"data\":{\"a\":1},\"hasNext\":true}"
        + "\r\n---\r\nContent-Type: application/json\r\n\r\n{\"incremental\":[{\"path\":[],\"data\":{\"b\":\"---\"}}],\"hasNext\":true}"
        + "\r\n---\r\n\r\n{\"hasNext\":false}\r\n-----\r\nepilogue ---\r\n"
    ).utf8)

    static func parse(_ chunks: [Data], boundary: String = "-") throws -> [MultipartParser.Part] {
        var parser = MultipartParser(boundary: boundary)
        var parts: [MultipartParser.Part] = []
        for chunk in chunks { parts += parser.append(chunk) }
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
    }

    @Test func aPartComesOutAsSoonAsItsDelimiterArrives() {
        var parser = MultipartParser(boundary: "graphql")
        #expect(parser.append(Data("\r\n--graphql\r\ncontent-type: application/json\r\n\r\n{}".utf8)).isEmpty)
        #expect(parser.append(Data("\r\n--graph".utf8)).isEmpty)
        let parts = parser.append(Data("ql\r\n".utf8))
        #expect(parts.map(\.body) == [Data("{}".utf8)])
        #expect(!parser.isComplete)
    }

    @Test func aBodyEndingInsideAPartThrows() {
        var parser = MultipartParser(boundary: "-")
        _ = parser.append(Data("\r\n---\r\nContent-Type: application/json\r\n\r\n{\"data\":".utf8))
        #expect(throws: MultipartParser.Failure.endedInsidePart) { try parser.finish() }
    }

    @Test func readsTheBoundaryParameter() {
        #expect(MultipartParser.boundary(fromContentType: #"multipart/mixed; boundary="-"; deferSpec=20220824"#) == "-")
        #expect(MultipartParser.boundary(fromContentType: "multipart/mixed;boundary=graphql;subscriptionSpec=1.0") == "graphql")
        #expect(MultipartParser.boundary(fromContentType: "multipart/mixed") == nil)
    }
}

@Suite struct ServerSentEventParsing {
    static let stream = Data(": comment\r\nevent: next\r\ndata: {\"data\":{\"a\":1}}\r\n\r\nevent: next\ndata: {\"data\":\ndata: 2}\n\nretry: 10\rid: 7\revent: complete\rdata:\r\r".utf8)

    @Test func readsEventsAcrossEveryLineEnding() {
        var parser = ServerSentEventParser()
        let events = parser.append(Self.stream)
        #expect(events == [
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
}
