import Testing

@testable import BatonLens

/// The environment's plan cache: one plan per operation and variables while cached, and
/// bounded however many variables a session sends.
@MainActor
@Suite struct PlanCacheTests {
    @Test func theSameVariablesGetTheSamePlanWhileItIsCached() throws {
        let environment = Spec.environment()
        let first = try environment.plan(RenameMutation.self, variables: ["id": "1", "name": "Rick"])
        let again = try environment.plan(RenameMutation.self, variables: ["id": "1", "name": "Rick"])
        #expect(first === again)
    }

    /// A page's or a refetch's new variables plan from the template the document was planned
    /// into the first time, and each plan still holds its own variables.
    @Test func aDocumentIsPlannedOnceWhateverItsVariables() throws {
        let environment = Spec.environment()
        #expect(environment.plannedDocumentCount == 0)
        let names = ["Rick", "Morty", "Summer"]
        let plans = try names.map { name in
            try environment.plan(RenameMutation.self, variables: ["id": "1", "name": .string(name)])
        }
        #expect(environment.plannedDocumentCount == 1)
        let storageKeys = plans.map { plan in
            plan.root.resolved(for: plan.rootTypename).fields.first { $0.responseKey == "rename" }?.storageKey
        }
        #expect(storageKeys == names.map { #"rename(id:"1",name:"\#($0)")"# })
    }

    /// The long session of `make soak` sends a note edit with new text every tenth screen:
    /// each kept its plan for good until the cache was bounded.
    @Test func mutationsWithEverNewVariablesKeepTheCacheBounded() throws {
        let environment = Spec.environment()
        for edit in 0..<(GraphQLEnvironment.planCacheLimit * 4) {
            _ = try environment.plan(RenameMutation.self, variables: ["id": "1", "name": .string("edit \(edit)")])
            #expect(environment.cachedPlanCount <= GraphQLEnvironment.planCacheLimit)
        }
        #expect(environment.cachedPlanCount > 0)
    }
}
