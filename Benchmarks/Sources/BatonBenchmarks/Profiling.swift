import BatonLens
import Foundation
import BatonTestSupport

/// `BatonBenchmarks profile PATH [COUNT]`: one hot path of the benchmarks run COUNT times (10 by
/// default) and nothing else timed, for an instruction count of that path alone:
///
/// ```
/// valgrind --tool=callgrind --toggle-collect='*profiled*' .build/release/BatonBenchmarks profile payload
/// ```
///
/// Each run is one call of a function whose name starts with `profiled`, never inlined, so
/// `--toggle-collect` counts its calls and nothing the setup does; divide by COUNT.
enum Profiling {
    static let argument = "profile"

    /// The paths, by name.
    static let paths: [String: @MainActor (Int) throws -> Void] = [
        "ingest": profileIngest,
        "response-commit": profileResponseCommit,
        "payload": profilePayload,
    ]

    @MainActor
    static func run(_ arguments: ArraySlice<String>) throws {
        guard let name = arguments.first, let path = paths[name] else {
            print("usage: BatonBenchmarks profile {\(paths.keys.sorted().joined(separator: "|"))} [COUNT]")
            exit(2)
        }
        let count = arguments.dropFirst().first.flatMap { Int($0) } ?? 10
        try path(count)
        print("profiled \(name) \(count) times")
    }

    /// The fixture's bytes ingested (no commit) through the screen's plan, as the ingest side
    /// of `payload_commit_over_ingest_ratio` times it.
    @MainActor
    static func profileIngest(_ count: Int) throws {
        let environment = try LensFixture.environment()
        let plan = try environment.plan(LensFixture.self, variables: LensFixture.variables)
        for _ in 0..<count { try profiledIngest(FixtureData.bytes, plan: plan) }
    }

    @inline(never)
    static func profiledIngest(_ bytes: [UInt8], plan: OperationPlan) throws {
        blackHole(try Ingest().ingest(bytes, plan: plan))
    }

    /// The fixture's bytes ingested and committed into an empty store, as the response side of
    /// `payload_commit_over_response_commit_ratio` times it.
    @MainActor
    static func profileResponseCommit(_ count: Int) throws {
        let environment = try LensFixture.environment()
        let plan = try environment.plan(LensFixture.self, variables: LensFixture.variables)
        for _ in 0..<count {
            let store = Store(normalization: environment.store.normalization)
            try profiledResponseCommit(FixtureData.bytes, plan: plan, into: store)
        }
    }

    @MainActor @inline(never)
    static func profiledResponseCommit(_ bytes: [UInt8], plan: OperationPlan, into store: Store) throws {
        blackHole(store.commit(try Ingest().ingest(bytes, plan: plan).changes))
    }

    /// The fixture's data written as a payload into an empty environment that planned the
    /// operation, as `payload_commit_fixture_ms` times it.
    @MainActor
    static func profilePayload(_ count: Int) throws {
        let normalization = try LensFixture.environment().store.normalization
        let data = FixtureData.payloadData
        for _ in 0..<count {
            let environment = GraphQLEnvironment(
                store: Store(normalization: normalization), transport: UnusedTransport())
            _ = try environment.plan(LensFixture.self, variables: LensFixture.variables)
            try profiledPayload(JSONValue.deepCopy(of: data), into: environment)
        }
    }

    @MainActor @inline(never)
    static func profiledPayload(_ data: JSONValue, into environment: GraphQLEnvironment) throws {
        try environment.write { try $0.commit(LensFixture.self, variables: LensFixture.variables, data: data) }
    }
}
