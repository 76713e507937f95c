/// Writes a ``LensModel`` as a `Fragment` struct: a line per field descriptor, a line per
/// spread accessor, the `On` enum of an abstract type's cases, then the nested lenses.
enum LensEmitter {
    /// Counts what it writes: field descriptors and spread accessors.
    static func write(_ model: LensModel, to writer: inout SwiftWriter, accessors: inout Int) {
        writer.block("struct \(model.typeName): Fragment") { writer in
            let rules = model.throwsOnFieldError ? ", throwsOnFieldError = true" : ""
            writer.line("static let typeCondition = \(SwiftNames.literal(model.typeCondition)), fields = Fields()\(rules)")
            writer.line("let ref: RecordRef")
            let spreadLines = model.spreads.map { "let \(SwiftNames.declared($0.property)) = \(SpreadEmitter.typeName)<\($0.fragmentType)>()" }
                + model.cases.map { "let \(SwiftNames.declared($0.descriptorName)) = \(SpreadEmitter.typeName)<\($0.lensType)>()" }
            if model.fields.isEmpty && spreadLines.isEmpty {
                writer.line("struct Fields: FieldSet {}")
            } else {
                writer.block("struct Fields: FieldSet") { writer in
                    for field in model.fields {
                        writer.line("let \(SwiftNames.declared(field.property)) = \(descriptor(field))")
                        accessors += 1
                    }
                    for line in spreadLines { writer.line(line) }
                }
            }
            for spread in model.spreads {
                let property = SwiftNames.declared(spread.property)
                if let only = spread.onlyFor {
                    let test = only.count == 1
                        ? "ref.record.typename == \(SwiftNames.literal(only[0]))"
                        : "[\(only.map(SwiftNames.literal).joined(separator: ", "))].contains(ref.record.typename ?? \"\")"
                    writer.line("var \(property): \(spread.fragmentType)? { \(test) ? .init(ref: ref) : nil }")
                } else {
                    writer.line("var \(property): \(spread.fragmentType) { .init(ref: ref) }")
                }
                accessors += 1
            }
            if !model.cases.isEmpty {
                writer.block("enum \(model.onType)") { writer in
                    for item in model.cases { writer.line("case \(SwiftNames.declared(item.caseName))(\(item.lensType))") }
                    writer.line("case other")
                }
                writer.block("var \(SwiftNames.declared(model.onProperty)): \(model.onType)") { writer in
                    writer.block("switch ref.record.typename") { writer in
                        for item in model.cases {
                            writer.outdented("case \(SwiftNames.literal(item.typeName)): .\(SwiftNames.declared(item.caseName))(.init(ref: ref))")
                        }
                        writer.outdented("default: .other")
                    }
                }
                accessors += 1
            }
            for child in model.children { write(child, to: &writer, accessors: &accessors) }
        }
    }

    /// `Scalar<String?>("name", alias: "label", arguments: true, required: .none, conditional: true)`.
    static func descriptor(_ field: LensModel.Field) -> String {
        var arguments = [SwiftNames.literal(field.name)]
        if let alias = field.alias { arguments.append("alias: \(SwiftNames.literal(alias))") }
        if field.arguments { arguments.append("arguments: true") }
        if let required = field.required { arguments.append("required: \(required)") }
        if field.conditional { arguments.append("conditional: true") }
        return "\(field.descriptor)<\(field.swiftType)>(\(arguments.joined(separator: ", ")))"
    }
}
