import BatonNormalize

extension Validator {
    /// `@pageList(argument:, items:, next:)` and `@offsetList(argument:, items:)` on `field`:
    /// the paging argument is one of the field's and an `Int`, `items` names a list field of
    /// the field's object type, and `next`, when given, a path of one or two fields from that
    /// type ending in an `Int` (`info.next`). Each fault is reported at the directive.
    mutating func checkPageList(
        _ directive: Directive, on field: Field, definition: FieldDefinition, in source: GraphQLSource
    ) {
        let named = definition.type.namedType
        let spelled = "@\(directive.name)"
        guard schema.types[named]?.isComposite == true else {
            report(
                .clientDirective,
                "'\(spelled)' marks a field of object type; '\(field.responseKey)' is '\(definition.type)'",
                at: directive.location, in: source)
            return
        }
        if case .string(let argument)? = directive.argument("argument") {
            if let type = definition.argument(argument)?.type {
                if type.nullable != .named("Int") {
                    report(
                        .clientDirective,
                        "'\(spelled)(argument:)' names '\(argument)', which is '\(type)'; a page number or offset is an Int",
                        at: directive.location, in: source)
                }
            } else {
                report(
                    .clientDirective,
                    "'\(spelled)(argument:)' names '\(argument)', which is not an argument of '\(field.name)'",
                    at: directive.location, in: source)
            }
        } else {
            report(
                .clientDirective, "'\(spelled)(argument:)' must be a string literal", at: directive.location,
                in: source)
        }
        if case .string(let items)? = directive.argument("items") {
            if let type = schema.field(items, on: named)?.type {
                if case .list = type.nullable {
                } else {
                    report(
                        .clientDirective,
                        "'\(spelled)(items:)' names '\(items)', which is '\(type)', not a list",
                        at: directive.location, in: source)
                }
            } else {
                report(
                    .clientDirective, "'\(spelled)(items:)' names '\(items)', which '\(named)' has no field of",
                    at: directive.location, in: source)
            }
        } else {
            report(
                .clientDirective, "'\(spelled)(items:)' must be a string literal", at: directive.location, in: source)
        }
        guard let next = directive.argument("next") else { return }
        guard case .string(let path) = next else {
            report(.clientDirective, "'\(spelled)(next:)' must be a string literal", at: directive.location, in: source)
            return
        }
        let names = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        var owner = named
        for (index, name) in names.enumerated() {
            guard names.count <= 2, let definition = schema.field(name, on: owner) else {
                report(
                    .clientDirective,
                    "'\(spelled)(next:)' names '\(path)', which is not one or two fields of '\(named)'",
                    at: directive.location, in: source)
                return
            }
            if index == names.count - 1, definition.type.nullable != .named("Int") {
                report(
                    .clientDirective,
                    "'\(spelled)(next:)' names '\(path)', which is '\(definition.type)'; the next page is an Int",
                    at: directive.location, in: source)
            }
            owner = definition.type.namedType
        }
    }
}
