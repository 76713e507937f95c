import BatonNormalize

/// A variable used in a definition: where, and the type of the position it fills (spec
/// §5.8.5's location type), with whether that position has a default of its own.
struct VariableUsage: Sendable {
    let name: String
    let locationType: TypeReference
    let locationHasDefault: Bool
    let location: SourceLocation
    let source: GraphQLSource
}
