import Foundation
import Testing
@_spi(Baton) @testable import BatonImage

/// A deletion (what `@deleteRecord` commits) reads the same after a relaunch as in the
/// launch that made it: the image keeps a tombstone for the key.
@MainActor @Suite struct DeletionRelaunchTests {
    static let plan = try! OperationPlan(
        #"query Rick { character(id: 1) { id name } }"#, normalization: Fixture.normalization)
    static let response = Data(
        #"{"data":{"character":{"__typename":"Character","id":"1","name":"Rick Sanchez"}}}"#.utf8)

    @Test func aDeletedRecordChecksAsAvailableAfterARelaunchAsInTheLaunchThatDeletedIt() throws {
        let scratch = Scratch()
        let first = StoreImage.open(at: scratch.file, version: "v1")
        let store = Store(normalization: Fixture.normalization, persistence: first)
        store.commit(try Ingest().ingest(Self.response, plan: Self.plan).changes, fetched: Self.plan.identity)
        store.commit(ChangeSet(snapshots: [], deletions: ["Character:1"]))
        #expect(store.check(Self.plan).availability == .available)
        first.close()

        let image = StoreImage.open(at: scratch.file, version: "v1")
        defer { image.close() }
        let relaunched = Store(normalization: Fixture.normalization, persistence: image)
        let result = relaunched.check(Self.plan)
        #expect(result.availability == .available)
        #expect(result.source == .image)
        #expect(relaunched.isDeleted("Character:1"))
        #expect(relaunched.resolve(relaunched.root[untracked: Slot("character(id:1)")]) == nil)
    }

    @Test func aDeletedKeyWrittenAgainReadsWithItsNewFieldsAfterARelaunch() throws {
        let scratch = Scratch()
        try scratch.launch { image in
            image.writeAndWait(PersistenceBatch(deletions: ["Character:1"]))
            image.writeAndWait(
                PersistenceBatch(entries: [
                    .init(snapshot: snapshot("Character:1", ["name": .string("Back")]), rowWasRead: false)
                ]))
        }
        try scratch.launch { image throws in
            let row = snapshot("Character:1", ["name": .string("Back")])
            #expect(try image.withReadTransaction { try $0.readRows(["Character:1"]) } == [.found(RowCells(row))])
        }
    }
}
