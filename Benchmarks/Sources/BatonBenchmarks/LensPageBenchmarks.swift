import BatonLens
import BatonTestSupport
import BatonTesting
import Foundation
import Observation

/// `loadNext` of a page of 50 into a connection of 4,000 edges that a view reads in full:
/// the page answered in process by a scripted transport, so the figure is the page's ingest,
/// its merge into the connection, the commit, and the view's re-read of every node.
enum LensPageBenchmarks {
    static let loaded = 4_000
    static let pageSize = 50

    @MainActor
    static func run(_ harness: inout Harness) throws {
        let milliseconds = try Harness.median {
            let (handle, view) = try loadedView()
            let elapsed = Self.runOnMain {
                let start = DispatchTime.now().uptimeNanoseconds
                await handle.loadNext(pageSize)
                if view.invalidated { view.render() }
                return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
            }
            precondition(handle.error == nil && view.nodes == loaded + pageSize, "the view must read the merged page")
            return elapsed
        }
        harness.record("load_next_page_ms", milliseconds)
    }

    /// A fresh store holding the first 4,000 edges, its handle, and the view that has read
    /// them all; the handle's next page is answered in process.
    @MainActor
    static func loadedView() throws -> (QueryHandle<NotesPage>, NotesView) {
        let environment = GraphQLEnvironment(store: Store(normalization: try normalization()), transport: transport)
        let variables: [String: JSONValue] = ["id": "1", "count": .int(loaded)]
        let plan = try environment.plan(NotesPage.self, variables: variables)
        environment.store.commit(try Ingest().ingest(firstPage, plan: plan).changes, fetched: plan.identity)
        let handle = QueryHandle(NotesPage.self, variables: variables, policy: .cacheOnly, in: environment)
        guard let notes = try handle.data?.character?.notes else { throw LensBenchmarkError.notCached }
        let view = NotesView(notes: notes)
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

/// A view over the connection: its body reads every edge's node's text through the lenses,
/// inside a tracking scope, and is invalidated when a field it read changes. Main actor.
@MainActor
final class NotesView {
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
