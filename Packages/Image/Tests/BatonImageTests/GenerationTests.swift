import Foundation
import Testing
@_spi(Baton) @testable import BatonImage

@Suite struct GenerationTests {
    @Test func removeAllEmptiesTheImageAndDropsAnOlderHandlesLateWrite() throws {
        let scratch = Scratch()
        let old = StoreImage.open(at: scratch.file, version: "v1")
        try old.waitUntilOpen()
        old.writeAndWait(
            PersistenceBatch(entries: [
                .init(snapshot: snapshot("Account:alice", ["email": .string("a@x")]), rowWasRead: false)
            ]))
        let fresh = old.removeAll()
        #expect(!old.isCurrent)
        #expect(fresh.isCurrent)
        // A late response for Alice lands after the sign-out.
        old.write(
            PersistenceBatch(entries: [
                .init(snapshot: snapshot("Account:alice", ["late": .bool(true)]), rowWasRead: false)
            ]))
        #expect(try fresh.read("Account:alice") == nil)
        #expect(try old.read("Account:alice") == nil)
        fresh.writeAndWait(
            PersistenceBatch(entries: [
                .init(snapshot: snapshot("Account:bob", ["email": .string("b@x")]), rowWasRead: false)
            ]))
        old.writeAndWait(
            PersistenceBatch(entries: [
                .init(snapshot: snapshot("Account:carol", ["email": .string("c@x")]), rowWasRead: false)
            ]))
        fresh.close()

        let inspector = try ImageInspector(path: scratch.file.path)
        #expect(try inspector.keys() == ["Account:bob"])
    }
}

@Suite struct TransientTests {
    @Test func transientTypesAndRootFieldsNeverReachTheImage() throws {
        let scratch = Scratch()
        let options = StoreImage.Options(transientTypes: ["Session"], transientRootFields: ["viewerSession"])
        try scratch.launch(options: options) { image in
            image.writeAndWait(
                PersistenceBatch(entries: [
                    .init(snapshot: snapshot("Session:1", ["token": .string("secret")]), rowWasRead: false),
                    .init(
                        snapshot: snapshot("Thing:1", ["__typename": .string("Session"), "token": .string("secret")]),
                        rowWasRead: false),
                    .init(
                        snapshot: snapshot("Character:1", ["name": .string("Rick"), "session": .link("Session:1")]),
                        rowWasRead: false),
                    .init(
                        snapshot: snapshot(
                            .root,
                            [
                                "viewerSession": .link("Session:1"), "viewerSession(id:2)": .null,
                                "character(id:1)": .link("Character:1"),
                            ]), rowWasRead: false),
                ]))
        }
        let inspector = try ImageInspector(path: scratch.file.path)
        #expect(try inspector.keys() == [.root, "Character:1"])
        #expect(try inspector.record(.root) == snapshot(.root, ["character(id:1)": .link("Character:1")]))
        let dump = try inspector.dump().jsonText()
        #expect(!dump.contains("secret"))
    }
}
