import Foundation
import Testing
import BatonStore

@MainActor @Suite struct ListEditTests {
    let edges = Slot("edges")
    let node = Slot("node")
    let connection: RecordKey = "client:root:__notes_connection"

    /// A connection of two edges, to notes n1 and n2.
    func seeded() -> Store {
        let store = Store()
        var changes = ChangeSet()
        changes.write(.list([.link("edge:1"), .link("edge:2")]), to: edges, of: connection)
        changes.write(.link("Note:n1"), to: node, of: "edge:1")
        changes.write(.link("Note:n2"), to: node, of: "edge:2")
        store.commit(changes)
        return store
    }

    /// The edit adding `links` to the connection's edges, at the end unless `atEnd` is false.
    func insert(_ links: [RecordKey], atEnd: Bool = true, uniqueBy: Slot?) -> ListEdit {
        ListEdit(key: connection, slot: edges, operation: .insert(links: links, atEnd: atEnd, uniqueBy: uniqueBy))
    }

    func edgeKeys(_ store: Store) -> [RecordKey?] {
        guard case .list(let links)? = store.record(connection)?[untracked: edges] else { return [] }
        return links.map(\.link)
    }

    @Test func anInsertWithUniqueBySkipsAnEdgeOfANodeTheListAlreadyHas() {
        let store = seeded()
        let log = FireLog()
        let record = store.record(connection)!
        track("edges", in: log) { _ = record[slot: edges] }
        var changes = ChangeSet()
        changes.write(.link("Note:n2"), to: node, of: "edge:3")  // a second edge of n2
        changes.write(.link("Note:n3"), to: node, of: "edge:4")
        changes.edit(
            insert(["edge:3", "edge:4"], uniqueBy: node))
        store.commit(changes)
        #expect(edgeKeys(store) == ["edge:1", "edge:2", "edge:4"])
        #expect(log.fired == ["edges": 1])
    }

    @Test func anInsertSkipsALinkOrANodeThatAnEarlierEdgeOfTheSamePageHas() {
        let store = seeded()
        var changes = ChangeSet()
        changes.write(.link("Note:n3"), to: node, of: "edge:3")
        changes.write(.link("Note:n3"), to: node, of: "edge:4")  // n3 again, within the page
        changes.write(.link("Note:n5"), to: node, of: "edge:5")
        changes.edit(
            insert(["edge:3", "edge:5", "edge:4", "edge:5"], uniqueBy: node))
        store.commit(changes)
        #expect(edgeKeys(store) == ["edge:1", "edge:2", "edge:3", "edge:5"])
    }

    @Test func anInsertUniqueByAScalarFieldSkipsAnEdgeWhoseValueAnotherEdgeHas() {
        let store = seeded()
        let cursor = Slot("cursor")
        var changes = ChangeSet()
        changes.write(.string("c1"), to: cursor, of: "edge:1")
        changes.write(.string("c2"), to: cursor, of: "edge:2")
        changes.write(.string("c2"), to: cursor, of: "edge:3")  // the list's second edge's
        changes.write(.string("c4"), to: cursor, of: "edge:4")
        changes.write(.string("c4"), to: cursor, of: "edge:5")  // the page's own edge:4's
        changes.edit(
            insert(["edge:3", "edge:4", "edge:5"], uniqueBy: cursor))
        store.commit(changes)
        #expect(edgeKeys(store) == ["edge:1", "edge:2", "edge:4"])
    }

    /// The commit that inserts the page also moves an edge already in the list to another
    /// node: the page is compared with the list's nodes as the commit leaves them.
    @Test func anInsertComparesWithTheNodesTheSameCommitGivesTheListsEdges() {
        let store = seeded()
        var changes = ChangeSet()
        changes.write(.link("Note:n9"), to: node, of: "edge:2")  // edge:2 now n9, no longer n2
        changes.write(.link("Note:n9"), to: node, of: "edge:3")
        changes.write(.link("Note:n2"), to: node, of: "edge:4")
        changes.edit(
            insert(["edge:3", "edge:4"], uniqueBy: node))
        store.commit(changes)
        #expect(edgeKeys(store) == ["edge:1", "edge:2", "edge:4"])
    }

    /// A page of 200 edges, some of nodes the 300-edge list has and some of one node twice,
    /// merged as a plain reading of the rule merges it: each node once, first come first kept.
    @Test func aLongPageJoinsALongListKeepingEachNodeOnce() {
        let store = Store()
        var changes = ChangeSet()
        let listed = (0..<300).map { RecordKey("edge:\($0)") }
        changes.write(.list(listed.map(Value.link)), to: edges, of: connection)
        for n in 0..<300 { changes.write(.link(RecordKey("Note:n\(n)")), to: node, of: listed[n]) }
        store.commit(changes)
        var page = ChangeSet()
        var pageLinks: [RecordKey] = []
        var nodes: [RecordKey: RecordKey] = [:]
        for n in 0..<300 { nodes[listed[n]] = RecordKey("Note:n\(n)") }
        for i in 0..<200 {
            let link = RecordKey("edge:p\(i)")
            let target = RecordKey("Note:n\(i % 3 == 0 ? 250 + i / 4 : 300 + i / 2)")
            page.write(.link(target), to: node, of: link)
            nodes[link] = target
            pageLinks.append(link)
        }
        page.edit(
            insert(pageLinks, uniqueBy: node))
        store.commit(page)
        var expected = listed
        var seen = Set(listed.compactMap { nodes[$0] })
        for link in pageLinks where seen.insert(nodes[link]!).inserted { expected.append(link) }
        #expect(edgeKeys(store) == expected.map { Optional($0) })
        #expect(expected.count > 300 && expected.count < 500)
    }

    @Test func anInsertAtTheStartPrepends() {
        let store = seeded()
        var changes = ChangeSet()
        changes.write(.link("Note:n0"), to: node, of: "edge:0")
        changes.edit(
            insert(["edge:0"], atEnd: false, uniqueBy: node))
        store.commit(changes)
        #expect(edgeKeys(store) == ["edge:0", "edge:1", "edge:2"])
    }

    @Test func anInsertWithoutUniqueByStillSkipsALinkAlreadyThere() {
        let store = seeded()
        var changes = ChangeSet()
        changes.edit(
            insert(["edge:2", "edge:9"], uniqueBy: nil))
        store.commit(changes)
        #expect(edgeKeys(store) == ["edge:1", "edge:2", "edge:9"])
    }

    @Test func aRemoveByFieldDropsTheEdgesOfTheNode() {
        let store = seeded()
        var changes = ChangeSet()
        changes.edit(ListEdit(key: connection, slot: edges, operation: .remove(target: "Note:n1", field: node)))
        store.commit(changes)
        #expect(edgeKeys(store) == ["edge:2"])
    }

    @Test func aRemoveWithoutAFieldDropsTheLinkItself() {
        let store = seeded()
        var changes = ChangeSet()
        changes.edit(ListEdit(key: connection, slot: edges, operation: .remove(target: "edge:2", field: nil)))
        store.commit(changes)
        #expect(edgeKeys(store) == ["edge:1"])
    }

    @Test func anEditOfAFieldThatHoldsNothingYetStartsAList() {
        let store = seeded()
        var changes = ChangeSet()
        changes.edit(
            ListEdit(
                key: connection, slot: Slot("others"), operation: .insert(links: ["edge:1"], atEnd: true, uniqueBy: nil)
            ))
        store.commit(changes)
        #expect(store.record(connection)?[untracked: Slot("others")] == .list([.link("edge:1")]))
    }

    @Test func anEditThatChangesNothingNotifiesNoOne() {
        let store = seeded()
        let log = FireLog()
        let record = store.record(connection)!
        track("edges", in: log) { _ = record[slot: edges] }
        var changes = ChangeSet()
        changes.edit(ListEdit(key: connection, slot: edges, operation: .remove(target: "Note:n9", field: node)))
        let summary = store.commit(changes)
        #expect(log.total == 0)
        #expect(summary.fieldsWritten == 0)
    }

    @Test func anEditUnderAnOptimisticLayerEditsTheBaseBeneathIt() {
        let store = seeded()
        var optimistic = ChangeSet()
        optimistic.write(.link("Note:tmp"), to: node, of: "edge:tmp")
        optimistic.edit(
            insert(["edge:tmp"], uniqueBy: node)
        )
        let layer = store.applyOptimistic(optimistic)
        #expect(edgeKeys(store) == ["edge:1", "edge:2", "edge:tmp"])
        var server = ChangeSet()
        server.write(.link("Note:n3"), to: node, of: "edge:3")
        server.edit(
            insert(["edge:3"], uniqueBy: node))
        store.commit(server, replacing: layer)
        #expect(edgeKeys(store) == ["edge:1", "edge:2", "edge:3"])
        #expect(store.record("edge:tmp") == nil)
    }
}
