#if canImport(SwiftUI)
import SwiftUI

/// A view's subscription: owns a ``SubscriptionHandle`` made and started in the view's first
/// update (as the view appears) from the environment in `\.baton`, and stopped when the view
/// leaves the hierarchy (its state, and so the handle, is let go).
///
/// ```swift
/// struct LiveNotes: View {
///     @GraphQLSubscription(NoteAddedSubscription.self, variables: .init(characterId: "1")) var added
///     var body: some View {
///         Text((try? added?.noteAdded?.noteEdge?.node?.text) ?? "")
///         // $added?.state, $added?.stop()
///     }
/// }
/// ```
///
/// Main actor. The wrapped value is the handle's data (nil until the first event); the
/// projected value is the handle: state, errors, `stop()` and `start()`. A new handle is made
/// and started when the environment or the variables change; one the app stopped, or the
/// server ended, stays so until then. A view that stays in the hierarchy while hidden (a tab,
/// a screen under another in a navigation stack) keeps its state and so its stream: stop and
/// start it with `.onDisappear { $added?.stop() }` and `.onAppear { $added?.start() }`.
@MainActor
@propertyWrapper
public struct GraphQLSubscription<Op: GraphQLOperation>: DynamicProperty {
    @SwiftUI.Environment(\.baton) private var environment
    @State private var box = SubscriptionBox<Op>()
    private let variables: [String: JSONValue]
    private let backoff: Backoff

    public init(_ operation: Op.Type = Op.self, variables: [String: JSONValue] = [:], backoff: Backoff = .standard) {
        self.variables = variables
        self.backoff = backoff
    }

    /// A subscription to `operation` under its typed `variables`.
    public init(_ operation: Op.Type = Op.self, variables: Op.Variables, backoff: Backoff = .standard)
    where Op: TypedVariablesOperation {
        self.init(operation, variables: variables.variableValues, backoff: backoff)
    }

    /// The lens over the subscription root, set with the first event.
    public var wrappedValue: Op.Data? { box.handle?.data }

    /// The handle.
    public var projectedValue: SubscriptionHandle<Op>? { box.handle }

    public nonisolated func update() {
        MainActor.assumeIsolated {
            guard let environment else { return }
            box.prepare(in: environment, variables: variables, backoff: backoff)
        }
    }
}
#endif
