import Foundation
import Testing
@_spi(Baton) @testable import BatonStore

/// A long list's memo (`ListMemos`): a page inserted into a list the store wrote is compared
/// with the page and the elements the memo could not count, and still keeps each node once
/// whatever happened to the list's edges between pages.
@MainActor @Suite struct ListMemoTests {
    let edges = Slot("edges")
    let node = Slot("node")
    let connection: RecordKey = "client:root:__notes_connection"
    static let listed = 100

    /// A connection of `listed` edges, `edge:i` to `Note:i`, written as a first page (a
    /// `replaceHead` edit), so the store makes the list's memo.
    func seeded(dangling: [RecordKey] = []) -> Store {
        let store = Store()
        var changes = ChangeSet()
        let keys = (0..<Self.listed).map { RecordKey("edge:\($0)") }
        for (i, key) in keys.enumerated() { changes.write(.link(RecordKey("Note:\(i)")), to: node, of: key) }
        let links = keys + dangling
        changes.write(.list(links.map(Value.link)), to: edges, of: connection)
        changes.edit(
            ListEdit(
                key: connection, slot: edges, operation: .replaceHead(links: links, uniqueBy: node, kept: [])))
        store.commit(changes)
        return store
    }

    /// Commits a page of edges `edge:<name>` to the notes given, inserted at the list's end.
    func insertPage(_ notes: [String: String], into store: Store) {
        var changes = ChangeSet()
        let names = notes.keys.sorted()
        for name in names {
            changes.write(.link(RecordKey("Note:\(notes[name]!)")), to: node, of: RecordKey("edge:\(name)"))
        }
        changes.edit(
            ListEdit(
                key: connection, slot: edges,
                operation: .insert(links: names.map { RecordKey("edge:\($0)") }, atEnd: true, uniqueBy: node)))
        store.commit(changes)
    }

    func edgeKeys(_ store: Store) -> [String] {
        guard case .list(let links)? = store.record(connection)?[untracked: edges] else { return [] }
        return links.compactMap { $0.link?.rawValue }
    }

    @Test func aPageOfNewNodesIsAnsweredByTheMemoAndJoinsTheList() {
        let store = seeded()
        insertPage(["p1": "new1", "p2": "new2"], into: store)
        insertPage(["q1": "new3"], into: store)
        #expect(store.listMemos.answered == 2)
        #expect(edgeKeys(store).suffix(3) == ["edge:p1", "edge:p2", "edge:q1"])
        #expect(edgeKeys(store).count == Self.listed + 3)
    }

    @Test func aPageWithANodeTheListHasIsComparedWithTheWholeListAndSkipsIt() {
        let store = seeded()
        insertPage(["p1": "7", "p2": "new"], into: store)
        #expect(store.listMemos.answered == 0)
        #expect(edgeKeys(store).suffix(2) == ["edge:99", "edge:p2"])
        // The list the insert made has a memo again, which counts the page's nodes too.
        insertPage(["q1": "newer"], into: store)
        #expect(store.listMemos.answered == 1)
        insertPage(["r1": "new"], into: store)
        #expect(store.listMemos.answered == 1)
        #expect(edgeKeys(store).suffix(3) == ["edge:99", "edge:p2", "edge:q1"])
    }

    /// Between pages a commit moves an edge of the list to another node: the memo is
    /// forgotten, and the next page's edge to that node is skipped.
    @Test func anEdgeMovedToAnotherNodeBetweenPagesStillKeepsThatNodeOnce() {
        let store = seeded()
        var moved = ChangeSet()
        moved.write(.link("Note:elsewhere"), to: node, of: "edge:5")
        store.commit(moved)
        insertPage(["p1": "elsewhere", "p2": "new"], into: store)
        #expect(edgeKeys(store).suffix(2) == ["edge:99", "edge:p2"])
    }

    /// The list links to an edge the store does not hold yet; a later commit makes it, to a
    /// node the next page also has: the memo did not count that edge, and reads it each time.
    @Test func anEdgeWhoseRecordCameLaterIsReadForEachPage() {
        let store = seeded(dangling: ["edge:late"])
        var late = ChangeSet()
        late.write(.link("Note:late"), to: node, of: "edge:late")
        store.commit(late)
        insertPage(["p1": "late", "p2": "new"], into: store)
        #expect(store.listMemos.answered == 1)
        #expect(edgeKeys(store).suffix(2) == ["edge:late", "edge:p2"])
    }

    /// A page link that is already an element (the same page fetched twice) is not added
    /// again, and the memo does not claim it is new.
    @Test func aPageLinkAlreadyInTheListIsNotAddedAgain() {
        let store = seeded()
        insertPage(["p1": "new1"], into: store)
        insertPage(["p1": "new1", "p2": "new2"], into: store)
        #expect(edgeKeys(store).suffix(2) == ["edge:p1", "edge:p2"])
        #expect(edgeKeys(store).count == Self.listed + 2)
    }

    /// An edge of the list leaves view (deleted) and comes back to another node: every memo
    /// is forgotten when a record leaves view, so the page is compared with its new node.
    @Test func anEdgeDeletedAndWrittenAgainIsComparedWithItsNewNode() {
        let store = seeded()
        store.commit(ChangeSet(snapshots: [], deletions: ["edge:3"]))
        var again = ChangeSet()
        again.write(.link("Note:back"), to: node, of: "edge:3")
        store.commit(again)
        insertPage(["p1": "back", "p2": "new"], into: store)
        #expect(edgeKeys(store).suffix(2) == ["edge:99", "edge:p2"])
    }

    /// Without `uniqueBy` a memo has no targets: a page link that is an element it counted
    /// had a record in view before the commit, which sends the insert to the whole list.
    @Test func aLinkAlreadyInAListWithoutUniqueByIsNotAddedAgain() {
        let store = Store()
        var changes = ChangeSet()
        let links = (0..<Self.listed).map { RecordKey("edge:\($0)") }
        for link in links { changes.write(.string(link.rawValue), to: Slot("cursor"), of: link) }
        changes.write(.list(links.map(Value.link)), to: edges, of: connection)
        changes.edit(
            ListEdit(key: connection, slot: edges, operation: .replaceHead(links: links, uniqueBy: nil, kept: [])))
        store.commit(changes)
        var page = ChangeSet()
        page.write(.string("new"), to: Slot("cursor"), of: "edge:new")
        page.edit(
            ListEdit(
                key: connection, slot: edges,
                operation: .insert(links: ["edge:new", "edge:7"], atEnd: true, uniqueBy: nil)))
        store.commit(page)
        #expect(edgeKeys(store).count == Self.listed + 1)
        #expect(edgeKeys(store).last == "edge:new")
    }

    /// A collection may free an edge that a later commit makes again to another node: it
    /// forgets every memo.
    @Test func aCollectionForgetsEveryMemo() {
        let store = seeded()
        #expect(!store.listMemos.isEmpty)
        _ = store.collect()
        #expect(store.listMemos.isEmpty)
    }

    /// A first page fetched again whose edges are the list's head keeps the later pages, in
    /// a short commit that does not pay for a memo of the whole list (here a list written
    /// without one, as a relaunch reads it): the next insert makes it.
    @Test func aFirstPageThatKeepsTheLaterPagesLeavesTheMemoToTheNextInsert() {
        let store = Store()
        var written = ChangeSet()
        let keys = (0..<Self.listed).map { RecordKey("edge:\($0)") }
        for (i, key) in keys.enumerated() { written.write(.link(RecordKey("Note:\(i)")), to: node, of: key) }
        written.write(.list(keys.map(Value.link)), to: edges, of: connection)
        store.commit(written)
        var again = ChangeSet()
        let head = Array(keys.prefix(10))
        for (i, key) in head.enumerated() { again.write(.link(RecordKey("Note:\(i)")), to: node, of: key) }
        again.write(.list(head.map(Value.link)), to: edges, of: connection)
        again.edit(
            ListEdit(key: connection, slot: edges, operation: .replaceHead(links: head, uniqueBy: node, kept: [])))
        store.commit(again)
        #expect(edgeKeys(store).count == Self.listed)
        #expect(store.listMemos.isEmpty)
        insertPage(["p1": "7", "p2": "new1"], into: store)
        #expect(store.listMemos.answered == 0)
        #expect(edgeKeys(store).suffix(2) == ["edge:99", "edge:p2"])
        insertPage(["q1": "new2"], into: store)
        #expect(store.listMemos.answered == 1)
    }

    @Test func aShortListHasNoMemo() {
        let store = Store()
        var changes = ChangeSet()
        let links: [RecordKey] = ["edge:a", "edge:b"]
        for link in links { changes.write(.link(RecordKey("Note:\(link.rawValue)")), to: node, of: link) }
        changes.write(.list(links.map(Value.link)), to: edges, of: connection)
        changes.edit(
            ListEdit(
                key: connection, slot: edges, operation: .replaceHead(links: links, uniqueBy: node, kept: [])))
        store.commit(changes)
        insertPage(["p1": "new"], into: store)
        #expect(store.listMemos.isEmpty)
        #expect(store.listMemos.answered == 0)
    }
}
