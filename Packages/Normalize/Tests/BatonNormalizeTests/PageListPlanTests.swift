import Foundation
import Testing
import BatonNormalize
import BatonRecords

/// `@pageList` and `@offsetList`: the merged list's storage key without the paging argument,
/// which pages start it and which append, the text sent without the directives, and the list
/// edits a page's answer makes.
@Suite struct PageListPlanTests {
    static let document = """
        query Characters($page: Int, $name: String) {
          characters(page: $page, filter: { name: $name }) @pageList(argument: "page", items: "results", next: "info.next") {
            info { count next }
            results { id name }
          }
        }
        """

    func plan(page: Int?, name: String = "Rick") throws -> OperationPlan {
        var variables: [String: JSONValue] = ["name": .string(name)]
        if let page { variables["page"] = .int(page) }
        return try OperationPlan(Self.document, variables: variables)
    }

    func field(_ plan: OperationPlan) throws -> FieldPlan {
        try #require(plan.root.common.fields.first)
    }

    func response(_ ids: [Int], next: Int?) -> Data {
        let results = ids.map { #"{"__typename":"Character","id":"\#($0)","name":"c\#($0)"}"# }
        return Data(
            #"""
            {"data":{"characters":{"__typename":"Characters","info":{"__typename":"Info","count":9,"next":\#(next.map(String.init) ?? "null")},
              "results":[\#(results.joined(separator: ","))]}}}
            """#.utf8)
    }

    @Test func everyPageMergesUnderOneStorageKeyWithoutThePageArgument() throws {
        let first = try field(plan(page: 1))
        let third = try field(plan(page: 3))
        #expect(first.storageKey == #"characters(filter:{"name":"Rick"},page:1)"#)
        #expect(first.connection?.field == #"__characters_pageList(filter:{"name":"Rick"})"#)
        #expect(third.connection?.field == first.connection?.field)
        #expect(
            try field(plan(page: 2, name: "Morty")).connection?.field
                == #"__characters_pageList(filter:{"name":"Morty"})"#)
    }

    @Test func theFirstPageOrNoPageStartsTheListAndAnyOtherAppends() throws {
        #expect(try field(plan(page: nil)).connection?.direction == .replace)
        #expect(try field(plan(page: 1)).connection?.direction == .replace)
        #expect(try field(plan(page: 2)).connection?.direction == .append)
        #expect(try field(plan(page: 2)).connection?.listPosition == 2)
        let list = try #require(try field(plan(page: 1)).connection?.list)
        #expect(
            list
                == PageListTemplate(
                    .page, argument: "page", variable: "page", items: "results", next: ["info", "next"]))
    }

    @Test func anOffsetListStartsAtOffsetZero() throws {
        let document = """
            query Posts($offset: Int) { posts(offset: $offset, limit: 2) @offsetList(argument: "offset", items: "items") { items { id } } }
            """
        let zero = try OperationPlan(document, variables: ["offset": .int(0)]).root.common.fields[0]
        let four = try OperationPlan(document, variables: ["offset": .int(4)]).root.common.fields[0]
        #expect(zero.connection?.direction == .replace)
        #expect(four.connection?.direction == .append)
        #expect(four.connection?.field == "__posts_pageList(limit:2)")
        #expect(four.connection?.list?.counting == .offset)
    }

    @Test func theTextSentLeavesTheDirectiveOut() throws {
        #expect(
            try plan(page: 2).text
                == "query Characters($page:Int,$name:String){characters(page:$page,filter:{name:$name}){info{count,next,__typename},results{id,name,__typename},__typename}}"
        )
    }

    @Test func theFirstPageReplacesTheHeadKeepingTheLastPagesNext() throws {
        let plan = try plan(page: 1)
        let changes = try Ingest().ingest(response([1, 2], next: 2), plan: plan).changes
        let merged = RecordKey(#"client:root:__characters_pageList(filter:{"name":"Rick"})"#)
        #expect(
            changes.edits == [
                ListEdit(
                    key: merged, slot: Slot("results"),
                    operation: .replaceHead(
                        links: ["Character:1", "Character:2"], uniqueBy: nil,
                        kept: [
                            .init(key: merged, slot: .pageListPosition), .init(key: merged, slot: .pageListCount),
                            .init(key: merged.child("info"), slot: Slot("next")),
                        ]))
            ])
        let record = try #require(changes[merged])
        #expect(record[.pageListPosition] == .int(1))
        #expect(record[.pageListCount] == .int(2))
        #expect(record[.pageListEnded] == .bool(false))
        #expect(record[Slot("info")] == .link(merged.child("info")))
        #expect(changes[merged.child("info")]?[Slot("next")] == .int(2))
    }

    @Test func aFirstPageWhoseNextIsNullStartsTheListAgainWithoutAnEdit() throws {
        let changes = try Ingest().ingest(response([1, 2], next: nil), plan: plan(page: 1)).changes
        #expect(changes.edits.isEmpty)
    }

    @Test func aLaterPageAppendsItsItems() throws {
        let changes = try Ingest().ingest(response([3, 4], next: nil), plan: plan(page: 2)).changes
        let merged = RecordKey(#"client:root:__characters_pageList(filter:{"name":"Rick"})"#)
        #expect(
            changes.edits == [
                ListEdit(
                    key: merged, slot: Slot("results"),
                    operation: .insert(links: ["Character:3", "Character:4"], atEnd: true, uniqueBy: nil))
            ])
        #expect(changes[merged]?[Slot("results")] == nil)
        #expect(changes[merged]?[.pageListPosition] == .int(2))
        #expect(changes[merged.child("info")]?[Slot("next")] == .null)
    }
}
