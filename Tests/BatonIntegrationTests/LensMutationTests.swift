import BatonImage
import BatonLens
import BatonTesting
import BatonTransport
import Foundation
import Testing

/// A note edited through a mutation with an optimistic response, against responses recorded
/// from the local server: the optimistic text shows at once, the server's answer replaces it
/// in one commit, a failure rolls it back, and only what the server confirmed reaches the
/// image.
@MainActor
@Suite struct LensMutationTests {
    let scratch = IntegrationScratch()
    let gate = IntegrationGate(IntegrationServer.recorded, holding: ["IntegrationEditNote"])

    /// A launch showing character 1's first page of notes, with a notes view and a title view.
    private func showNotes() async throws -> (IntegrationLaunch, IntegrationNotesQuery.Data, IntegrationViews) {
        let launch = IntegrationLaunch(scratch, normalization: IntegrationServer.normalization, transport: gate)
        let handle = QueryHandle(
            IntegrationNotesQuery.self, variables: IntegrationNotesQuery.variables, in: launch.environment)
        await handle.refetch()
        let data = try #require(handle.data)
        let views = IntegrationViews()
        views.render("notes") { _ = try? data.texts }
        views.render("title") { _ = try? data.character?.name }
        return (launch, data, views)
    }

    /// The first note's text in a new launch over the image, with no network.
    private func relaunchedFirstNote() throws -> String? {
        let launch = IntegrationLaunch(
            scratch, normalization: IntegrationServer.normalization, transport: SilentTransport())
        defer { launch.close() }
        let handle = QueryHandle(
            IntegrationNotesQuery.self, variables: IntegrationNotesQuery.variables, policy: .cacheOnly,
            in: launch.environment)
        return try handle.data?.texts.first
    }

    @Test func theOptimisticTextShowsAtOnceAndTheServersEqualAnswerLandsWithoutARender() async throws {
        let (launch, data, views) = try await showNotes()
        let mutation = MutationHandle(IntegrationEditNoteMutation.self, in: launch.environment)
        let edit = Task {
            try await mutation.perform(
                variables: IntegrationEditNoteMutation.variables,
                optimisticResponse: IntegrationEditNoteMutation.optimisticResponse(
                    IntegrationEditNoteMutation.serverText))
        }
        #expect(await integrationEventually { gate.waitingCount == 1 })
        #expect(try data.texts.first == IntegrationEditNoteMutation.serverText)
        #expect(views.fired == ["notes": 1])
        #expect(launch.store.optimisticLayers.count == 1)

        views.render("notes") { _ = try? data.texts }
        gate.answer()
        let answer = try await edit.value

        #expect(try answer.editNote?.text == IntegrationEditNoteMutation.serverText)
        #expect(launch.store.optimisticLayers.isEmpty)
        #expect(views.fired == ["notes": 1], "the answer equals the optimistic text: nothing to re-render")
        launch.close()
        #expect(try relaunchedFirstNote() == IntegrationEditNoteMutation.serverText)
    }

    @Test func aFailedEditRollsBackAndTheImageNeverHoldsTheOptimisticText() async throws {
        let (launch, data, views) = try await showNotes()
        let mutation = MutationHandle(IntegrationEditNoteMutation.self, in: launch.environment)
        let edit = Task {
            try await mutation.perform(
                variables: IntegrationEditNoteMutation.variables,
                optimisticResponse: IntegrationEditNoteMutation.optimisticResponse("Optimistic text"))
        }
        #expect(await integrationEventually { gate.waitingCount == 1 })
        #expect(try data.texts.first == "Optimistic text")
        views.render("notes") { _ = try? data.texts }

        gate.fail()
        await #expect(throws: OperationError.self) { try await edit.value }

        #expect(try data.texts == Array(IntegrationNotesQuery.texts.prefix(2)))
        #expect(launch.store.optimisticLayers.isEmpty)
        #expect(mutation.error?.kind == .transport)
        #expect(views.fired == ["notes": 2], "once for the optimistic text, once for the rollback")
        launch.close()
        #expect(try relaunchedFirstNote() == IntegrationNotesQuery.texts[0])
    }

    /// The typed value and its JSON form, each applied while the request waits and rolled back
    /// by a failure: the same views re-render, the same number of times, and show the same text.
    @Test func aTypedOptimisticResponseNotifiesTheSameViewsAsTheEquivalentJSON() async throws {
        let (launch, data, views) = try await showNotes()
        defer { launch.close() }
        let mutation = MutationHandle(IntegrationEditNoteMutation.self, in: launch.environment)
        let typed = IntegrationEditNoteMutation.OptimisticResponse(editNote: .init(id: "note-1", text: "Typed text"))
        var shown: [[String: Int]] = []
        var texts: [String?] = []
        for useTyped in [true, false] {
            views.reset()
            if !useTyped {
                // The views render again after the rollback, as they would (the first pass's renders were used up).
                views.render("notes") { _ = try? data.texts }
                views.render("title") { _ = try? data.character?.name }
            }
            let edit = Task {
                if useTyped {
                    try await mutation.perform(
                        variables: IntegrationEditNoteMutation.variables, optimisticResponse: typed)
                } else {
                    try await mutation.perform(
                        variables: IntegrationEditNoteMutation.variables,
                        optimisticResponse: IntegrationEditNoteMutation.optimisticResponse("Typed text"))
                }
            }
            #expect(await integrationEventually { gate.waitingCount == 1 })
            shown.append(views.fired)
            texts.append(try data.texts.first)
            gate.fail()
            await #expect(throws: OperationError.self) { try await edit.value }
            #expect(launch.store.optimisticLayers.isEmpty)
        }
        #expect(shown == [["notes": 1], ["notes": 1]])
        #expect(texts == ["Typed text", "Typed text"])
    }
}
