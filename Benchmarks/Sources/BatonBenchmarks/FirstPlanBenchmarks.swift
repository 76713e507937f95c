import BatonLens
import BatonTestSupport
import Foundation

/// A new process's first plan of the benchmark's screen, through its generated lenses: what
/// the first `QueryHandle` of a launch pays before it checks the store, beside a plan of the
/// same operation made after it. Each figure is the median over new processes.
enum FirstPlanBenchmarks {
    static let childArgument = "first-plan-child"

    @MainActor
    static func run(_ harness: inout Harness) throws {
        var plans: [Double] = []
        let first = try Harness.median {
            let (first, again) = try planInNewProcess()
            plans.append(again)
            return first
        }
        let again = plans.sorted()[plans.count / 2]
        harness.record("first_plan_ms", first)
        harness.record("plan_again_ms", again)
    }

    /// Runs ``child()`` in a new process: the milliseconds of its first plan and of the next.
    static func planInNewProcess() throws -> (first: Double, again: Double) {
        let figures = try Harness.childFigures([childArgument])
        guard figures.count == 2 else { throw ImageBenchmarks.BenchError.child("printed \(figures)") }
        return (figures[0], figures[1])
    }

    /// The child of ``planInNewProcess()``: with the schema parsed and an environment made,
    /// plans the screen's operation, then plans it again under other variables, and prints
    /// the milliseconds of each.
    @MainActor
    static func child() throws {
        let schema = try String(
            contentsOf: TestData.url("Conformance/baton-spec/rickandmorty/schema.graphql"), encoding: .utf8)
        let normalization = Normalization(schema: try GraphQLSchema.parse(sdl: schema))
        let environment = GraphQLEnvironment(store: Store(normalization: normalization), transport: UnusedTransport())
        let start = DispatchTime.now().uptimeNanoseconds
        _ = try environment.plan(BenchmarkScreenQuery.self, variables: ["page": 1])
        let planned = DispatchTime.now().uptimeNanoseconds
        _ = try environment.plan(BenchmarkScreenQuery.self, variables: ["page": 2])
        let again = DispatchTime.now().uptimeNanoseconds
        print(Double(planned - start) / 1e6, Double(again - planned) / 1e6)
    }
}
