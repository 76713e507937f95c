import Foundation
import Testing
import BatonLens
import BatonTestSupport

/// A page list and a Relay connection in one operation: each pager finds its own.
enum PagesAndNotesQuery: GraphQLOperation {
    static let document = """
        query PagesAndNotes($page: Int, $count: Int = 2, $cursor: String) {
          characters(page: $page) @pageList(argument: "page", items: "results", next: "info.next") {
            info { count next }
            results { id name }
          }
          character(id: "1") {
            id
            notes(first: $count, after: $cursor) @connection(key: "PagesAndNotes_notes") {
              edges { node { id text __typename } cursor }
              pageInfo { endCursor hasNextPage }
            }
          }
        }
        """
    typealias Data = CharacterPagesQuery.Data

    /// The characters page and the notes page the variables ask for, in one answer.
    static func transport() -> ScriptedTransport {
        ScriptedTransport { request, _ in
            var number = 1
            if case .int(let asked)? = request.variables["page"] { number = asked }
            let page = String(decoding: CharacterPagesQuery.page(number), as: UTF8.self)
            let characters = page.dropFirst(#"{"data":{"#.count).dropLast(2)
            let second = request.variables["cursor"] == "c2"
            let notes =
                second
                ? #"{"cursor":"c3","node":{"__typename":"Note","id":"n3","text":"three"}}"#
                : #"{"cursor":"c1","node":{"__typename":"Note","id":"n1","text":"one"}},{"cursor":"c2","node":{"__typename":"Note","id":"n2","text":"two"}}"#
            let info =
                #""pageInfo":{"__typename":"PageInfo","endCursor":"\#(second ? "c3" : "c2")","hasNextPage":\#(!second)}"#
            return Foundation.Data(
                #"{"data":{\#(characters),"character":{"__typename":"Character","id":"1","notes":{"__typename":"NoteConnection","edges":[\#(notes)],\#(info)}}}}"#
                    .utf8)
        }
    }
}

@MainActor
struct PageListWithConnectionTests {
    @Test func loadNextPagesTheListAndLoadNextCountPagesTheConnectionOfOneOperation() async throws {
        let transport = PagesAndNotesQuery.transport()
        let handle = QueryHandle(PagesAndNotesQuery.self, variables: ["page": 1], in: Spec.environment(transport))
        #expect(await eventually { handle.phase == .ready }, "\(String(describing: handle.error))")
        #expect(handle.hasNext)
        #expect(handle.hasNextPage)

        await handle.loadNext()
        #expect(transport.requests.last?.variables == ["page": 2])
        await handle.loadNext(2)
        #expect(transport.requests.last?.variables == ["page": 1, "count": 2, "cursor": "c2"])

        #expect(handle.error == nil, "\(String(describing: handle.error))")
        #expect(try handle.data?.characters?.results?.count == 4)
        #expect(handle.hasNextPage == false)
        #expect(handle.hasNext)
    }
}
