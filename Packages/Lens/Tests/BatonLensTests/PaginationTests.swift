import Foundation
import Synchronization
import Testing
import BatonLens
import BatonTestSupport

/// A gate a scripted answer waits at until the test opens it. Safe from any thread.
final class Gate: Sendable {
    private let isOpen = Mutex(false)

    func open() { isOpen.withLock { $0 = true } }

    /// Returns once the gate is open.
    func passed() async throws {
        while !isOpen.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(2)) }
    }
}

/// The pagination refusal `error` holds, if any.
func paginationError(_ error: OperationError?) -> PaginationError? {
    guard case .refused(.pagination(let refusal))? = error else { return nil }
    return refusal
}

/// The spec's notes query with `@connection(key: "TestNotes_notes")` and Relay's pagination
/// variables.
enum NotesQuery: GraphQLOperation {
    static let document = """
        query TestNotesPage($id: ID!, $count: Int = 2, $cursor: String) {
          character(id: $id) {
            id
            name
            notes(first: $count, after: $cursor) @connection(key: "TestNotes_notes") {
              totalCount
              edges { node { id text __typename } cursor }
              pageInfo { endCursor hasNextPage }
            }
          }
        }
        """
    struct Data: Fragment {
        static let typeCondition = "Query"
        struct Fields: FieldSet { let character = Linked<Character?>("character", arguments: true) }
        static let fields = Fields()
        let ref: RecordRef
    }
    struct Character: Fragment {
        static let typeCondition = "Character"
        struct Fields: FieldSet {
            let name = Scalar<String>("name")
            let notes = Linked<Notes>("notes", arguments: true)
        }
        static let fields = Fields()
        let ref: RecordRef
    }
    struct Notes: Fragment {
        static let typeCondition = "NoteConnection"
        struct Fields: FieldSet {
            let totalCount = Scalar<Int>("totalCount")
            let edges = Linked<[Edge]>("edges")
        }
        static let fields = Fields()
        let ref: RecordRef
    }
    struct Edge: Fragment {
        static let typeCondition = "NoteEdge"
        struct Fields: FieldSet {
            let cursor = Scalar<String>("cursor")
            let node = Linked<Note?>("node")
        }
        static let fields = Fields()
        let ref: RecordRef
    }
    struct Note: Fragment {
        static let typeCondition = "Note"
        struct Fields: FieldSet { let text = Scalar<String?>("text") }
        static let fields = Fields()
        let ref: RecordRef
    }

    static let firstPage = try! TestData.data("Conformance/baton-spec/tests/notes-page-1.json")
    static let secondPage = Foundation.Data(
        """
        {"data":{"character":{"id":"1","name":"Rick Sanchez","notes":{"totalCount":5,"edges":[\
        {"cursor":"c3","node":{"__typename":"Note","id":"n3","text":"Get Schwifty"}},\
        {"cursor":"c4","node":{"__typename":"Note","id":"n4","text":"Pickle Rick"}}],\
        "pageInfo":{"endCursor":"c4","hasNextPage":false}}}}}
        """.utf8)

    /// A page of the notes `numbers` (cursor `c<n>`, note `n<n>`), ending with the last.
    static func page(_ numbers: ClosedRange<Int>, hasNextPage: Bool) -> Foundation.Data {
        let edges = numbers.map {
            #"{"cursor":"c\#($0)","node":{"__typename":"Note","id":"n\#($0)","text":"Note \#($0)"}}"#
        }
        return Foundation.Data(
            #"""
            {"data":{"character":{"id":"1","name":"Rick Sanchez","notes":{"totalCount":9,"edges":[\#(edges.joined(separator: ","))],
              "pageInfo":{"endCursor":"c\#(numbers.upperBound)","hasNextPage":\#(hasNextPage)}}}}}
            """#.utf8)
    }

    /// Answers notes 1-2 without a cursor, 3-4 after `c2`, and 5 after `c4` once `gate` is
    /// open (the last page, held back while a test refetches).
    static func gatedTransport(_ gate: Gate) -> ScriptedTransport {
        ScriptedTransport { request, _ in
            switch request.variables["cursor"] {
            case "c2": return page(3...4, hasNextPage: true)
            case "c4":
                try await gate.passed()
                return page(5...5, hasNextPage: false)
            default: return page(1...2, hasNextPage: true)
            }
        }
    }

    /// Answers page 1 without a cursor and page 2 after `c2`.
    static func transport() -> ScriptedTransport {
        ScriptedTransport { request, _ in
            request.variables["cursor"] == "c2" ? secondPage : firstPage
        }
    }
}

@MainActor
struct PaginationTests {
    @Test func loadNextMergesTheSecondPageIntoTheConnection() async throws {
        let transport = NotesQuery.transport()
        let environment = Spec.environment(transport)
        let handle = QueryHandle(NotesQuery.self, variables: ["id": "1"], in: environment)
        #expect(await eventually { handle.phase == .ready })
        let notes = try #require(try handle.data?.character?.notes)
        #expect(try notes.edges.map { try $0.node?.text } == ["Wubba lubba dub dub", "Portal gun needs charging"])
        #expect(handle.hasNextPage)

        await handle.loadNext(2)

        #expect(transport.count == 2)
        #expect(transport.requests.last?.variables == ["id": "1", "count": 2, "cursor": "c2"])
        #expect(try notes.edges.map { try $0.cursor } == ["c1", "c2", "c3", "c4"])
        #expect(try notes.edges.last?.node?.text == "Pickle Rick")
        #expect(handle.hasNextPage == false)
    }

    @Test func aViewReadingTheEdgesReRendersWhenAPageLands() async throws {
        let environment = Spec.environment(NotesQuery.transport())
        let handle = QueryHandle(NotesQuery.self, variables: ["id": "1"], in: environment)
        #expect(await eventually { handle.phase == .ready })
        let notes = try #require(try handle.data?.character?.notes)
        let log = RenderLog()
        render("list", in: log) { _ = try? notes.edges.count }
        render("title", in: log) { _ = try? handle.data?.character?.name }

        await handle.loadNext(2)

        #expect(log.fired == ["list": 1])
    }

    /// Loaded to its end, then the server added a note at the end: the first page fetched
    /// again by a fetch that is not a refetch (a relaunch's, a revalidation's) keeps the pages
    /// merged and lets the next page ask.
    @Test func aConnectionLoadedToItsEndPagesOnToANoteAddedAtItsEndOnceItsFirstPageComesAgain() async throws {
        let thirdPage = Foundation.Data(
            """
            {"data":{"character":{"id":"1","name":"Rick Sanchez","notes":{"totalCount":6,"edges":[\
            {"cursor":"c5","node":{"__typename":"Note","id":"n5","text":"Added"}}],\
            "pageInfo":{"endCursor":"c5","hasNextPage":false}}}}}
            """.utf8)
        let transport = ScriptedTransport { request, _ in
            switch request.variables["cursor"] {
            case "c2": NotesQuery.secondPage
            case "c4": thirdPage
            default: NotesQuery.firstPage
            }
        }
        let environment = Spec.environment(transport)
        let handle = QueryHandle(NotesQuery.self, variables: ["id": "1"], in: environment)
        #expect(await eventually { handle.phase == .ready })
        await handle.loadNext(2)
        #expect(handle.hasNextPage == false)
        let notes = try #require(try handle.data?.character?.notes)
        let log = RenderLog()
        render("list", in: log) { _ = try? notes.edges.count }

        try await environment.fetch(NotesQuery.self, variables: ["id": "1"])

        #expect(try notes.edges.map { try $0.cursor } == ["c1", "c2", "c3", "c4"])
        #expect(log.fired == [:])
        #expect(handle.hasNextPage)

        await handle.loadNext(2)

        #expect(transport.requests.last?.variables == ["id": "1", "count": 2, "cursor": "c4"])
        #expect(try notes.edges.map { try $0.node?.text }.last == "Added")
        #expect(handle.hasNextPage == false)
    }

    /// Two pages loaded, then the server deleted a note of the second: a refetch starts the
    /// connection again with its first page, so the deleted note leaves the screen, and the
    /// next page comes without it.
    @Test func aRefetchStartsTheConnectionAgainSoANoteDeletedFromALaterPageGoes() async throws {
        let deleted = Mutex(false)
        let secondPageWithoutNote3 = Foundation.Data(
            """
            {"data":{"character":{"id":"1","name":"Rick Sanchez","notes":{"totalCount":4,"edges":[\
            {"cursor":"c4","node":{"__typename":"Note","id":"n4","text":"Pickle Rick"}}],\
            "pageInfo":{"endCursor":"c4","hasNextPage":false}}}}}
            """.utf8)
        let transport = ScriptedTransport { request, _ in
            guard request.variables["cursor"] == "c2" else { return NotesQuery.firstPage }
            return deleted.withLock { $0 } ? secondPageWithoutNote3 : NotesQuery.secondPage
        }
        let handle = QueryHandle(NotesQuery.self, variables: ["id": "1"], in: Spec.environment(transport))
        #expect(await eventually { handle.phase == .ready })
        await handle.loadNext(2)
        let notes = try #require(try handle.data?.character?.notes)
        #expect(try notes.edges.map { try $0.cursor } == ["c1", "c2", "c3", "c4"])
        let log = RenderLog()
        render("list", in: log) { _ = try? notes.edges.count }
        render("more", in: log) { _ = handle.hasNextPage }
        deleted.withLock { $0 = true }

        await handle.refetch()

        #expect(try notes.edges.map { try $0.cursor } == ["c1", "c2"])
        #expect(handle.hasNextPage)
        #expect(log.fired == ["list": 1, "more": 1])

        await handle.loadNext(2)

        #expect(transport.requests.last?.variables == ["id": "1", "count": 2, "cursor": "c2"])
        #expect(
            try notes.edges.map { try $0.node?.text } == [
                "Wubba lubba dub dub", "Portal gun needs charging", "Pickle Rick",
            ])
        #expect(handle.hasNextPage == false)
    }

    /// A refetch made while another handle's fetch of the same page is in flight joins it (one
    /// request) and makes it start the connection again.
    @Test func aRefetchJoiningAFetchInFlightMakesItStartTheConnectionAgain() async throws {
        let transport = NotesQuery.transport()
        let environment = Spec.environment(transport)
        let handle = QueryHandle(NotesQuery.self, variables: ["id": "1"], in: environment)
        #expect(await eventually { handle.phase == .ready })
        await handle.loadNext(2)
        #expect(transport.count == 2)

        let second = QueryHandle(NotesQuery.self, variables: ["id": "1"], policy: .cacheAndNetwork, in: environment)
        #expect(second.isRefreshing)
        await handle.refetch()

        #expect(transport.count == 3)
        #expect(try handle.data?.character?.notes.edges.map { try $0.cursor } == ["c1", "c2"])
        #expect(await eventually { !second.isRefreshing })
        #expect(second.error == nil)
    }

    /// The same join without the refetch: the handle's fetch keeps the pages merged.
    @Test func aHandlesOwnFetchOfTheFirstPageKeepsThePagesMerged() async throws {
        let transport = NotesQuery.transport()
        let environment = Spec.environment(transport)
        let handle = QueryHandle(NotesQuery.self, variables: ["id": "1"], in: environment)
        #expect(await eventually { handle.phase == .ready })
        await handle.loadNext(2)

        let second = QueryHandle(NotesQuery.self, variables: ["id": "1"], policy: .cacheAndNetwork, in: environment)
        #expect(await eventually { !second.isRefreshing })

        #expect(transport.count == 3)
        #expect(try handle.data?.character?.notes.edges.map { try $0.cursor } == ["c1", "c2", "c3", "c4"])
    }

    /// A page on its way when a refetch starts the list again was asked after an end the list
    /// no longer has: it is not merged (it would leave a gap), the error says why, and the next
    /// page is asked from where the list ends now.
    @Test func aPageThatComesAfterARefetchStartedTheListAgainIsNotMerged() async throws {
        let gate = Gate()
        let transport = NotesQuery.gatedTransport(gate)
        let handle = QueryHandle(NotesQuery.self, variables: ["id": "1"], in: Spec.environment(transport))
        #expect(await eventually { handle.phase == .ready })
        await handle.loadNext(2)
        let page = Task { await handle.loadNext(1) }
        #expect(await eventually { transport.count == 3 })

        await handle.refetch()
        gate.open()
        await page.value

        let notes = try #require(try handle.data?.character?.notes)
        #expect(try notes.edges.map { try $0.cursor } == ["c1", "c2"])
        #expect(paginationError(handle.error) == .listMoved(operation: "TestNotesPage"))
        #expect(handle.error?.kind == .cancelled)
        #expect(handle.phase == .ready)
        #expect(handle.hasNextPage)
        #expect(!handle.isLoadingPage)

        await handle.loadNext(2)

        #expect(transport.requests.last?.variables == ["id": "1", "count": 2, "cursor": "c2"])
        #expect(try notes.edges.map { try $0.cursor } == ["c1", "c2", "c3", "c4"])
        #expect(handle.error == nil)
    }

    @Test func loadNextDoesNothingWithoutANextPage() async throws {
        let transport = ScriptedTransport { _, _ in NotesQuery.secondPage }
        let environment = Spec.environment(transport)
        let handle = QueryHandle(NotesQuery.self, variables: ["id": "1"], in: environment)
        #expect(await eventually { handle.phase == .ready })
        await handle.loadNext(2)
        #expect(transport.count == 1)
    }
}

/// A character's notes paged in both directions through variables named as Relay's
/// `usePaginationFragment` examples name them: `$first`/`$after` and `$last`/`$before`.
enum NamedNotesQuery: GraphQLOperation {
    static let document = """
        query CharacterDetail($id: ID!, $first: Int, $after: String, $last: Int, $before: String) {
          character(id: $id) {
            id
            name
            notes(first: $first, after: $after, last: $last, before: $before) @connection(key: "CharacterDetail_notes") {
              totalCount
              edges { node { id text __typename } cursor }
              pageInfo { startCursor endCursor hasNextPage hasPreviousPage }
            }
          }
        }
        """
    typealias Data = NotesQuery.Data

    static func page(_ ids: [Int], next: Bool, previous: Bool) -> Foundation.Data {
        let edges = ids.map {
            #"{"cursor":"c\#($0)","node":{"__typename":"Note","id":"n\#($0)","text":"Note \#($0)"}}"#
        }
        return Foundation.Data(
            """
            {"data":{"character":{"id":"1","name":"Rick Sanchez","notes":{"totalCount":6,"edges":[\(edges.joined(separator: ","))],\
            "pageInfo":{"startCursor":"c\(ids.first!)","endCursor":"c\(ids.last!)","hasNextPage":\(next),"hasPreviousPage":\(previous)}}}}}
            """.utf8)
    }

    /// Notes 3 and 4 first; after `c4`, notes 5 and 6 (the last); before `c3`, notes 1 and 2 (the first).
    static func transport() -> ScriptedTransport {
        ScriptedTransport { request, _ in
            if request.variables["after"] == "c4" { return page([5, 6], next: false, previous: true) }
            if request.variables["before"] == "c3" { return page([1, 2], next: true, previous: false) }
            return page([3, 4], next: true, previous: true)
        }
    }
}

/// Notes pageable forward whose connection selects no page info.
enum BareNotesQuery: GraphQLOperation {
    static let document = """
        query BareNotes($id: ID!, $first: Int = 2, $after: String) {
          character(id: $id) {
            id
            name
            notes(first: $first, after: $after) @connection(key: "BareNotes_notes") {
              totalCount
              edges { node { id text __typename } cursor }
            }
          }
        }
        """
    typealias Data = NotesQuery.Data
}

/// Notes pageable both ways whose page info has only the forward fields.
enum ForwardInfoNotesQuery: GraphQLOperation {
    static let document = """
        query ForwardInfoNotes($id: ID!, $first: Int = 2, $after: String, $last: Int, $before: String) {
          character(id: $id) {
            id
            name
            notes(first: $first, after: $after, last: $last, before: $before) @connection(key: "ForwardInfo_notes") {
              totalCount
              edges { node { id text __typename } cursor }
              pageInfo { endCursor hasNextPage }
            }
          }
        }
        """
    typealias Data = NotesQuery.Data
}

/// The notes query with a literal page size: a connection that is never paged.
enum FixedNotesQuery: GraphQLOperation {
    static let document = """
        query FixedNotes($id: ID!) {
          character(id: $id) {
            id
            name
            notes(first: 2) @connection(key: "FixedNotes_notes") {
              totalCount
              edges { node { id text __typename } cursor }
              pageInfo { startCursor endCursor hasNextPage hasPreviousPage }
            }
          }
        }
        """
    typealias Data = NotesQuery.Data
}

@MainActor
struct ConnectionVariablesTests {
    @Test func loadNextSetsThePageSizeAndCursorThroughTheVariablesOfFirstAndAfter() async throws {
        let transport = NamedNotesQuery.transport()
        let environment = Spec.environment(transport)
        let handle = QueryHandle(NamedNotesQuery.self, variables: ["id": "1", "first": 2], in: environment)
        #expect(await eventually { handle.phase == .ready })
        let notes = try #require(try handle.data?.character?.notes)

        await handle.loadNext(2)

        #expect(handle.error == nil)
        #expect(
            transport.requests.last?.variables == [
                "id": "1", "first": 2, "after": "c4", "last": .null, "before": .null,
            ])
        #expect(try notes.edges.map { try $0.cursor } == ["c3", "c4", "c5", "c6"])
        #expect(handle.hasNextPage == false)
    }

    @Test func loadPreviousSetsThePageSizeAndCursorThroughTheVariablesOfLastAndBefore() async throws {
        let transport = NamedNotesQuery.transport()
        let environment = Spec.environment(transport)
        let handle = QueryHandle(NamedNotesQuery.self, variables: ["id": "1", "first": 2], in: environment)
        #expect(await eventually { handle.phase == .ready })
        let notes = try #require(try handle.data?.character?.notes)
        #expect(handle.hasPreviousPage)

        await handle.loadPrevious(3)

        #expect(handle.error == nil)
        #expect(
            transport.requests.last?.variables == [
                "id": "1", "first": .null, "after": .null, "last": 3, "before": "c3",
            ])
        #expect(try notes.edges.map { try $0.cursor } == ["c1", "c2", "c3", "c4"])
        #expect(handle.hasPreviousPage == false)
        #expect(handle.hasNextPage)
    }

    @Test func pagingAConnectionWhoseArgumentsAreNotVariablesFailsWithAPaginationErrorAndFetchesNothing() async throws {
        let transport = ScriptedTransport { _, _ in NamedNotesQuery.page([3, 4], next: true, previous: true) }
        let events = EventLog()
        let environment = Spec.environment(transport, log: events.sink)
        let handle = QueryHandle(FixedNotesQuery.self, variables: ["id": "1"], in: environment)
        #expect(await eventually { handle.phase == .ready })
        #expect(handle.hasNextPage)
        let edges = try handle.data?.character?.notes.edges.count

        for direction in [ConnectionPaging.Direction.forward, .backward] {
            if direction == .forward { await handle.loadNext(2) } else { await handle.loadPrevious(2) }
            guard case .refused(.pagination(let error))? = handle.error else {
                Issue.record("\(direction): expected a pagination error, got \(String(describing: handle.error))")
                continue
            }
            #expect(
                error
                    == .notPageable(
                        operation: "FixedNotes", field: "notes", key: "FixedNotes_notes", direction: direction))
        }
        #expect(transport.count == 1, "a page was fetched for an operation that cannot page")
        #expect(try handle.data?.character?.notes.edges.count == edges)
        #expect(handle.phase == .ready)
        #expect(events.events.filter { $0 == .failed(operation: "FixedNotes", kind: .invalidOperation) }.count == 2)
    }

    @Test func pagingAConnectionWithoutThePageInfoOfItsDirectionFailsWithAPaginationErrorAndFetchesNothing()
        async throws
    {
        let transport = NamedNotesQuery.transport()
        let events = EventLog()
        let environment = Spec.environment(transport, log: events.sink)
        let bare = QueryHandle(BareNotesQuery.self, variables: ["id": "1"], in: environment)
        let forwardInfo = QueryHandle(ForwardInfoNotesQuery.self, variables: ["id": "1"], in: environment)
        #expect(await eventually { bare.phase == .ready && forwardInfo.phase == .ready })
        #expect(transport.count == 2)

        // Without page info the store never learns a page follows: refused, not silently nothing.
        await bare.loadNext(2)
        await forwardInfo.loadPrevious(2)
        let refusals = [
            (bare.error, "BareNotes", "BareNotes_notes"), (forwardInfo.error, "ForwardInfoNotes", "ForwardInfo_notes"),
        ]
        for ((error, operation, key), direction) in zip(refusals, [ConnectionPaging.Direction.forward, .backward]) {
            guard case .refused(.pagination(let refusal))? = error else {
                Issue.record("\(operation): expected a pagination error, got \(String(describing: error))")
                continue
            }
            #expect(refusal == .noPageInfo(operation: operation, field: "notes", key: key, direction: direction))
        }
        #expect(
            PaginationError.noPageInfo(
                operation: "BareNotes", field: "notes", key: "BareNotes_notes", direction: .forward
            )
            .description
                == #"BareNotes: cannot page 'notes' @connection(key: "BareNotes_notes") forward: it must select pageInfo { hasNextPage endCursor }"#
        )
        #expect(transport.count == 2, "a page was fetched for a connection whose page info was not selected")
        #expect(events.events.filter { $0 == .failed(operation: "BareNotes", kind: .invalidOperation) }.count == 1)

        // The direction whose page info is selected pages.
        await forwardInfo.loadNext(2)
        #expect(forwardInfo.error == nil, "\(String(describing: forwardInfo.error))")
        #expect(try forwardInfo.data?.character?.notes.edges.count == 4)
        #expect(transport.count == 3)
    }

    @Test func pagingAnOperationWithoutAConnectionFailsWithAPaginationError() async throws {
        let transport = ScriptedTransport(answering: #"{"data":{"character":{"id":"1","name":"Rick Sanchez"}}}"#)
        let environment = Spec.environment(transport)
        let handle = QueryHandle(NameQuery.self, variables: ["id": "1"], in: environment)
        #expect(await eventually { handle.phase == .ready })

        await handle.loadNext(2)

        guard case .refused(.pagination(let error))? = handle.error else {
            Issue.record("expected a pagination error, got \(String(describing: handle.error))")
            return
        }
        #expect(error == .noConnection(operation: handle.plan?.name ?? "anonymous"))
        #expect(transport.count == 1)
    }
}
