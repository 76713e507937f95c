import Foundation
import Synchronization
import Testing
import BatonLens
import BatonTestSupport

/// The Rick and Morty API's page-number list, declared `@pageList`, paged by `loadNext()`.
enum CharacterPagesQuery: GraphQLOperation {
    static let document = """
        query CharacterPages($page: Int) {
          characters(page: $page) @pageList(argument: "page", items: "results", next: "info.next") {
            info { count next }
            results { id name }
          }
        }
        """
    struct Data: Fragment {
        static let typeCondition = "Query"
        struct Fields: FieldSet { let characters = Linked<Characters?>("characters", arguments: true) }
        static let fields = Fields()
        let ref: RecordRef
    }
    struct Characters: Fragment {
        static let typeCondition = "Characters"
        struct Fields: FieldSet { let results = Linked<[Character?]?>("results") }
        static let fields = Fields()
        let ref: RecordRef
    }
    struct Character: Fragment {
        static let typeCondition = "Character"
        struct Fields: FieldSet { let name = Scalar<String?>("name") }
        static let fields = Fields()
        let ref: RecordRef
    }

    /// Page `page` of `pages`, two characters a page.
    static func page(_ page: Int, of pages: Int = 3) -> Foundation.Data {
        let ids = [2 * page - 1, 2 * page]
        let results = ids.map { #"{"__typename":"Character","id":"\#($0)","name":"Character \#($0)"}"# }
        let next = page < pages ? String(page + 1) : "null"
        return Foundation.Data(
            #"""
            {"data":{"characters":{"__typename":"Characters","info":{"__typename":"Info","count":6,"next":\#(next)},
              "results":[\#(results.joined(separator: ","))]}}}
            """#.utf8)
    }

    /// Answers each page its variable asks for.
    static func transport() -> ScriptedTransport {
        ScriptedTransport { request, _ in
            guard case .int(let number)? = request.variables["page"] else { return page(1) }
            return page(number)
        }
    }
}

/// An offset list without a `next` field: the next offset is the last one plus its items.
enum OffsetCharactersQuery: GraphQLOperation {
    static let document = """
        query OffsetCharacters($offset: Int) {
          characters(page: $offset) @offsetList(argument: "page", items: "results") { results { id name } }
        }
        """
    typealias Data = CharacterPagesQuery.Data
}

@MainActor
struct PageListTests {
    func names(_ handle: QueryHandle<CharacterPagesQuery>) throws -> [String?] {
        try handle.data?.characters?.results?.map { try $0?.name } ?? []
    }

    func pagination(_ error: OperationError?) -> PaginationError? {
        guard case .refused(.pagination(let error))? = error else { return nil }
        return error
    }

    @Test func loadNextAppendsTheNextPageTheAnswerNames() async throws {
        let transport = CharacterPagesQuery.transport()
        let handle = QueryHandle(CharacterPagesQuery.self, variables: ["page": 1], in: Spec.environment(transport))
        #expect(await eventually { handle.phase == .ready })
        #expect(try names(handle) == ["Character 1", "Character 2"])
        #expect(handle.hasNext)

        await handle.loadNext()

        #expect(transport.requests.last?.variables == ["page": 2])
        #expect(try names(handle) == ["Character 1", "Character 2", "Character 3", "Character 4"])
        #expect(handle.hasNext)
        #expect(handle.isLoadingNext == false)
        #expect(handle.error == nil)
    }

    @Test func hasNextIsFalseAtTheLastPageAndLoadNextFetchesNothing() async throws {
        let transport = CharacterPagesQuery.transport()
        let handle = QueryHandle(CharacterPagesQuery.self, variables: ["page": 1], in: Spec.environment(transport))
        #expect(await eventually { handle.phase == .ready })
        await handle.loadNext()
        await handle.loadNext()
        #expect(handle.hasNext == false)
        #expect(try names(handle).count == 6)

        await handle.loadNext()

        #expect(transport.count == 3)
    }

    @Test func aViewReadingHasNextReRendersWhenTheLastPageLands() async throws {
        let handle = QueryHandle(
            CharacterPagesQuery.self, variables: ["page": 2], in: Spec.environment(CharacterPagesQuery.transport()))
        #expect(await eventually { handle.phase == .ready })
        let log = RenderLog()
        render("more", in: log) { _ = handle.hasNext }
        await handle.loadNext()
        #expect(log.fired == ["more": 1])
        #expect(handle.hasNext == false)
    }

    /// Loaded to its last page, then the server added a page: page 1 fetched again by a fetch
    /// that is not a refetch keeps the pages merged, and `loadNext()` asks for the page after
    /// the last one merged, not for the `next` page 1 names.
    @Test func aListLoadedToItsEndPagesOnToAPageAddedSinceOnceItsFirstPageComesAgain() async throws {
        let pages = Mutex(3)
        let transport = ScriptedTransport { request, _ in
            guard case .int(let number)? = request.variables["page"] else { return CharacterPagesQuery.page(1) }
            return CharacterPagesQuery.page(number, of: pages.withLock { $0 })
        }
        let environment = Spec.environment(transport)
        let handle = QueryHandle(CharacterPagesQuery.self, variables: ["page": 1], in: environment)
        #expect(await eventually { handle.phase == .ready })
        await handle.loadNext()
        await handle.loadNext()
        #expect(handle.hasNext == false)
        pages.withLock { $0 = 4 }

        try await environment.fetch(CharacterPagesQuery.self, variables: ["page": 1])

        #expect(try names(handle).count == 6)
        #expect(handle.hasNext)

        await handle.loadNext()

        #expect(transport.requests.last?.variables == ["page": 4])
        #expect(try names(handle).last == "Character 8")
        #expect(handle.hasNext == false)
    }

    @Test func aFailedPageIsTheErrorAndKeepsThePagesMerged() async throws {
        let transport = ScriptedTransport { request, _ in
            if request.variables["page"] == 2 { throw TestTransportError.unreachable }
            return CharacterPagesQuery.page(1)
        }
        let handle = QueryHandle(CharacterPagesQuery.self, variables: ["page": 1], in: Spec.environment(transport))
        #expect(await eventually { handle.phase == .ready })

        await handle.loadNext()

        guard case .fetch? = handle.error else {
            Issue.record("expected a fetch failure, got \(String(describing: handle.error))")
            return
        }
        #expect(try names(handle) == ["Character 1", "Character 2"])
        #expect(handle.hasNext)
    }

    @Test func aLiteralPageArgumentCannotPage() async throws {
        enum LiteralPage: GraphQLOperation {
            static let document = """
                query LiteralPage { characters(page: 1) @pageList(argument: "page", items: "results") { results { id name } } }
                """
            typealias Data = CharacterPagesQuery.Data
        }
        let transport = CharacterPagesQuery.transport()
        let handle = QueryHandle(LiteralPage.self, in: Spec.environment(transport))
        #expect(await eventually { handle.phase == .ready })

        await handle.loadNext()

        #expect(
            pagination(handle.error)
                == .pageArgumentNotVariable(operation: "LiteralPage", field: "characters", argument: "page"))
        #expect(transport.count == 1)
    }

    @Test func anOperationWithoutAPageListCannotLoadNext() async throws {
        let handle = QueryHandle(NotesQuery.self, variables: ["id": "1"], in: Spec.environment(NotesQuery.transport()))
        #expect(await eventually { handle.phase == .ready })
        await handle.loadNext()
        #expect(pagination(handle.error) == .noPageList(operation: "TestNotesPage"))
    }

    @Test func anOffsetListWithoutANextFieldAsksForTheLastOffsetPlusItsItems() async throws {
        let transport = ScriptedTransport { request, _ in
            switch request.variables["offset"] {
            case .int(2)?: CharacterPagesQuery.page(2)
            case .int(4)?: Foundation.Data(#"{"data":{"characters":{"__typename":"Characters","results":[]}}}"#.utf8)
            default: CharacterPagesQuery.page(1)
            }
        }
        let handle = QueryHandle(OffsetCharactersQuery.self, variables: ["offset": 0], in: Spec.environment(transport))
        #expect(await eventually { handle.phase == .ready })
        await handle.loadNext()
        #expect(transport.requests.last?.variables == ["offset": 2])
        #expect(handle.hasNext)
        await handle.loadNext()
        #expect(transport.requests.last?.variables == ["offset": 4])
        #expect(handle.hasNext == false)
        #expect(try handle.data?.characters?.results?.count == 4)
    }

    /// A refetch starts a page list again: page 1 alone, with its own `next`, and the pages
    /// after it are asked again.
    @Test func aRefetchStartsAPageListAgainFromItsFirstPage() async throws {
        let transport = CharacterPagesQuery.transport()
        let handle = QueryHandle(CharacterPagesQuery.self, variables: ["page": 1], in: Spec.environment(transport))
        #expect(await eventually { handle.phase == .ready })
        await handle.loadNext()
        await handle.loadNext()
        #expect(try names(handle).count == 6)
        #expect(handle.hasNext == false)

        await handle.refetch()

        #expect(try names(handle).count == 2)
        #expect(handle.hasNext)
        await handle.loadNext()
        #expect(transport.requests.last?.variables == ["page": 2])
        #expect(try names(handle).count == 4)
    }

    /// Page 3 on its way when a refetch starts the list again is not merged after page 1
    /// (it would leave out page 2): the error says why, and the next page asked is page 2.
    @Test func aPageThatComesAfterARefetchStartedTheListAgainIsNotMerged() async throws {
        let gate = Gate()
        let transport = ScriptedTransport { request, _ in
            guard case .int(let number)? = request.variables["page"] else { return CharacterPagesQuery.page(1) }
            if number == 3 { try await gate.passed() }
            return CharacterPagesQuery.page(number)
        }
        let handle = QueryHandle(CharacterPagesQuery.self, variables: ["page": 1], in: Spec.environment(transport))
        #expect(await eventually { handle.phase == .ready })
        await handle.loadNext()
        let page = Task { await handle.loadNext() }
        #expect(await eventually { transport.count == 3 })

        await handle.refetch()
        gate.open()
        await page.value

        #expect(try names(handle) == ["Character 1", "Character 2"])
        #expect(pagination(handle.error) == .listMoved(operation: "CharacterPages"))
        await handle.loadNext()
        #expect(transport.requests.last?.variables == ["page": 2])
        #expect(try names(handle).count == 4)
    }

    /// Without a `next` field an empty page ends the list; once the first page comes back
    /// holding items, the server may have added some where it ended: the handle asks there
    /// again.
    @Test func anOffsetListThatEndedAsksWhereItEndedOnceItsFirstPageComesAgain() async throws {
        let grown = Mutex(false)
        let transport = ScriptedTransport { request, _ in
            switch request.variables["offset"] {
            case .int(2)?: return CharacterPagesQuery.page(2)
            case .int(4)? where grown.withLock({ $0 }): return CharacterPagesQuery.page(3)
            case .int(4)?, .int(6)?:
                return Foundation.Data(#"{"data":{"characters":{"__typename":"Characters","results":[]}}}"#.utf8)
            default: return CharacterPagesQuery.page(1)
            }
        }
        let environment = Spec.environment(transport)
        let handle = QueryHandle(OffsetCharactersQuery.self, variables: ["offset": 0], in: environment)
        #expect(await eventually { handle.phase == .ready })
        await handle.loadNext()
        await handle.loadNext()
        #expect(handle.hasNext == false)
        grown.withLock { $0 = true }

        try await environment.fetch(OffsetCharactersQuery.self, variables: ["offset": 0])

        #expect(try handle.data?.characters?.results?.count == 4)
        #expect(handle.hasNext)

        await handle.loadNext()

        #expect(transport.requests.last?.variables == ["offset": 4])
        #expect(try handle.data?.characters?.results?.count == 6)
        await handle.loadNext()
        #expect(transport.requests.last?.variables == ["offset": 6])
        #expect(handle.hasNext == false)
    }
}
