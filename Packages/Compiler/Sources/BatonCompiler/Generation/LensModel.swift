/// One lens to emit: a `Fragment` struct over `typeCondition`, its field descriptors, the
/// fragments it spreads, the concrete types it narrows to, and the lenses nested in it.
struct LensModel: Sendable {
    /// A field descriptor: `let property = Kind<SwiftType>("name", alias:, arguments:, required:)`.
    struct Field: Sendable {
        var property: String
        /// `Scalar`, `Linked` or `Caught`.
        var descriptor: String
        var swiftType: String
        var name: String
        var alias: String?
        var arguments: Bool
        /// `.none`, `.log` or `.throw` for `@required`.
        var required: String?
        /// Whether a response may leave the field out (`@include`, `@skip`, `@defer`), or never
        /// holds it (a client-only field): read as nil then.
        var conditional = false
        /// The GraphQL named type of a leaf, to know which enums to emit.
        var leafType: String?
    }

    /// A spread fragment, read as its own lens over the same record.
    struct Spread: Sendable {
        var property: String
        var fragmentType: String
        /// The concrete types it applies to when it does not apply to every value; nil when it does.
        var onlyFor: [String]?
    }

    /// One case of the `On` enum: a concrete type with a selection of its own.
    struct Case: Sendable {
        var caseName: String
        /// The `Narrow` descriptor naming the case's lens to the runtime (and reading it).
        var descriptorName: String
        var typeName: String
        var lensType: String
    }

    var typeName: String
    var typeCondition: String
    var fields: [Field] = []
    var spreads: [Spread] = []
    var cases: [Case] = []
    /// The names of the `On` enum and of its property, when there are cases.
    var onType = "On"
    var onProperty = "on"
    var throwsOnFieldError = false
    /// Whether a field is `@required(action: NONE|LOG)`: a null there makes the lens null.
    var bubbles = false
    var children: [LensModel] = []
}
