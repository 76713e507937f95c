import Foundation
import Testing
@_spi(Baton) @testable import BatonImage

/// A root `@pageList` drawn from the image: the check reads the merged list's root field
/// beside the page's own, so a relaunch has every page merged, not the first alone.
@Suite struct PageListRelaunchTests {
    static let merged: RecordKey = "client:root:__characters_pageList"

    static func plan(page: Int) throws -> OperationPlan {
        try OperationPlan(
            """
            query Characters($page: Int) { characters(page: $page) @pageList(argument: "page", items: "results", next: "info.next") {
              info { next } results { id name } } }
            """, variables: ["page": .int(page)])
    }

    static func page(_ ids: [Int], next: Int?) -> Data {
        let results = ids.map { #"{"__typename":"Character","id":"\#($0)","name":"c\#($0)"}"# }
        return Data(
            #"""
            {"data":{"characters":{"__typename":"Characters","info":{"__typename":"Info","next":\#(next.map(String.init) ?? "null")},
              "results":[\#(results.joined(separator: ","))]}}}
            """#.utf8)
    }

    @MainActor static func items(_ store: Store) -> [String] {
        guard case .list(let items)? = store.record(merged)?[untracked: Slot("results")] else { return [] }
        return items.compactMap { $0.link?.rawValue }
    }

    @MainActor @Test func aRelaunchDrawsEveryMergedPageFromTheImage() throws {
        let scratch = Scratch()
        let first = StoreImage.open(at: scratch.file, version: "v1")
        let writer = Store(persistence: first)
        for (number, ids) in [(1, [1, 2]), (2, [3])] {
            let plan = try Self.plan(page: number)
            let response = Self.page(ids, next: number == 1 ? 2 : nil)
            writer.commit(try Ingest().ingest(response, plan: plan).changes, fetched: plan.identity)
        }
        first.close()

        let image = StoreImage.open(at: scratch.file, version: "v1")
        defer { image.close() }
        let store = Store(persistence: image)
        #expect(store.check(try Self.plan(page: 1)).source == .image)
        #expect(Self.items(store) == ["Character:1", "Character:2", "Character:3"])
        #expect(store.record(Self.merged.child("info"))?[untracked: Slot("next")] == .null)
    }
}
