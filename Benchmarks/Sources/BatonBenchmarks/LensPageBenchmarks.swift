import BatonLens
import BatonTestSupport
import BatonTesting
import Foundation
import Observation

/// `loadNext` of a page of 50 into a connection of 4,000 edges that a view reads in full:
/// the page answered in process by a scripted transport, so the figure is the page's ingest,
/// its merge into the connection, the commit, and the view's re-render. Three shapes, timed
/// in turn, run after run:
/// - `load_next_page_ms`: one body reads every node in one tracking scope (``NotesView``);
/// - `load_next_page_rows_ms`: a list whose rows are views of their own, as SwiftUI's `List`
///   makes them (``NotesListView``);
/// - `load_next_page_observable_ms`: the one-scope body over `@Observable` objects, a page
///   appended to their array: what Observation alone costs that shape, the floor of
///   `load_next_page_over_observable_ratio`.
enum LensPageBenchmarks {
    static let loaded = 4_000
    static let pageSize = 50

    @MainActor
    static func run(_ harness: inout Harness) throws {
        let medians = try Harness.interleavedMedians(count: 3) { shape in
            switch shape {
            case 0: try loadNextPage(NotesView.self)
            case 1: try loadNextPage(NotesListView.self)
            default: ObservableNotes.loadNextPage()
            }
        }
        harness.record("load_next_page_ms", medians[0])
        harness.record("load_next_page_rows_ms", medians[1])
        harness.record("load_next_page_observable_ms", medians[2])
        harness.record("load_next_page_over_observable_ratio", medians[0] / medians[2])
    }

    /// Milliseconds from `loadNext` to a view of `shape`, which has read the first 4,000
    /// edges, having read the merged page.
    @MainActor
    static func loadNextPage<Shape: NotesScreen>(_ shape: Shape.Type) throws -> Double {
        let (handle, view) = try loadedView(shape)
        let elapsed = Self.runOnMain {
            let start = DispatchTime.now().uptimeNanoseconds
            await handle.loadNext(pageSize)
            if view.invalidated { view.render() }
            return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        }
        precondition(handle.error == nil && view.nodes == loaded + pageSize, "the view must read the merged page")
        return elapsed
    }

    /// A fresh store holding the first 4,000 edges, its handle, and a view of `shape` that has
    /// read them all; the handle's next page is answered in process.
    @MainActor
    static func loadedView<Shape: NotesScreen>(_ shape: Shape.Type) throws -> (QueryHandle<NotesPage>, Shape) {
        let environment = GraphQLEnvironment(store: Store(normalization: try normalization()), transport: transport)
        let variables: [String: JSONValue] = ["id": "1", "count": .int(loaded)]
        let plan = try environment.plan(NotesPage.self, variables: variables)
        environment.store.commit(try Ingest().ingest(firstPage, plan: plan).changes, fetched: plan.identity)
        let handle = QueryHandle(NotesPage.self, variables: variables, policy: .cacheOnly, in: environment)
        guard let notes = try handle.data?.character?.notes else { throw LensBenchmarkError.notCached }
        let view = Shape(notes: notes)
        view.render()
        precondition(view.nodes == loaded, "the view must read the loaded connection")
        return (handle, view)
    }

    @MainActor
    private static func normalization() throws -> Normalization {
        if let normalization = madeNormalization { return normalization }
        let schema = try GraphQLSchema.parse(sdl: [
            TestData.text("Conformance/baton-spec/tests/schema.graphql"),
            TestData.text("Conformance/baton-spec/tests/extensions.graphql"),
        ])
        let made = Normalization(schema: schema)
        madeNormalization = made
        return made
    }
    @MainActor private static var madeNormalization: Normalization?
    private static let firstPage = NotesPage.response(from: 0, count: loaded, hasNext: true)

    /// Answers every `BenchNotes` with the page after the first.
    @MainActor private static let transport: ScriptedTransport = {
        let transport = ScriptedTransport()
        let nextPage = NotesPage.response(from: loaded, count: pageSize, hasNext: true)
        transport.on("BenchNotes") { _ in .answer(nextPage) }
        return transport
    }()

    /// Runs `body` as a main-actor task, spinning the main run loop until it is done: the
    /// suite runs on the main thread, which the task's hops back to the main actor need.
    @MainActor
    static func runOnMain(_ body: @escaping @MainActor () async -> Double) -> Double {
        let outcome = Outcome()
        Task { @MainActor in outcome.value = await body() }
        while true {
            if let value = outcome.value { return value }
            _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.01))
        }
    }

    /// What the task gives back. Main actor.
    @MainActor
    private final class Outcome {
        var value: Double?
    }
}

/// What the page benchmarks need of a view over the connection. Main actor.
@MainActor
protocol NotesScreen: AnyObject, Sendable {
    init(notes: NotesPage.Notes)
    /// Whether a field it read has changed since it last rendered.
    var invalidated: Bool { get }
    /// The nodes whose text it has read.
    var nodes: Int { get }
    /// Renders what is invalidated (everything, the first time).
    func render()
}

/// A view over the connection whose one body reads every edge's node's text through the
/// lenses, inside one tracking scope, and is invalidated when a field it read changes.
/// Main actor.
@MainActor
final class NotesView: NotesScreen {
    let notes: NotesPage.Notes
    private(set) var invalidated = false
    private(set) var nodes = 0

    init(notes: NotesPage.Notes) {
        self.notes = notes
    }

    func render() {
        invalidated = false
        withObservationTracking {
            var count = 0
            for edge in (try? notes.edges) ?? [] {
                blackHole(try? edge.node?.text)
                count += 1
            }
            nodes = count
        } onChange: { [weak self] in
            MainActor.assumeIsolated { self?.invalidated = true }
        }
    }
}

/// A list over the connection as SwiftUI's `List` over `ForEach(edges, id: \.key)` makes
/// one: the list's body reads the edges in a tracking scope of its own, and each row is a view
/// of its own whose body reads its edge's node's text in its own scope. A page re-renders the
/// list, which makes rows for the edges it has not seen; a row re-renders only when a field it
/// read changes. Main actor.
@MainActor
final class NotesListView: NotesScreen {
    let notes: NotesPage.Notes
    private var listInvalidated = true
    private var rows: [RecordKey: Row] = [:]
    /// The rows whose fields changed since they last rendered.
    private var invalidatedRows: [Row] = []

    init(notes: NotesPage.Notes) {
        self.notes = notes
    }

    var invalidated: Bool { listInvalidated || !invalidatedRows.isEmpty }
    var nodes: Int { rows.count }

    func render() {
        if listInvalidated {
            listInvalidated = false
            let edges = withObservationTracking {
                (try? notes.edges) ?? []
            } onChange: { [weak self] in
                MainActor.assumeIsolated { self?.listInvalidated = true }
            }
            // Asked by index: a row found is not retained and released to be told apart.
            for edge in edges where rows.index(forKey: edge.key) == nil {
                let row = Row(edge: edge, list: self)
                rows[edge.key] = row
                row.render()
            }
        }
        let stale = invalidatedRows
        invalidatedRows = []
        for row in stale { row.render() }
    }

    /// One edge's row: its body reads the edge's node's text. Main actor.
    @MainActor
    private final class Row {
        let edge: NotesPage.Edge
        weak var list: NotesListView?

        init(edge: NotesPage.Edge, list: NotesListView) {
            self.edge = edge
            self.list = list
        }

        func render() {
            withObservationTracking {
                blackHole(try? edge.node?.text)
            } onChange: { [weak self] in
                MainActor.assumeIsolated {
                    guard let self, let list = self.list else { return }
                    list.invalidatedRows.append(self)
                }
            }
        }
    }
}

/// The one-scope view's shape over `@Observable` objects: a connection holding its edges in
/// an array, each edge its node, each node its text. A page is 50 edges appended to the
/// array; the body reads every node's text in one tracking scope. Main actor.
enum ObservableNotes {
    @Observable @MainActor
    final class Note {
        var text: String?
        init(text: String) { self.text = text }
    }

    @Observable @MainActor
    final class Edge {
        var node: Note?
        init(node: Note) { self.node = node }
    }

    @Observable @MainActor
    final class Connection {
        var edges: [Edge] = []
    }

    /// Milliseconds from a page appended to 4,000 edges that a one-scope body has read, to
    /// the body having read the page.
    @MainActor
    static func loadNextPage() -> Double {
        let (connection, body, page) = loaded()
        let start = DispatchTime.now().uptimeNanoseconds
        appendPage(page, to: connection, readBy: body)
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        precondition(
            body.nodes == LensPageBenchmarks.loaded + LensPageBenchmarks.pageSize, "the body must read the page")
        return elapsed
    }

    /// A connection holding the first 4,000 edges, a body that has read them, and the next page.
    @MainActor
    static func loaded() -> (Connection, Body, [Edge]) {
        let connection = Connection()
        connection.edges = edges(from: 0, count: LensPageBenchmarks.loaded)
        let body = Body(connection: connection)
        body.render()
        return (connection, body, edges(from: LensPageBenchmarks.loaded, count: LensPageBenchmarks.pageSize))
    }

    /// `page` appended to the connection, and the body re-rendered if that invalidated it.
    @MainActor @inline(__always)
    static func appendPage(_ page: [Edge], to connection: Connection, readBy body: Body) {
        connection.edges.append(contentsOf: page)
        if body.invalidated { body.render() }
    }

    /// The body reading every node's text in one tracking scope. Main actor.
    @MainActor
    final class Body {
        let connection: Connection
        private(set) var invalidated = false
        private(set) var nodes = 0

        init(connection: Connection) {
            self.connection = connection
        }

        func render() {
            invalidated = false
            withObservationTracking {
                var count = 0
                for edge in connection.edges {
                    blackHole(edge.node?.text)
                    count += 1
                }
                nodes = count
            } onChange: { [weak self] in
                MainActor.assumeIsolated { self?.invalidated = true }
            }
        }
    }

    @MainActor
    private static func edges(from: Int, count: Int) -> [Edge] {
        (from..<(from + count)).map { Edge(node: Note(text: "Note \($0)")) }
    }
}

/// A character's notes as a Relay connection, paged by `first`/`after`.
enum NotesPage: GraphQLOperation {
    static let document = """
        query BenchNotes($id: ID!, $count: Int, $cursor: String) {
          character(id: $id) {
            id
            notes(first: $count, after: $cursor) @connection(key: "BenchNotes_notes") {
              edges { cursor node { id text __typename } }
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
        struct Fields: FieldSet { let notes = Linked<Notes>("notes", arguments: true) }
        static let fields = Fields()
        let ref: RecordRef
    }

    struct Notes: Fragment {
        static let typeCondition = "NoteConnection"
        struct Fields: FieldSet { let edges = Linked<[Edge]>("edges") }
        static let fields = Fields()
        let ref: RecordRef
    }

    struct Edge: Fragment {
        static let typeCondition = "NoteEdge"
        struct Fields: FieldSet { let node = Linked<Note?>("node") }
        static let fields = Fields()
        let ref: RecordRef
    }

    struct Note: Fragment {
        static let typeCondition = "Note"
        struct Fields: FieldSet { let text = Scalar<String?>("text") }
        static let fields = Fields()
        let ref: RecordRef
    }

    /// The answer holding notes `from ..< from + count`, cursors `c<n>`.
    static func response(from: Int, count: Int, hasNext: Bool) -> Foundation.Data {
        var text = #"{"data":{"character":{"__typename":"Character","id":"1","notes":{"edges":["#
        for n in from..<(from + count) {
            if n > from { text += "," }
            text += #"{"cursor":"c\#(n)","node":{"__typename":"Note","id":"n\#(n)","text":"Note \#(n)"}}"#
        }
        text += #"],"pageInfo":{"endCursor":"c\#(from + count - 1)","hasNextPage":\#(hasNext)}}}}}"#
        return Foundation.Data(text.utf8)
    }
}
