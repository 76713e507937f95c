import Foundation
import Observation
import Synchronization
import BatonLens
import BatonTestSupport

/// The spec's test schema (rickandmorty plus notes, mutations, nodes, tokenizer).
enum Spec {
    static let normalization: Normalization = {
        let schema = try! GraphQLSchema.parse(sdl: [
            TestData.text("Conformance/baton-spec/tests/schema.graphql"),
            TestData.text("Conformance/baton-spec/tests/extensions.graphql"),
        ])
        return Normalization(schema: schema)
    }()

    /// An environment over a fresh store under the spec's schema.
    @MainActor static func environment(
        _ transport: any Transport = ScriptedTransport.silent(), log: ((LensEvent) -> Void)? = nil
    ) -> GraphQLEnvironment {
        GraphQLEnvironment(store: Store(normalization: normalization), transport: transport, log: log)
    }
}

/// Commits `response` as `Op`'s answer under `variables` and returns the lens over its root.
@MainActor
func load<Op: GraphQLOperation>(
    _ operation: Op.Type, variables: [String: JSONValue] = [:], response: String, into environment: GraphQLEnvironment
) throws -> Op.Data {
    let plan = try environment.plan(operation, variables: variables)
    let result = try Ingest().ingest(Array(response.utf8), plan: plan)
    environment.store.commit(result.changes, fetched: plan.identity)
    return Op.Data(
        ref: RecordRef(
            record: environment.store.record(plan.rootKey)!, selection: plan.root,
            context: environment.lensContext))
}

/// Waits (yielding, then sleeping a millisecond at a time, up to two seconds) until
/// `condition` holds; returns whether it did.
@MainActor
@discardableResult
func eventually(_ condition: () -> Bool) async -> Bool {
    for attempt in 0..<2_000 {
        if condition() { return true }
        if attempt < 50 { await Task.yield() } else { try? await Task.sleep(for: .milliseconds(1)) }
    }
    return condition()
}

/// Counts invalidations of tracked closures by name, as view bodies. Safe from any thread.
final class RenderLog: Sendable {
    private let counts = Mutex<[String: Int]>([:])

    func fire(_ name: String) {
        counts.withLock { $0[name, default: 0] += 1 }
    }

    var fired: [String: Int] { counts.withLock { $0 } }
    var total: Int { counts.withLock { $0.values.reduce(0, +) } }
}

/// Runs `body` as a view body: tracked, logging `name` when it is invalidated.
@MainActor
func render(_ name: String, in log: RenderLog, _ body: () -> Void) {
    withObservationTracking(body, onChange: { log.fire(name) })
}

/// Collects log events. Main actor.
@MainActor
final class EventLog {
    private(set) var events: [LensEvent] = []

    var sink: (LensEvent) -> Void {
        { [weak self] event in self?.events.append(event) }
    }
}
