import Foundation
import Observation

/// Runs a mutation: an optional optimistic response shown at once, rolled back when the
/// mutation fails, and replaced by the server's answer in one commit (so only the net
/// difference notifies).
///
/// Main actor, `@Observable`. Mutations are never shared: each call to `perform` sends its own
/// request.
@MainActor
@Observable
public final class MutationHandle<Op: GraphQLOperation> {
    /// The lens over the mutation root after the last perform that landed.
    public private(set) var data: Op.Data?
    /// How many performs are on their way.
    public private(set) var running = 0
    /// The last failure; cleared by a perform that lands.
    public private(set) var error: OperationError?

    @ObservationIgnored let environment: GraphQLEnvironment

    public init(_ operation: Op.Type = Op.self, in environment: GraphQLEnvironment) {
        self.environment = environment
    }

    public var isRunning: Bool { running > 0 }

    /// Performs the mutation under `variables`.
    ///
    /// - Parameters:
    ///   - variables: the mutation's variables.
    ///   - optimisticResponse: the `data` the server is expected to answer, applied as an
    ///     optimistic layer before this function first suspends. Fields may be absent; a
    ///     member the operation does not select, at any depth (`__typename` aside), throws
    ///     ``Refusal/invalidOptimisticResponse(_:operation:)`` naming its path, before
    ///     anything is applied or sent. A generated mutation also takes its typed
    ///     `Payload` (also named `OptimisticResponse`), where such a member does not compile.
    /// - Returns: the lens over the mutation root, reading the server's answer.
    @discardableResult
    public func perform(
        variables: [String: JSONValue] = [:], optimisticResponse: JSONValue? = nil
    ) async throws(OperationError) -> Op.Data {
        let plan: OperationPlan
        do {
            plan = try environment.plan(Op.self, variables: variables)
        } catch {
            throw fail(.refused(.invalidOperation(error)), operation: nil)
        }
        let name = plan.name ?? "anonymous"
        guard !environment.isEnded else { throw fail(.refused(.ended(operation: name)), operation: name) }
        let store = environment.store
        var layer: OptimisticLayerID?
        if let optimisticResponse {
            let text = JSONValue.object(["data": optimisticResponse]).jsonText()
            do {
                layer = try store.applyOptimistic(Array(text.utf8), plan: plan)
            } catch {
                switch error {
                case .optimisticResponse(let ingestError, _):
                    throw fail(.refused(.invalidOptimisticResponse(ingestError, operation: name)), operation: name)
                }
            }
        }
        running += 1
        environment.log?(.fetchStarted(operation: name))
        let ingested = await GraphQLEnvironment.download(plan, transport: environment.transport)
        running -= 1
        switch environment.land(ingested, of: plan, as: .answer(replacing: layer)) {
        case .success: break
        case .failure(let failure):
            if let layer, !environment.isEnded { store.revert(layer) }
            throw fail(failure, operation: name)
        }
        guard let lens = environment.lens(Op.self, over: plan) else {
            throw fail(.fetch(.noData([], operation: name)), operation: name)
        }
        error = nil
        data = lens
        return lens
    }

    private func fail(_ failure: OperationError, operation: String?) -> OperationError {
        error = failure
        if let operation { environment.log?(.failed(operation: operation, kind: failure.kind)) }
        return failure
    }
}

extension MutationHandle where Op: TypedVariablesOperation {
    /// Performs the mutation under its typed `variables`, as
    /// ``perform(variables:optimisticResponse:)-([String:JSONValue],JSONValue?)``.
    @discardableResult
    public func perform(
        variables: Op.Variables, optimisticResponse: JSONValue? = nil
    ) async throws(OperationError) -> Op.Data {
        try await perform(variables: variables.variableValues, optimisticResponse: optimisticResponse)
    }
}

extension MutationHandle where Op: PayloadOperation {
    /// Performs the mutation with its typed optimistic response, as
    /// ``perform(variables:optimisticResponse:)`` does with the response's JSON.
    @discardableResult
    public func perform(
        variables: [String: JSONValue] = [:], optimisticResponse: Op.Payload
    ) async throws(OperationError) -> Op.Data {
        try await perform(variables: variables, optimisticResponse: optimisticResponse.inputValue)
    }
}

extension MutationHandle where Op: TypedVariablesOperation & PayloadOperation {
    /// Performs the mutation under its typed `variables` with its typed optimistic response, as
    /// ``perform(variables:optimisticResponse:)`` does with their JSON.
    @discardableResult
    public func perform(
        variables: Op.Variables, optimisticResponse: Op.Payload
    ) async throws(OperationError) -> Op.Data {
        try await perform(variables: variables.variableValues, optimisticResponse: optimisticResponse.inputValue)
    }
}
