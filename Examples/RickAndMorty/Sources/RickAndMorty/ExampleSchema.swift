import BatonLens

/// What the app's stores are made with, from the generated `BatonSchema`: the identity and
/// possible types (the operations' templates carry the rest of the schema), and the image's
/// version, the digest of the schema the app was built against
/// (`Tools/TestServer/schema.graphql`): another schema starts a new file.
enum ExampleSchema {
    static let normalization = BatonSchema.normalization
    static let version = "rick-and-morty-" + BatonSchema.schemaDigest.prefix(16)
}
