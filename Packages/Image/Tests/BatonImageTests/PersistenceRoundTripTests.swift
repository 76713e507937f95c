import Foundation
import Testing
@_spi(Baton) @testable import BatonImage

@Suite struct PersistenceRoundTripTests {
    @Test func aNewImageOverTheFileReadsBackEveryRecordOfTheFixtureFieldByField() throws {
        let scratch = Scratch()
        let changes = Fixture.changes
        #expect(changes.snapshots.count == 899)
        try scratch.launch { $0.writeAndWait(PersistenceBatch(changes)) }

        let (read, missing) = try scratch.launch { image throws in
            try image.withReadTransaction { reader throws in
                var read: [RecordSnapshot] = []
                var missing: [RecordKey] = []
                for written in changes.snapshots {
                    if let snapshot = try reader.snapshot(of: written.key, fields: written.cells.map(\.slot)) {
                        read.append(snapshot)
                    } else {
                        missing.append(written.key)
                    }
                }
                return (read, missing)
            }
        }
        #expect(missing.isEmpty)
        var mismatches = 0
        for (written, back) in zip(changes.snapshots, read) where written != back {
            mismatches += 1
            if mismatches <= 3 {
                let message = "\(written.key): \(back.relayDump.jsonText()) != \(written.relayDump.jsonText())"
                Issue.record(Comment(rawValue: message))
            }
        }
        #expect(mismatches == 0)
        #expect(read.count == 899)
    }

    @Test func fieldErrorsListsOfListsAndCustomScalarsSurvive() throws {
        let scratch = Scratch()
        let error = FieldError(
            message: "boom", path: [.key("hero"), .index(2), .key("name")],
            extensions: ["code": "E_BOOM", "retry": 3, "nested": ["a": [1, 2.5, nil, true]]])
        let record = snapshot(
            "Hero:1",
            [
                "name": .error(error),
                "bare": .error(FieldError(message: "")),
                "grid": .list([.list([.int(1), .int(-2)]), .list([]), .list([.list([.null, .link("Hero:2")])])]),
                "coordinates": .scalar(["lat": 48.85, "lng": 2.35, "tags": ["a", "b"]]),
                "big": .int(Int.max), "small": .int(Int.min), "ratio": .double(-0.1),
                "flag": .bool(false), "nothing": .null, "text": .string(String(repeating: "é", count: 200)),
                "friends": .list((0..<100).map { .link(RecordKey(type: "Hero", id: String($0))) }),
                "odd": .link("no-colon-key"), "padded": .link("Hero:007"), "embedded": .link("Hero:1:friends:3"),
            ])
        try scratch.launch { $0.writeAndWait(PersistenceBatch(entries: [.init(snapshot: record, rowWasRead: true)])) }
        let back = try scratch.launch { try $0.read("Hero:1") }
        #expect(back == record)
        #expect(back?["name"] == .error(error))
    }

    @Test func aDeletionAndAnOperationsFetchTimeSurvive() throws {
        let scratch = Scratch()
        let operation = OperationIdentity(name: "Fixture", variables: ["page": 1])
        let when = Date(timeIntervalSince1970: 1_790_000_000.25)
        try scratch.launch { image throws in
            image.writeAndWait(
                PersistenceBatch(entries: [
                    .init(snapshot: snapshot("Character:1", ["name": .string("Rick")]), rowWasRead: false),
                    .init(snapshot: snapshot("Character:2", ["name": .string("Morty")]), rowWasRead: false),
                ]))
            image.writeAndWait(PersistenceBatch(deletions: ["Character:1"], fetchTimes: [operation: when]))
        }
        try scratch.launch { image throws in
            try image.withReadTransaction { reader throws in
                #expect(try reader.snapshot(of: "Character:1", fields: []) == nil)
                #expect(try reader.snapshot(of: "Character:2", fields: [])?["name"] == .string("Morty"))
                #expect(try reader.fetchTime(of: operation) == when)
                #expect(try reader.fetchTime(of: OperationIdentity(name: "Fixture", variables: ["page": 2])) == nil)
            }
        }
    }

    @Test func theRootIsARowPerFieldAndReadsOnlyTheFieldsAsked() throws {
        let scratch = Scratch()
        try scratch.launch { image throws in
            image.writeAndWait(
                PersistenceBatch(entries: [
                    .init(
                        snapshot: snapshot(.root, ["hero": .link("Hero:1"), "villain": .link("Hero:2")]),
                        rowWasRead: false)
                ]))
            // A later commit naming one root field leaves the others.
            image.writeAndWait(
                PersistenceBatch(entries: [
                    .init(snapshot: snapshot(.root, ["hero": .link("Hero:3")]), rowWasRead: true)
                ]))
        }
        try scratch.launch { image throws in
            let both = try image.read(.root, fields: [Slot("hero"), Slot("villain"), Slot("neverWritten")])
            #expect(both == snapshot(.root, ["hero": .link("Hero:3"), "villain": .link("Hero:2")]))
            #expect(try image.read(.root, fields: [Slot("villain")]) == snapshot(.root, ["villain": .link("Hero:2")]))
            #expect(try image.read(.root, fields: [Slot("neverWritten")]) == nil)
            #expect(try image.read(.mutationRoot, fields: [Slot("hero")]) == nil)
        }
    }
}
