import Foundation
import Observation

/// Runs a mutation: an optional optimistic response and updater shown at once, rolled back when the
/// mutation fails, and replaced by the server's answer in one commit (so only the net
/// difference notifies).
///
/// Main actor, `Observable` (a view reading one of its properties re-renders when that
/// property changes; a read costs what an `@Observable` property's does). Mutations are never
/// shared: each call to `perform` sends its own request.
@MainActor
public final class MutationHandle<Op: GraphQLOperation>: Observable {
    /// The lens over the mutation root after the last perform that landed.
    public var data: Op.Data? {
        guard let ref = observed.data else { return nil }
        return Op.Data(ref: ref)
    }
    /// How many performs are on their way.
    public var running: Int { observed.running }
    /// The last failure; cleared by a perform that lands.
    public var error: OperationError? { observed.error }
    /// The properties above, observed (`MutationHandleState`).
    let observed = MutationHandleState()

    let environment: GraphQLEnvironment

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
    ///     anything is applied or sent, as does (under a schema) a null in a non-null field,
    ///     an enum value the schema does not declare or a `__typename` that cannot stand where
    ///     it is. A generated mutation also takes its typed
    ///     `Payload` (also named `OptimisticResponse`), where such a member does not compile.
    ///   - optimisticUpdate: changes to show at once beside (or instead of) the optimistic
    ///     response, in the same layer: a connection edge inserted, a record deleted. It
    ///     writes nothing to the base; when it throws, ``Refusal/updaterFailed(reason:operation:optimistic:)``
    ///     is thrown before anything is applied or sent.
    ///   - update: changes to make with the server's answer, given the answer's data lens (it
    ///     reads the answer alone: a link to a record the answer does not hold reads as
    ///     missing). They land in the same commit as the answer, which also takes the
    ///     optimistic layer away, so only the net difference notifies. When it throws, the
    ///     answer lands without them and ``Refusal/updaterFailed(reason:operation:optimistic:)``
    ///     is thrown.
    /// - Returns: the lens over the mutation root, reading the server's answer.
    @discardableResult
    public func perform(
        variables: [String: JSONValue] = [:], optimisticResponse: JSONValue? = nil,
        optimisticUpdate: ((inout StoreWrite) throws -> Void)? = nil,
        update: ((inout StoreWrite, Op.Data) throws -> Void)? = nil
    ) async throws(OperationError) -> Op.Data {
        try await perform(
            variables: variables, uploads: [], optimisticResponse: optimisticResponse,
            optimisticUpdate: optimisticUpdate, update: update)
    }

    /// Performs the mutation under `variables`, sending `uploads` with it (their paths hold
    /// `null` in `variables`).
    func perform(
        variables: [String: JSONValue], uploads: [UploadPlacement], optimisticResponse: JSONValue?,
        optimisticUpdate: ((inout StoreWrite) throws -> Void)?,
        update: ((inout StoreWrite, Op.Data) throws -> Void)?
    ) async throws(OperationError) -> Op.Data {
        let plan: OperationPlan
        do {
            plan = try environment.plan(Op.self, variables: variables)
        } catch {
            throw fail(.refused(.invalidOperation(error)), operation: nil)
        }
        let name = plan.name ?? "anonymous"
        guard !environment.isEnded else { throw fail(.refused(.ended(operation: name)), operation: name) }
        var layer: OptimisticLayerID?
        if optimisticResponse != nil || optimisticUpdate != nil {
            let changes = try optimisticChanges(optimisticResponse, optimisticUpdate, plan: plan, name: name)
            layer = environment.store.applyOptimistic(changes, operation: plan.identity)
        }
        observed.running += 1
        environment.log?(.fetchStarted(operation: name))
        var ingested = await GraphQLEnvironment.download(plan, uploads: uploads, transport: environment.transport)
        observed.running -= 1
        var updateFailure: OperationError?
        if let update, case .success(var result) = ingested, result.hasData, !environment.isEnded {
            do {
                result.changes = try changes(answering: result.changes, of: plan, with: update)
            } catch {
                updateFailure = .refused(.updaterFailed(reason: "\(error)", operation: name, optimistic: false))
            }
            ingested = .success(result)
        }
        switch environment.land(ingested, of: plan, as: .answer(replacing: layer)) {
        case .success: break
        case .failure(let failure):
            if let layer, !environment.isEnded { environment.store.revert(layer) }
            throw fail(failure, operation: name)
        }
        if let updateFailure { throw fail(updateFailure, operation: name) }
        guard let lens = environment.lens(Op.self, over: plan) else {
            throw fail(.fetch(.noData([], operation: name)), operation: name)
        }
        observed.error = nil
        observed.data = lens.ref
        return lens
    }

    /// The optimistic layer's changes: the response normalized as a partial payload, then
    /// what the updater writes.
    private func optimisticChanges(
        _ response: JSONValue?, _ update: ((inout StoreWrite) throws -> Void)?, plan: OperationPlan, name: String
    ) throws(OperationError) -> ChangeSet {
        var write = StoreWrite(environment: environment)
        if let response {
            do {
                write.changes = try Ingest.handWritten.ingest(data: response, plan: plan).changes
            } catch {
                throw fail(.refused(.invalidOptimisticResponse(error, operation: name)), operation: name)
            }
        }
        if let update {
            do { try update(&write) } catch {
                throw fail(
                    .refused(.updaterFailed(reason: "\(error)", operation: name, optimistic: true)), operation: name)
            }
        }
        return write.changes
    }

    /// The answer's changes and, after them, what `update` writes given the answer's data
    /// lens, read over a store holding the answer alone.
    private func changes(
        answering answer: ChangeSet, of plan: OperationPlan, with update: (inout StoreWrite, Op.Data) throws -> Void
    ) throws -> ChangeSet {
        let scratch = Store(normalization: environment.store.normalization)
        scratch.commit(answer)
        var write = StoreWrite(environment: environment)
        write.changes = answer
        write.answer = scratch
        if let root = scratch.record(plan.rootKey) {
            let context = LensContext(store: scratch, log: environment.log)
            try update(&write, Op.Data(ref: RecordRef(record: root, selection: plan.root, context: context)))
        }
        return write.changes
    }

    private func fail(_ failure: OperationError, operation: String?) -> OperationError {
        observed.error = failure
        if let operation { environment.log?(.failed(operation: operation, kind: failure.kind)) }
        return failure
    }
}

extension MutationHandle where Op: TypedVariablesOperation {
    /// Performs the mutation under its typed `variables`, as
    /// ``perform(variables:optimisticResponse:optimisticUpdate:update:)-([String:JSONValue],JSONValue?,_,_)``.
    /// Each `Upload` the variables hold (a custom scalar `baton.json` maps to `Upload`) is sent
    /// as a file of a GraphQL multipart request, `null` at its path in the variables.
    @discardableResult
    public func perform(
        variables: Op.Variables, optimisticResponse: JSONValue? = nil,
        optimisticUpdate: ((inout StoreWrite) throws -> Void)? = nil,
        update: ((inout StoreWrite, Op.Data) throws -> Void)? = nil
    ) async throws(OperationError) -> Op.Data {
        let encoded = UploadCollector.collecting { variables.variableValues }
        return try await perform(
            variables: encoded.variables, uploads: encoded.uploads, optimisticResponse: optimisticResponse,
            optimisticUpdate: optimisticUpdate, update: update)
    }
}

extension MutationHandle where Op: PayloadOperation {
    /// Performs the mutation with its typed optimistic response, as
    /// ``perform(variables:optimisticResponse:optimisticUpdate:update:)-([String:JSONValue],JSONValue?,_,_)`` does with the response's JSON.
    @discardableResult
    public func perform(
        variables: [String: JSONValue] = [:], optimisticResponse: Op.Payload,
        optimisticUpdate: ((inout StoreWrite) throws -> Void)? = nil,
        update: ((inout StoreWrite, Op.Data) throws -> Void)? = nil
    ) async throws(OperationError) -> Op.Data {
        try await perform(
            variables: variables, optimisticResponse: optimisticResponse.inputValue,
            optimisticUpdate: optimisticUpdate, update: update)
    }
}

extension MutationHandle where Op: TypedVariablesOperation & PayloadOperation {
    /// Performs the mutation under its typed `variables` with its typed optimistic response, as
    /// ``perform(variables:optimisticResponse:optimisticUpdate:update:)-([String:JSONValue],JSONValue?,_,_)`` does with their JSON,
    /// sending each `Upload` the variables hold as a file.
    @discardableResult
    public func perform(
        variables: Op.Variables, optimisticResponse: Op.Payload,
        optimisticUpdate: ((inout StoreWrite) throws -> Void)? = nil,
        update: ((inout StoreWrite, Op.Data) throws -> Void)? = nil
    ) async throws(OperationError) -> Op.Data {
        let encoded = UploadCollector.collecting { variables.variableValues }
        return try await perform(
            variables: encoded.variables, uploads: encoded.uploads, optimisticResponse: optimisticResponse.inputValue,
            optimisticUpdate: optimisticUpdate, update: update)
    }
}
