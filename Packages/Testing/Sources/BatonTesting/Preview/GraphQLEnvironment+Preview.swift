import BatonLens

extension GraphQLEnvironment {
    /// An environment for a SwiftUI preview or a view model's unit test, in one call: a store
    /// in memory (no image) under `normalization`, holding what `seed` commits, over
    /// `transport`, by default a ``SilentTransport`` that never answers, so a screen shows
    /// exactly the seeded data and a handle asking for more stays loading. Pass a
    /// ``ScriptedTransport`` to answer from a script instead.
    ///
    /// ```swift
    /// let environment = try GraphQLEnvironment.preview(normalization) { seed in
    ///     try seed.recorded(CharacterQuery.self, variables: ["id": "1"], from: recordings)
    ///     try seed.payload(ProfileQuery.self, ProfileQuery.Payload(viewer: .init(name: "Rick")))
    /// }
    /// ```
    ///
    /// Main actor, like the store. Rethrows what `seed` throws: the first ``PreviewSeedError``
    /// of its steps (what they committed before it stays).
    public static func preview(
        _ normalization: Normalization = Normalization(), transport: any Transport = SilentTransport(),
        seed: (inout PreviewSeed) throws -> Void = { _ in }
    ) rethrows -> GraphQLEnvironment {
        let environment = GraphQLEnvironment(store: Store(normalization: normalization), transport: transport)
        var seeder = PreviewSeed(environment: environment)
        try seed(&seeder)
        return environment
    }
}
