import Foundation
import Observation

/// A `@refetchable` fragment on screen, fetched again on its own: ``refetch(variables:)-([String:JSONValue])``
/// fetches just the fragment under new variables through its generated refetch query, and,
/// for a fragment that selects a `@connection`, ``loadNext(_:)`` and ``loadPrevious(_:)``
/// page that connection independently of the screen's query (see RefetchHandle+Pagination).
///
/// Main actor, `Observable` (a view reading one of its properties re-renders when that property
/// changes; a read costs what an `@Observable` property's does). Made from a lens the screen's
/// query (or a parent fragment) gave, with the variables that lens was read under. A refetch's
/// answer lands through the environment's one landing path (the store commit every fetch makes);
/// until it has, ``lens`` keeps reading the old data. Once it has, ``lens`` is re-pointed at the
/// record the answer holds, through the refetch query's selection, so fields with arguments read
/// the storage keys of the new ``variables``. A failure is thrown, typed, and kept in ``error``;
/// the lens stays. While the handle lives, the refetch query it last landed is retained against
/// collection.
@MainActor
public final class RefetchHandle<F: RefetchableFragment>: Observable {
    /// The fragment's lens: the one given, then the one over each refetch's answer.
    public var lens: F { F(ref: observed.lens) }
    /// The refetch query's variables the lens reads under: the fragment's variables, and the
    /// lookup's key arguments (`id`) taken from the lens's record.
    public var variables: [String: JSONValue] { observed.variables }
    /// Whether ``refetch(variables:)-([String:JSONValue])`` is on its way.
    public var isRefetching: Bool { observed.isRefetching }
    /// Whether ``loadNext(_:)`` is on its way.
    public var isLoadingNext: Bool { observed.isLoadingNext }
    /// Whether ``loadPrevious(_:)`` is on its way.
    public var isLoadingPrevious: Bool { observed.isLoadingPrevious }
    /// The last failure; cleared by a fetch that lands.
    public var error: OperationError? { observed.error }
    /// The properties above, observed (`RefetchHandleState`).
    let observed: RefetchHandleState

    let environment: GraphQLEnvironment
    private var retention: Retention?
    /// Counts refetches, so only the latest one started re-points the lens.
    private var generation = 0

    /// A handle over `lens`, read under `variables` (those of the query that reached it;
    /// the ones the refetch query does not declare are dropped).
    public init(_ lens: F, variables: [String: JSONValue] = [:], in environment: GraphQLEnvironment) {
        self.observed = RefetchHandleState(lens: lens.ref, variables: Self.declared(variables))
        self.environment = environment
    }

    deinit {
        retention?.release()
    }

    /// Fetches the fragment again under ``variables`` overlaid with `variables`, commits the
    /// answer, and re-points ``lens`` at it. Joins an identical fetch in flight. The answer
    /// starts the fragment's paged lists again, as ``QueryHandle/refetch()``'s does. Throws the
    /// fetch's failure (``OperationError``), or ``Refusal/refetch(_:)`` when the record cannot
    /// be looked up or the answer holds none; the lens then stays where it was.
    public func refetch(variables: [String: JSONValue] = [:]) async throws(OperationError) {
        var merged = self.variables
        for (name, value) in variables { merged[name] = value }
        try await refetch(resolving: merged)
    }

    /// The variables of the refetch query for `variables`: the key arguments from the lens's
    /// record, then `variables` (which may name another record's key).
    func queryVariables(_ variables: [String: JSONValue]) throws(OperationError) -> [String: JSONValue] {
        var result: [String: JSONValue] = [:]
        if case .lookup(_, let arguments) = F.refetchTarget {
            for argument in arguments where variables[argument.argument] == nil {
                guard let value = lens.ref.record[untracked: Slot(argument.keyField)], !value.isNull else {
                    throw .refused(
                        .refetch(
                            .missingKey(
                                fragment: String(describing: F.self), field: argument.keyField, record: lens.key)))
                }
                result[argument.argument] = value.json
            }
        }
        for (name, value) in variables { result[name] = value }
        return result
    }

    private func refetch(resolving given: [String: JSONValue]) async throws(OperationError) {
        let variables = try queryVariables(given)
        let plan = try plan(variables)
        generation += 1
        let mine = generation
        observed.isRefetching = true
        let result = await environment.startFetch(plan, startingListsAgain: true).result()
        if mine == generation { observed.isRefetching = false }
        switch result {
        case .failure(let failure):
            if mine == generation { observed.error = failure }
            throw failure
        case .success:
            guard mine == generation else { return }
            guard let repointed = lens(over: plan) else {
                let failure = OperationError.refused(
                    .refetch(.notInAnswer(fragment: String(describing: F.self), operation: plan.name ?? "anonymous")))
                observed.error = failure
                throw failure
            }
            retention?.release()
            retention = Retention(environment.store.retain(plan))
            observed.variables = variables
            observed.lens = repointed.ref
            observed.error = nil
        }
    }

    /// The refetch query's plan under `variables`.
    func plan(_ variables: [String: JSONValue]) throws(OperationError) -> OperationPlan {
        do {
            return try environment.plan(F.RefetchQuery.self, variables: variables)
        } catch {
            let failure = OperationError.refused(.invalidOperation(error))
            observed.error = failure
            throw failure
        }
    }

    /// The fragment's lens over the record `plan`'s answer holds, through `plan`'s selection;
    /// nil when the store holds none there.
    func lens(over plan: OperationPlan) -> F? {
        let store = environment.store
        guard let root = store.record(plan.rootKey) else { return nil }
        switch F.refetchTarget {
        case .root:
            return F(ref: RecordRef(record: root, selection: plan.root, context: environment.lensContext))
        case .lookup(let field, _):
            guard let fieldPlan = plan.root.common.fields.first(where: { $0.responseKey == field }),
                let record = store.resolve(root[untracked: fieldPlan.field.slot])
                    ?? store.lookupKey(in: root, field: fieldPlan).flatMap({ store.record($0) }),
                record.typename.map({ Self.applies(to: $0, selection: fieldPlan.selection) }) ?? true
            else { return nil }
            return F(ref: RecordRef(record: record, selection: fieldPlan.selection, context: environment.lensContext))
        }
    }

    /// Whether a record of `typename` is one the fragment's type condition covers.
    private static func applies(to typename: String, selection: SelectionPlan?) -> Bool {
        typename == F.typeCondition || selection?.byType[typename] != nil || selection?.isAbstract == true
    }

    /// `variables` without those the refetch query does not declare (by its template, or its
    /// document for one written by hand; all of them when neither says).
    private static func declared(_ variables: [String: JSONValue]) -> [String: JSONValue] {
        let names: Set<String>
        if let template = F.RefetchQuery.template {
            names = Set(template.variables.map(\.name))
        } else if let document = try? Document.parse(F.RefetchQuery.document),
            let operation = document.operation(named: F.RefetchQuery.operationName)
        {
            names = Set(operation.variableDefinitions.map(\.name))
        } else {
            return variables
        }
        return variables.filter { names.contains($0.key) }
    }
}

extension RefetchHandle where F.RefetchQuery: TypedVariablesOperation {
    /// ``refetch(variables:)-([String:JSONValue])`` under the refetch query's typed `variables` (which replace the
    /// handle's; a lookup key left out is taken from the lens's record).
    public func refetch(variables: F.RefetchQuery.Variables) async throws(OperationError) {
        try await refetch(resolving: variables.variableValues)
    }
}
