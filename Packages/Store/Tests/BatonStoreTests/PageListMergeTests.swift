import Foundation
import Testing
import BatonStore

/// A `@pageList`'s pages committed one after another: one list in page order under one key,
/// and the first page fetched again over them as a connection's first page is.
@MainActor @Suite struct PageListMergeTests {
    let merged: RecordKey = "client:root:__characters_pageList"

    func plan(page: Int) -> OperationPlan {
        try! OperationPlan(
            """
            query Characters($page: Int) { characters(page: $page) @pageList(argument: "page", items: "results", next: "info.next") {
              info { next } results { id name } } }
            """, variables: ["page": .int(page)])
    }

    func response(_ ids: [Int], next: Int?, name: String = "c") -> Data {
        let results = ids.map { #"{"__typename":"Character","id":"\#($0)","name":"\#(name)\#($0)"}"# }
        return Data(
            #"""
            {"data":{"characters":{"__typename":"Characters","info":{"__typename":"Info","next":\#(next.map(String.init) ?? "null")},
              "results":[\#(results.joined(separator: ","))]}}}
            """#.utf8)
    }

    func commit(_ store: Store, page: Int, _ response: Data) throws {
        let plan = plan(page: page)
        store.commit(try Ingest().ingest(response, plan: plan).changes, fetched: plan.identity)
    }

    func items(_ store: Store) -> [String] {
        guard case .list(let items)? = store.record(merged)?[untracked: Slot("results")] else { return [] }
        return items.compactMap { $0.link?.rawValue }
    }

    func next(_ store: Store) -> Value? {
        store.record(merged.child("info"))?[untracked: Slot("next")]
    }

    func threePages() throws -> Store {
        let store = Store()
        try commit(store, page: 1, response([1, 2], next: 2))
        try commit(store, page: 2, response([3, 4], next: 3))
        try commit(store, page: 3, response([5], next: nil))
        return store
    }

    @Test func pagesMergeInPageOrderUnderOneKey() throws {
        let store = try threePages()
        #expect(items(store) == ["Character:1", "Character:2", "Character:3", "Character:4", "Character:5"])
        #expect(next(store) == .null)
        #expect(store.record(merged)?[untracked: .pageListPosition] == .int(3))
        #expect(store.record("client:root")?[untracked: Slot("characters(page:2)")] != nil)
    }

    @Test func anItemAnEarlierPageHoldsIsNotAddedTwice() throws {
        let store = Store()
        try commit(store, page: 1, response([1, 2], next: 2))
        try commit(store, page: 2, response([2, 3], next: nil))
        #expect(items(store) == ["Character:1", "Character:2", "Character:3"])
    }

    /// The last page said nothing followed it, but the server may have added items since: the
    /// first page's end stands (the handle asks for the page after the last one merged).
    @Test func theFirstPageEqualToTheHeadKeepsLaterPagesAndTheLastPagesNextAndOpensTheEnd() throws {
        let store = try threePages()
        #expect(store.record(merged)?[untracked: .pageListEnded] == .bool(true))
        try commit(store, page: 1, response([1, 2], next: 2, name: "renamed"))
        #expect(items(store) == ["Character:1", "Character:2", "Character:3", "Character:4", "Character:5"])
        #expect(next(store) == .null)
        #expect(store.record(merged)?[untracked: .pageListPosition] == .int(3))
        #expect(store.record(merged)?[untracked: .pageListEnded] == .bool(false))
        #expect(store.record("Character:1")?[untracked: Slot("name")] == .string("renamed1"))
    }

    @Test func aFirstPageWhoseNextIsNullDropsTheLaterPages() throws {
        let store = try threePages()
        try commit(store, page: 1, response([1, 2], next: nil))
        #expect(items(store) == ["Character:1", "Character:2"])
        #expect(next(store) == .null)
        #expect(store.record(merged)?[untracked: .pageListPosition] == .int(1))
    }

    @Test func aFirstPageThatDiffersFromTheHeadStartsTheListAgain() throws {
        let store = try threePages()
        try commit(store, page: 1, response([9, 1], next: 2))
        #expect(items(store) == ["Character:9", "Character:1"])
        #expect(next(store) == .int(2))
        #expect(store.record(merged)?[untracked: .pageListPosition] == .int(1))
    }
}
