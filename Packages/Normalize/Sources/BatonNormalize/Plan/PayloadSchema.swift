import Synchronization

/// The schema a payload written by hand (an app's write, an optimistic response) is checked
/// against when the normalization carries no parsed schema: the compiler's
/// `BatonSchema.selectedSchema`, the schema as far as the app's documents read it (its
/// types, selected fields with their nullability, enum values and possible types), kept as
/// text and parsed at the first check that needs it, once. A launch that writes nothing by
/// hand parses no GraphQL.
///
/// Thread safety: `Sendable`; the first check parses under a lock, on whichever thread it
/// runs, and every later one reads the parsed schema.
public final class PayloadSchema: Sendable {
    /// The schema's SDL.
    public let sdl: String
    private let parsed: Mutex<Result<GraphQLSchema, GraphQLSyntaxError>?> = Mutex(nil)

    public init(sdl: String) {
        self.sdl = sdl
    }

    /// The schema, parsed from ``sdl`` the first time it is asked for.
    ///
    /// - Throws: the `GraphQLSyntaxError` of a text that does not parse (every time it is asked).
    public func schema() throws(GraphQLSyntaxError) -> GraphQLSchema {
        let result = parsed.withLock { parsed in
            if let parsed { return parsed }
            let made = Result { () throws(GraphQLSyntaxError) in try GraphQLSchema.parse(sdl: sdl) }
            parsed = made
            return made
        }
        return try result.get()
    }
}
