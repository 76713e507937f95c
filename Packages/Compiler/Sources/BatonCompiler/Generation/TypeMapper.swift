import BatonNormalize

/// A schema type as the Swift type a descriptor reads: nullability as the schema says
/// (`@semanticNonNull` levels and `@required` non-null), lists as arrays, built-in scalars
/// as `String`/`Int`/`Double`/`Bool`, enums as generated `GraphQLEnum`s, custom scalars
/// as the configuration's type or the raw `Value`.
struct TypeMapper {
    let schema: CompilerSchema
    /// The Swift name of each generated enum, by GraphQL name.
    var enumNames: [String: String]
    /// The Swift name of each generated input object, by GraphQL name.
    var inputNames: [String: String] = [:]

    /// The Swift type of a leaf whose named type is `name`.
    func leaf(_ name: String) -> String {
        switch name {
        case "ID", "String": return "String"
        case "Int": return "Int"
        case "Float": return "Double"
        case "Boolean": return "Bool"
        default:
            if let enumName = enumNames[name] { return enumName }
            return schema.configuration.customScalars[name] ?? "Value"
        }
    }

    /// The Swift type of a variable's or an input field's named type `name`: as ``leaf(_:)``,
    /// input objects as their generated types, and an unmapped custom scalar as its JSON.
    func input(_ name: String) -> String {
        if let inputName = inputNames[name] { return inputName }
        let mapped = leaf(name)
        return mapped == "Value" ? "JSONValue" : mapped
    }

    /// The levels `@semanticNonNull(levels:)` on `field` makes non-null (none without it).
    static func semanticLevels(of field: FieldDefinition) -> Set<Int> {
        guard let directive = field.directives.first(where: { $0.name == "semanticNonNull" }) else { return [] }
        guard case .list(let items)? = directive.argument("levels") else { return [0] }
        return Set(items.compactMap { if case .int(let text) = $0 { Int(text) } else { nil } })
    }

    /// `type` as Swift, `base` at the bottom, each level non-null when the schema (or
    /// `nonNullLevels`) says so; `optionalInner` makes the bottom optional (a bubbling lens),
    /// `optionalOuter` the top (a field a response may leave out).
    static func render(
        _ type: TypeReference, base: String, nonNullLevels: Set<Int>, optionalInner: Bool = false,
        optionalOuter: Bool = false,
        level: Int = 0
    ) -> String {
        var nonNull = nonNullLevels.contains(level)
        var inner = type
        if case .nonNull(let wrapped) = type {
            nonNull = true
            inner = wrapped
        }
        if optionalOuter { nonNull = false }
        switch inner {
        case .list(let element):
            let rendered =
                "["
                + render(
                    element, base: base, nonNullLevels: nonNullLevels, optionalInner: optionalInner, level: level + 1)
                + "]"
            return nonNull ? rendered : rendered + "?"
        default:
            return nonNull && !optionalInner ? base : base + "?"
        }
    }
}
