/// A fragment marked `@refetchable(queryName:)`: `baton-compile` writes its refetch query (an
/// operation selecting just the fragment) and this conformance, and a ``RefetchHandle`` fetches
/// the fragment again, or pages its `@connection`, through that query.
///
/// ```swift
/// extension CharacterNotes: RefetchableFragment {
///     typealias RefetchQuery = CharacterNotesRefetchQuery
///     static let refetchTarget = RefetchTarget.lookup(
///         field: "character", arguments: [.init(argument: "id", keyField: "id")])
/// }
/// ```
@MainActor
public protocol RefetchableFragment: Fragment {
    /// The query that selects only this fragment: at the root for a fragment on the query
    /// type, else under the root field that finds the fragment's record by identity.
    associatedtype RefetchQuery: GraphQLOperation
    /// Where the fragment's record is in the refetch query's answer.
    static var refetchTarget: RefetchTarget { get }
}

/// Where a ``RefetchableFragment``'s record sits in its refetch query: the root itself, or the
/// record a root field answers when given the record's key fields (`node(id:)`,
/// `character(id:)`). A value: safe on any thread.
public enum RefetchTarget: Sendable, Hashable {
    /// The fragment is on the query type: the query spreads it at its root.
    case root
    /// The query selects `field`, each argument taking a key field of the fragment's record
    /// (as a variable of the argument's name), and spreads the fragment there.
    case lookup(field: String, arguments: [KeyArgument])

    /// A lookup argument and the key field of the record whose value it takes.
    public struct KeyArgument: Sendable, Hashable {
        public let argument: String
        public let keyField: String

        public init(argument: String, keyField: String) {
            self.argument = argument
            self.keyField = keyField
        }
    }
}
