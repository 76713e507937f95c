#if canImport(SwiftUI)
import SwiftUI

private struct BatonEnvironmentKey: EnvironmentKey {
    static let defaultValue: GraphQLEnvironment? = nil
}

extension EnvironmentValues {
    /// The Baton environment `@GraphQLQuery` properties run in: set it with
    /// `.environment(\.baton, environment)` at the root of a scene.
    public var baton: GraphQLEnvironment? {
        get { self[BatonEnvironmentKey.self] }
        set { self[BatonEnvironmentKey.self] = newValue }
    }
}

/// A view's query: owns a ``QueryHandle`` made (and so resolved against the store) in the
/// view's first update, before its first body, from the environment in `\.baton`.
///
/// ```swift
/// struct CharacterScreen: View {
///     @GraphQLQuery(CharacterQuery.self, variables: ["id": "1"]) var data
///     var body: some View {
///         if let character = try? data?.character { Text((try? character.name) ?? "") }
///         else if $data?.phase == .loading { ProgressView() }
///     }
/// }
/// ```
///
/// Main actor. Everything goes through the handle: the projected value, `$data` above, is the
/// handle itself (nil while `\.baton` holds no environment).
@MainActor
@propertyWrapper
public struct GraphQLQuery<Op: GraphQLOperation>: DynamicProperty {
    @SwiftUI.Environment(\.baton) private var environment
    @State private var box = QueryBox<Op>()
    private let variables: [String: JSONValue]
    private let policy: FetchPolicy

    public init(_ operation: Op.Type = Op.self, variables: [String: JSONValue] = [:], policy: FetchPolicy = .cacheFirst)
    {
        self.variables = variables
        self.policy = policy
    }

    /// A query of `operation` under its typed `variables`.
    public init(_ operation: Op.Type = Op.self, variables: Op.Variables, policy: FetchPolicy = .cacheFirst)
    where Op: TypedVariablesOperation {
        self.init(operation, variables: variables.variableValues, policy: policy)
    }

    /// The handle's data: a lens whose reads the view's body tracks per field.
    public var wrappedValue: Op.Data? { box.handle?.data }

    /// The handle: phase, refetch, pagination.
    public var projectedValue: QueryHandle<Op>? { box.handle }

    public nonisolated func update() {
        MainActor.assumeIsolated {
            guard let environment else { return }
            box.prepare(in: environment, variables: variables, policy: policy)
        }
    }
}

/// The handle a ``GraphQLQuery`` owns across the view's updates; a new one when the environment or
/// the variables change. Main actor.
@MainActor
final class QueryBox<Op: GraphQLOperation> {
    private(set) var handle: QueryHandle<Op>?

    func prepare(in environment: GraphQLEnvironment, variables: [String: JSONValue], policy: FetchPolicy) {
        if let handle, handle.environment === environment, handle.variables == variables, handle.policy == policy {
            return
        }
        handle = QueryHandle(Op.self, variables: variables, policy: policy, in: environment)
    }
}
#endif
