import Foundation
import Testing
import BatonLens
import BatonTestSupport

/// A `@refetchable` fragment's own pagination: `RefetchHandle.loadNext` pages the fragment's
/// connection through the refetch query, into the connection record the screen's query wrote.
@MainActor
struct FragmentPaginationTests {
    @Test func loadNextMergesIntoTheConnectionTheScreensQueryWrote() async throws {
        let transport = GatedTransport()
        let environment = Spec.environment(transport)
        let screen = try RefetchHandleTests.screen(environment)
        let handle = RefetchHandle(screen, variables: ["id": "1"], in: environment)
        #expect(handle.hasNext)
        #expect(!handle.isLoadingNext)

        let page = Task { try await handle.loadNext(2) }
        #expect(await eventually { transport.waiting == 1 })
        #expect(handle.isLoadingNext)
        transport.answer(.success(NotesQuery.secondPage))
        try await page.value

        #expect(!handle.isLoadingNext)
        #expect(
            try screen.notes.edges.map { try $0.cursor } == ["c1", "c2", "c3", "c4"], "the screen's lens reads them")
        #expect(try handle.lens.notes.edges.last?.node?.text == "Pickle Rick")
        #expect(!handle.hasNext)
        #expect(handle.variables == ["id": "1"], "a page does not change the handle's variables")
    }

    @Test func aPageIsFetchedWithTheConnectionsCursorVariables() async throws {
        let transport = ScriptedTransport { _, _ in NotesQuery.secondPage }
        let environment = Spec.environment(transport)
        let handle = RefetchHandle(try RefetchHandleTests.screen(environment), variables: ["id": "1"], in: environment)

        try await handle.loadNext(2)
        try await handle.loadNext(2)

        #expect(
            transport.requests.map(\.variables) == [["id": "1", "count": 2, "cursor": "c2"]], "no next page after c4")
        #expect(transport.requests.first?.operationName == "CharacterNotesRefetchQuery")
    }

    @Test func aViewReadingHasNextReRendersWhenTheLastPageLands() async throws {
        let environment = Spec.environment(ScriptedTransport { _, _ in NotesQuery.secondPage })
        let handle = RefetchHandle(try RefetchHandleTests.screen(environment), variables: ["id": "1"], in: environment)
        let log = RenderLog()
        render("more", in: log) { _ = handle.hasNext }
        render("title", in: log) { _ = try? handle.lens.name }

        try await handle.loadNext(2)

        #expect(log.fired == ["more": 1])
    }

    /// A fragment's refetch starts its connection again, as a query's does: the first page
    /// alone, the pages after it asked again.
    @Test func aRefetchStartsTheFragmentsConnectionAgain() async throws {
        let transport = ScriptedTransport { request, _ in
            request.variables["cursor"] == "c2" ? NotesQuery.secondPage : NotesQuery.firstPage
        }
        let environment = Spec.environment(transport)
        let screen = try RefetchHandleTests.screen(environment)
        let handle = RefetchHandle(screen, variables: ["id": "1"], in: environment)
        try await handle.loadNext(2)
        #expect(try screen.notes.edges.map { try $0.cursor } == ["c1", "c2", "c3", "c4"])

        try await handle.refetch()

        #expect(try handle.lens.notes.edges.map { try $0.cursor } == ["c1", "c2"])
        #expect(handle.hasNext)
        try await handle.loadNext(2)
        #expect(transport.requests.last?.variables == ["id": "1", "count": 2, "cursor": "c2"])
        #expect(try handle.lens.notes.edges.map { try $0.cursor } == ["c1", "c2", "c3", "c4"])
    }

    /// A fragment's page on its way when its refetch starts the connection again is not merged,
    /// and is thrown as ``PaginationError/listMoved(operation:)``.
    @Test func aPageThatComesAfterTheFragmentsRefetchIsNotMerged() async throws {
        let gate = Gate()
        let transport = NotesQuery.gatedTransport(gate)
        let environment = Spec.environment(transport)
        let handle = RefetchHandle(try RefetchHandleTests.screen(environment), variables: ["id": "1"], in: environment)
        try await handle.loadNext(2)
        let page = Task { () -> OperationError? in
            do throws(OperationError) {
                try await handle.loadNext(1)
                return nil
            } catch {
                return error
            }
        }
        #expect(await eventually { transport.count == 2 })

        try await handle.refetch()
        gate.open()
        let failure = await page.value

        #expect(paginationError(failure) == .listMoved(operation: "CharacterNotesRefetchQuery"))
        #expect(paginationError(handle.error) == .listMoved(operation: "CharacterNotesRefetchQuery"))
        #expect(try handle.lens.notes.edges.map { try $0.cursor } == ["c1", "c2"])
        #expect(handle.hasNext)
    }

    @Test func twoListsOnOneScreenPageSeparately() async throws {
        let transport = ScriptedTransport { request, _ in
            request.variables["id"] == "2" ? TwoListsQuery.mortySecondPage : NotesQuery.secondPage
        }
        let environment = Spec.environment(transport)
        let data = try load(
            TwoListsQuery.self, variables: ["a": "1", "b": "2"], response: TwoListsQuery.response, into: environment)
        let rick = RefetchHandle(try #require(try data.a), in: environment)
        let morty = RefetchHandle(try #require(try data.b), in: environment)
        #expect(rick.hasNext && morty.hasNext)

        try await morty.loadNext(1)

        #expect(transport.requests.map(\.variables) == [["id": "2", "count": 1, "cursor": "m1"]])
        #expect(try data.b?.notes.edges.map { try $0.node?.text } == ["Aw geez", "Oh man"])
        #expect(try data.a?.notes.edges.count == 2, "the other list is as it was")
        #expect(!morty.hasNext)
        #expect(rick.hasNext)

        try await rick.loadNext(2)

        #expect(transport.requests.last?.variables == ["id": "1", "count": 2, "cursor": "c2"])
        #expect(try data.a?.notes.edges.count == 4)
        #expect(try data.b?.notes.edges.count == 2)
    }

    @Test func aFailedPageIsThrownTypedAndKept() async throws {
        let environment = Spec.environment(ScriptedTransport.failing())
        let handle = RefetchHandle(try RefetchHandleTests.screen(environment), variables: ["id": "1"], in: environment)

        await #expect(throws: OperationError.self) { try await handle.loadNext(2) }

        #expect(handle.error?.kind == .transport)
        #expect(!handle.isLoadingNext)
        #expect(handle.hasNext, "the connection is as it was")
    }

    @Test func aFragmentWithoutAConnectionCannotPage() async throws {
        let environment = Spec.environment(ScriptedTransport.failing())
        let data = try load(
            NameOnlyRefetchQuery.self, variables: ["id": "1"],
            response: #"{"data":{"character":{"id":"1","name":"Rick Sanchez"}}}"#, into: environment)
        let handle = RefetchHandle(try #require(try data.character), in: environment)

        do {
            try await handle.loadNext(2)
            Issue.record("paging a fragment without a connection must throw")
        } catch {
            guard case .refused(.pagination(.noConnection(let operation))) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(operation == "NameOnlyRefetchQuery")
        }
        #expect(!handle.hasNext)
    }
}

/// A `@refetchable` fragment without a connection.
struct NameOnly: RefetchableFragment {
    static let typeCondition = "Character"
    struct Fields: FieldSet { let name = Scalar<String>("name") }
    static let fields = Fields()
    let ref: RecordRef
    typealias RefetchQuery = NameOnlyRefetchQuery
    static let refetchTarget = RefetchTarget.lookup(
        field: "character", arguments: [.init(argument: "id", keyField: "id")])
}

enum NameOnlyRefetchQuery: GraphQLOperation {
    static let document = """
        query NameOnlyRefetchQuery($id: ID!) { character(id: $id) { ...NameOnly } }
        fragment NameOnly on Character { id name }
        """
    struct Data: Fragment {
        static let typeCondition = "Query"
        struct Fields: FieldSet { let character = Linked<NameOnly?>("character", arguments: true) }
        static let fields = Fields()
        let ref: RecordRef
    }
}

/// A `@refetchable` fragment whose connection pages backward, through `$last`/`$before`.
struct LatestNotes: RefetchableFragment {
    static let typeCondition = "Character"
    struct Fields: FieldSet { let notes = Linked<NotesQuery.Notes>("notes", arguments: true) }
    static let fields = Fields()
    let ref: RecordRef
    typealias RefetchQuery = LatestNotesRefetchQuery
    static let refetchTarget = RefetchTarget.lookup(
        field: "character", arguments: [.init(argument: "id", keyField: "id")])

    nonisolated static let page = """
        {"data":{"character":{"id":"1","notes":{"totalCount":4,"edges":[\
        {"cursor":"c3","node":{"__typename":"Note","id":"n3","text":"Get Schwifty"}},\
        {"cursor":"c4","node":{"__typename":"Note","id":"n4","text":"Pickle Rick"}}],\
        "pageInfo":{"startCursor":"c3","hasPreviousPage":true}}}}}
        """
    nonisolated static let earlier = Data(
        """
        {"data":{"character":{"id":"1","notes":{"totalCount":4,"edges":[\
        {"cursor":"c1","node":{"__typename":"Note","id":"n1","text":"Wubba lubba dub dub"}},\
        {"cursor":"c2","node":{"__typename":"Note","id":"n2","text":"Portal gun needs charging"}}],\
        "pageInfo":{"startCursor":"c1","hasPreviousPage":false}}}}}
        """.utf8)
}

/// ``LatestNotes`` whose connection selects no page info.
struct BareLatestNotes: RefetchableFragment {
    static let typeCondition = "Character"
    struct Fields: FieldSet { let notes = Linked<NotesQuery.Notes>("notes", arguments: true) }
    static let fields = Fields()
    let ref: RecordRef
    typealias RefetchQuery = BareLatestNotesRefetchQuery
    static let refetchTarget = LatestNotes.refetchTarget
}

enum BareLatestNotesRefetchQuery: GraphQLOperation {
    static let document = """
        query BareLatestNotesRefetchQuery($id: ID!, $last: Int, $before: String) { character(id: $id) { ...BareLatestNotes } }
        fragment BareLatestNotes on Character {
          id
          notes(last: $last, before: $before) @connection(key: "BareLatestNotes_notes") {
            totalCount
            edges { node { id text __typename } cursor }
          }
        }
        """
    struct Data: Fragment {
        static let typeCondition = "Query"
        struct Fields: FieldSet { let character = Linked<BareLatestNotes?>("character", arguments: true) }
        static let fields = Fields()
        let ref: RecordRef
    }
}

enum LatestNotesRefetchQuery: GraphQLOperation {
    static let document = """
        query LatestNotesRefetchQuery($id: ID!, $last: Int, $before: String) { character(id: $id) { ...LatestNotes } }
        fragment LatestNotes on Character {
          id
          notes(last: $last, before: $before) @connection(key: "LatestNotes_notes") {
            totalCount
            edges { node { id text __typename } cursor }
            pageInfo { startCursor hasPreviousPage }
          }
        }
        """
    struct Data: Fragment {
        static let typeCondition = "Query"
        struct Fields: FieldSet { let character = Linked<LatestNotes?>("character", arguments: true) }
        static let fields = Fields()
        let ref: RecordRef
    }
}

@MainActor
struct FragmentBackwardPaginationTests {
    @Test func loadPreviousMergesTheEarlierPageAtTheConnectionsStart() async throws {
        let transport = ScriptedTransport { _, _ in LatestNotes.earlier }
        let environment = Spec.environment(transport)
        let data = try load(
            LatestNotesRefetchQuery.self, variables: ["id": "1", "last": 2], response: LatestNotes.page,
            into: environment)
        let handle = RefetchHandle(
            try #require(try data.character), variables: ["id": "1", "last": 2], in: environment)
        #expect(handle.hasPrevious)
        #expect(!handle.hasNext)

        try await handle.loadPrevious(2)

        #expect(transport.requests.map(\.variables) == [["id": "1", "last": 2, "before": "c3"]])
        #expect(try handle.lens.notes.edges.map { try $0.cursor } == ["c1", "c2", "c3", "c4"])
        #expect(!handle.hasPrevious)
        #expect(!handle.isLoadingPrevious)
    }

    @Test func loadPreviousOnAConnectionWithoutPageInfoIsRefusedAndFetchesNothing() async throws {
        let transport = ScriptedTransport { _, _ in LatestNotes.earlier }
        let environment = Spec.environment(transport)
        let data = try load(
            BareLatestNotesRefetchQuery.self, variables: ["id": "1", "last": 2], response: LatestNotes.page,
            into: environment)
        let handle = RefetchHandle(
            try #require(try data.character), variables: ["id": "1", "last": 2], in: environment)

        do {
            try await handle.loadPrevious(2)
            Issue.record("a connection without its page info cannot page")
        } catch {
            guard case .refused(.pagination(let refusal)) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(
                refusal
                    == .noPageInfo(
                        operation: "BareLatestNotesRefetchQuery", field: "notes", key: "BareLatestNotes_notes",
                        direction: .backward))
        }
        #expect(handle.error != nil)
        #expect(transport.count == 0)
    }

    @Test func loadNextOnABackwardOnlyConnectionIsNotPageable() async throws {
        let transport = ScriptedTransport { _, _ in LatestNotes.earlier }
        let environment = Spec.environment(transport)
        let data = try load(
            LatestNotesRefetchQuery.self, variables: ["id": "1"], response: LatestNotes.page, into: environment)
        let handle = RefetchHandle(try #require(try data.character), variables: ["id": "1"], in: environment)

        do {
            try await handle.loadNext(2)
            Issue.record("a connection without first/after variables cannot page forward")
        } catch {
            guard case .refused(.pagination(.notPageable(_, let field, let key, let direction))) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(field == "notes")
            #expect(key == "LatestNotes_notes")
            #expect(direction == .forward)
        }
        #expect(transport.count == 0)
    }
}
