import BatonLens

/// The schema the app was built against: the local test server's
/// (`Tools/TestServer/schema.graphql`), which the compiler writes into the generated
/// `BatonSchema` beside the identity and possible types. Its digest versions the image:
/// another schema starts a new file.
enum ExampleSchema {
    /// The normalization every store of the app uses.
    static let normalization: Normalization = {
        do {
            return Normalization(schema: try Schema.parse(sdl: BatonSchema.sdl), possibleTypes: BatonSchema.possibleTypes,
                                 cacheKeys: BatonSchema.cacheKeys)
        } catch {
            fatalError("the generated schema does not parse: \(error)")
        }
    }()

    /// The image version: a digest of the schema text (FNV-1a, 64 bits).
    static let version: String = {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in BatonSchema.sdl.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01b3
        }
        return "rick-and-morty-" + String(hash, radix: 16)
    }()
}
