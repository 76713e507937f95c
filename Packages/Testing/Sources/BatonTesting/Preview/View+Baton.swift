#if canImport(SwiftUI)
import BatonLens
import SwiftUI

extension View {
    /// Runs the `@GraphQLQuery` properties of this view and its children in `environment`
    /// (a preview's, seeded: `GraphQLEnvironment.preview(_:transport:seed:)`), as
    /// `.environment(\.baton, environment)` does.
    ///
    /// ```swift
    /// #Preview {
    ///     CharacterScreen(id: "1").baton(try! .preview(normalization) { seed in
    ///         try seed.recorded(CharacterQuery.self, variables: ["id": "1"], from: recordings)
    ///     })
    /// }
    /// ```
    public func baton(_ environment: GraphQLEnvironment) -> some View {
        self.environment(\.baton, environment)
    }
}
#endif
