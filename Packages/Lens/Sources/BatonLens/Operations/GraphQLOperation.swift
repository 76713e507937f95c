/// A GraphQL operation and the lens over its root: one per query, mutation or subscription.
/// (Named so as not to clash with Foundation's `Operation`.)
///
/// `baton-compile` (and its build-tool plugin) writes these from an app's `.graphql` files,
/// with the operation's ``template``: its plan before variables, as data, so the app parses
/// no GraphQL at run time. One written by hand, without a template, has its document parsed
/// and planned at first use:
///
/// ```swift
/// enum CharacterQuery: GraphQLOperation {
///     static let document = "query CharacterQuery($id: ID!) { character(id: $id) { id name } }"
///     struct Data: Fragment {
///         static let typeCondition = "Query"
///         struct Fields: FieldSet { let character = Linked<CharacterRow?>("character", arguments: true) }
///         static let fields = Fields()
///         let ref: RecordRef
///     }
/// }
/// ```
///
/// The text a document planned at run time sends selects `__typename` in each selection set
/// whose type the normalization's schema does not fix (every set below the root when it has
/// no schema, as the plugin's `BatonSchema.normalization` has none): the plan reads each
/// object's type there from the answer, so the document need not select it.
///
/// Building the operation's plan for the first time checks its lenses against its document:
/// every field a lens declares (through links, recursively) must be selected on that type,
/// or building fails with ``OperationBuildError`` naming the field and the lens.
///
/// Pagination needs no declaration: ``QueryHandle/loadNext(_:)`` and
/// ``QueryHandle/loadPrevious(_:)`` set the variables that the `@connection` field's own
/// `first`/`after` and `last`/`before` arguments take (`ConnectionPaging`, in the plan).
public protocol GraphQLOperation {
    /// The lens over the operation's root record.
    associatedtype Data: Fragment
    /// The executable document: the operation and the fragments it spreads.
    static var document: String { get }
    /// The operation to run when the document holds several; nil for the only one.
    static var operationName: String? { get }
    /// The operation planned before its variables, resolved against the schema at build
    /// time; nil to plan ``document`` at run time with the store's normalization.
    static var template: OperationTemplate? { get }
    /// How long a query's fetched data stays fresh (its document's `@cacheExpiration(seconds:)`);
    /// nil for no limit. Older data is stale: a ``QueryHandle`` shows it and fetches again,
    /// under any policy that reads the store (``FetchPolicy/staleWhileRevalidate(maxAge:)``
    /// with a shorter `maxAge` wins).
    static var cacheExpiration: Duration? { get }
}

extension GraphQLOperation {
    public static var operationName: String? { nil }
    public static var template: OperationTemplate? { nil }
    public static var cacheExpiration: Duration? { nil }

    /// The plan of this operation under `variables`, its lenses checked against its document
    /// (once per operation type and normalization's schema presence).
    @MainActor
    public static func plan(
        variables: [String: JSONValue] = [:], normalization: Normalization = Normalization()
    ) throws(OperationBuildError) -> OperationPlan {
        try OperationBuilder.plan(Self.self, variables: variables, normalization: normalization)
    }
}
