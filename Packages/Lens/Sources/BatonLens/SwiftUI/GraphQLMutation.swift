#if canImport(SwiftUI)
import SwiftUI

/// A view's mutation: owns a ``MutationHandle`` made in the view's first update from the
/// environment in `\.baton`.
///
/// ```swift
/// struct RenameButton: View {
///     @GraphQLMutation(RenameMutation.self) var rename
///     var body: some View {
///         Button("Rename") {
///             Task {
///                 try? await rename?.perform(
///                     variables: .init(id: "1", name: "Rick Prime"),
///                     optimisticResponse: .init(rename: .init(character: .init(id: "1", name: "Rick Prime"))))
///             }
///         }
///         .disabled(rename?.phase == .running)
///     }
/// }
/// ```
///
/// Main actor. The wrapped value is the handle (nil while `\.baton` holds no environment): its
/// `perform` shows an optimistic response at once and rolls it back if the mutation fails,
/// and its ``MutationHandle/phase``, `error` and `data` are tracked. A failed perform throws
/// and also leaves its failure in `error`.
@MainActor
@propertyWrapper
public struct GraphQLMutation<Op: GraphQLOperation>: DynamicProperty {
    @SwiftUI.Environment(\.baton) private var environment
    @State private var box = MutationBox<Op>()

    public init(_ operation: Op.Type = Op.self) {}

    /// The handle.
    public var wrappedValue: MutationHandle<Op>? { box.handle }

    public nonisolated func update() {
        MainActor.assumeIsolated {
            guard let environment else { return }
            box.prepare(in: environment)
        }
    }
}
#endif
