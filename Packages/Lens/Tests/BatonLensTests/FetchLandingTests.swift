import Foundation
import Testing
import BatonLens

/// Where a fetch's commit runs: in the task of its first awaiting caller, which goes on (and
/// updates its handle) in the same main-actor job, before any job the commit enqueued.
@MainActor
struct FetchLandingTests {
    /// Runs `probe` in a main-actor job enqueued when the environment logs a commit: what the
    /// next job after the commit sees.
    @MainActor
    final class AfterCommit {
        var probe: () -> String = { "" }
        private(set) var seen: [String] = []

        var log: (LensEvent) -> Void {
            { [weak self] event in
                guard case .committed = event else { return }
                Task { @MainActor in
                    guard let self else { return }
                    self.seen.append(self.probe())
                }
            }
        }
    }

    @Test func aFetchsCallerGoesOnInTheJobThatCommits() async throws {
        let after = AfterCommit()
        var steps: [String] = []
        after.probe = { "the next job" }
        let environment = Spec.environment(
            ScriptedTransport(answering: NameQuery.response("Rick")), log: after.log)

        try await environment.fetch(NameQuery.self, variables: ["id": "1"])
        steps.append("the caller")

        #expect(await eventually { after.seen.count == 1 })
        #expect(steps + after.seen == ["the caller", "the next job"])
    }

    @Test func aHandleIsReadyInTheJobThatCommitsItsFetch() async throws {
        let after = AfterCommit()
        let environment = Spec.environment(
            ScriptedTransport(answering: NameQuery.response("Rick")), log: after.log)
        let handle = QueryHandle(NameQuery.self, variables: ["id": "1"], policy: .networkOnly, in: environment)
        after.probe = { "\(handle.phase), \((try? handle.data?.character?.name) ?? "no data")" }

        #expect(await eventually { after.seen.count == 1 })
        #expect(after.seen == ["ready, Rick"])
    }

    @Test func aPageIsNoLongerLoadingInTheJobThatCommitsIt() async throws {
        let after = AfterCommit()
        let environment = Spec.environment(NotesQuery.transport(), log: after.log)
        let handle = QueryHandle(NotesQuery.self, variables: ["id": "1"], in: environment)
        #expect(await eventually { handle.phase == .ready && after.seen.count == 1 })
        let notes = try #require(try handle.data?.character?.notes)
        after.probe = { "loading \(handle.isLoadingPage), \((try? notes.edges.count) ?? 0) edges" }

        await handle.loadNext(2)

        #expect(await eventually { after.seen.count == 2 })
        #expect(after.seen.last == "loading false, 4 edges")
    }

    @Test func aCancelledCallerStillGetsTheOutcomeAndTheRecordsLand() async throws {
        let transport = GatedTransport()
        let environment = Spec.environment(transport)
        let caller = Task { try await environment.fetch(NameQuery.self, variables: ["id": "1"]) }
        #expect(await eventually { transport.waiting == 1 })

        caller.cancel()
        transport.answer(.success(Data(NameQuery.response("Rick").utf8)))

        let summary = try await caller.value
        #expect(summary.recordsCreated == 1)
        #expect(environment.store.record(RecordKey("Character:1")) != nil)
        #expect(!environment.isFetching(try environment.plan(NameQuery.self, variables: ["id": "1"]).identity))
    }

    @Test func callersJoiningAFetchGetTheOutcomeOfItsOneRequest() async throws {
        let transport = GatedTransport()
        let environment = Spec.environment(transport)
        let callers = (0..<3).map { _ in
            Task { try await environment.fetch(NameQuery.self, variables: ["id": "1"]).recordsCreated }
        }
        #expect(await eventually { transport.waiting == 1 })
        for _ in 0..<10 { await Task.yield() }

        transport.answer(.success(Data(NameQuery.response("Rick").utf8)))

        var created: [Int] = []
        for caller in callers { created.append(try await caller.value) }
        #expect(created == [1, 1, 1])
        #expect(transport.count == 1)
    }

    @Test func aFetchThatFailsFailsEveryCallerAndIsLoggedOnce() async throws {
        let events = EventLog()
        let transport = GatedTransport()
        let environment = Spec.environment(transport, log: events.sink)
        let callers = (0..<2).map { _ in
            Task { () -> FailureKind? in
                do throws(OperationError) {
                    try await environment.fetch(NameQuery.self, variables: ["id": "1"])
                    return nil
                } catch {
                    return error.kind
                }
            }
        }
        #expect(await eventually { transport.waiting == 1 })
        for _ in 0..<10 { await Task.yield() }

        transport.answer(.failure(TestTransportError.unreachable))

        var kinds: [FailureKind?] = []
        for caller in callers { kinds.append(await caller.value) }
        #expect(kinds == [.transport, .transport])
        #expect(events.events.filter { $0 == .failed(operation: "NameQuery", kind: .transport) }.count == 1)
    }
}
