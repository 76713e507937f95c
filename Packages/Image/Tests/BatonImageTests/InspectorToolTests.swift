import Foundation
import Testing
@_spi(Baton) @testable import BatonImage
import BatonTestSupport

/// The built executables beside the test bundle.
enum Products {
    static func url(_ name: String) -> URL? {
        var directory = Bundle.main.bundleURL
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory.deleteLastPathComponent()
        }
        return nil
    }

    /// Runs `name` with `arguments` off the cooperative pool; returns its exit status and
    /// standard output.
    static func run(_ name: String, _ arguments: [String]) async throws -> (status: Int32, output: String) {
        guard let url = url(name) else {
            throw ImageError.unavailable(path: name, reason: "not built beside the tests")
        }
        let result = try await ChildProcessResult.run(url, arguments)
        return (result.status, result.outputText)
    }
}

@Suite struct InspectorToolTests {
    @Test func statsDumpAndGetShowTheImageAndLeaveTheFileBytesUnchanged() async throws {
        let scratch = Scratch()
        try scratch.launch {
            $0.writeAndWait(
                PersistenceBatch(Fixture.changes, fetchTimes: [Fixture.plan.identity: Date(timeIntervalSince1970: 9)]))
        }
        // A launch that reads a row is one the next open ages by.
        try scratch.launch { image throws in
            #expect(try image.read("Character:1") != nil)
            image.waitForPendingWrites()
        }
        let path = scratch.file.path
        let before = try Data(contentsOf: scratch.file)
        func unchanged() throws -> Bool {
            try Data(contentsOf: scratch.file) == before && !FileManager.default.fileExists(atPath: path + "-wal")
        }

        let stats = try await Products.run("baton-image", ["stats", path])
        #expect(stats.status == 0)
        #expect(stats.output.contains("keys: 899 = records 898 + roots 1 + deleted 0"))
        #expect(stats.output.contains("bytes: \(before.count)"))
        #expect(stats.output.contains("launches: 1: "))
        #expect(stats.output.contains("last launch that read rows: 2 "))
        #expect(stats.output.contains("oldest row: "))
        #expect(try unchanged())

        let dump = try await Products.run("baton-image", ["dump", path])
        #expect(dump.status == 0)
        let json = try JSONValue.parse(Data(dump.output.utf8))
        #expect(json[member: "Character:1"]?[member: "name"] == "Rick Sanchez")
        #expect(json[member: "Character:1"]?[member: "origin"] == ["__ref": "Location:1"])
        #expect(
            json[member: "client:root"]?[member: "characters(page:1)"] == ["__ref": "client:root:characters(page:1)"])
        #expect(try unchanged())

        let get = try await Products.run("baton-image", ["get", path, "Episode:1"])
        #expect(get.status == 0)
        #expect(try JSONValue.parse(Data(get.output.utf8)) == Fixture.changes["Episode:1"]?.relayDump)
        #expect(try unchanged())

        let missing = try await Products.run("baton-image", ["get", path, "Episode:999"])
        #expect(missing.status != 0)
        #expect(try unchanged())
    }

    @Test func statsCountsTheKeysDumpListsAsRecordsRootsAndDeletedKeys() async throws {
        let scratch = Scratch()
        try scratch.launch { image in
            image.writeAndWait(
                PersistenceBatch(entries: [
                    .init(snapshot: snapshot(.root, ["a": .link("Note:1"), "b": .int(2)]), rowWasRead: false),
                    .init(snapshot: snapshot(.mutationRoot, ["m": .link("Note:2")]), rowWasRead: false),
                    .init(snapshot: snapshot("Note:1", ["text": .string("one")]), rowWasRead: false),
                    .init(snapshot: snapshot("Note:2", ["text": .string("two")]), rowWasRead: false),
                    .init(snapshot: snapshot("Note:3", ["text": .string("three")]), rowWasRead: false),
                ]))
            image.writeAndWait(PersistenceBatch(deletions: ["Note:3"]))
        }
        let path = scratch.file.path
        let dump = try await Products.run("baton-image", ["dump", path])
        guard case .object(let members) = try JSONValue.parse(Data(dump.output.utf8)) else {
            Issue.record("dump printed no object: \(dump.output)")
            return
        }
        #expect(members.count == 5)
        #expect(try JSONValue.parse(Data(dump.output.utf8))[member: "Note:3"] == .null)

        let stats = try await Products.run("baton-image", ["stats", path])
        #expect(stats.status == 0)
        #expect(stats.output.contains("keys: \(members.count) = records 2 + roots 2 + deleted 1"), "\(stats.output)")
        #expect(stats.output.contains("root fields: 3"))

        let deleted = try await Products.run("baton-image", ["get", path, "Note:3"])
        #expect(deleted.status != 0)
    }

    @Test func theInspectorRefusesADatabaseThatIsNotAnImage() throws {
        let scratch = Scratch()
        try sqlite(scratch.file.path, "CREATE TABLE t(x)")
        #expect(throws: ImageError.self) { try ImageInspector(path: scratch.file.path) }
    }
}
