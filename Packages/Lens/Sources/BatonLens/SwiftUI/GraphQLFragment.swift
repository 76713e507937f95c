#if canImport(SwiftUI)
import SwiftUI

/// A view's fragment, for a view handed a record's key rather than a lens: owns a
/// ``FragmentObserver`` made in the view's first update from the environment in `\.baton`,
/// and refreshed at each update after.
///
/// ```swift
/// struct CharacterCard: View {
///     @GraphQLFragment<CharacterRow> var character: CharacterRow?
///     init(key: RecordKey) { _character = GraphQLFragment(key: key) }
///     var body: some View {
///         Text((try? character?.name) ?? "")
///     }
/// }
/// ```
///
/// Main actor. The wrapped value is the observer's lens (nil while the store does not hold
/// the record, or `\.baton` holds no environment); its reads are tracked per field. The
/// projected value, `$character` above, is the observer.
@MainActor
@propertyWrapper
public struct GraphQLFragment<F: Fragment>: DynamicProperty {
    @SwiftUI.Environment(\.baton) private var environment
    @State private var box = FragmentBox<F>()
    private let key: RecordKey

    /// The fragment `fragment` over the record `key`.
    public init(_ fragment: F.Type = F.self, key: RecordKey) {
        self.key = key
    }

    /// The fragment's lens over the record.
    public var wrappedValue: F? { box.observer?.lens }

    /// The observer.
    public var projectedValue: FragmentObserver<F>? { box.observer }

    public nonisolated func update() {
        MainActor.assumeIsolated {
            guard let environment else { return }
            box.prepare(in: environment, key: key)
        }
    }
}
#endif
