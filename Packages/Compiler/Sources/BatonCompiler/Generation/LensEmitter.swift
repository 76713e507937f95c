/// Writes a ``LensModel`` as a `Fragment` struct: a line per field descriptor and per spread
/// (`Spread`, or `Narrow` for a fragment on some types only, and one per case of an
/// abstract type), the `On` enum of those cases, then the nested lenses.
enum LensEmitter {
    /// Counts what it writes: field, spread and case descriptors and `on` accessors.
    /// `nesting: false` leaves the nested lenses out, for the caller to write beside it.
    static func write(_ model: LensModel, to writer: inout SwiftWriter, accessors: inout Int, nesting: Bool = true) {
        writer.block("struct \(model.typeName): Fragment") { writer in
            let rules = model.throwsOnFieldError ? ", throwsOnFieldError = true" : ""
            writer.line(
                "static let typeCondition = \(SwiftNames.literal(model.typeCondition)), fields = Fields()\(rules); let ref: RecordRef"
            )
            var lines = model.fields.map { "let \(SwiftNames.declared($0.property)) = \(descriptor($0))" }
            for spread in model.spreads {
                let types = spread.onlyFor.map { $0.map(SwiftNames.literal).joined(separator: ", ") }
                lines.append(
                    "let \(SwiftNames.declared(spread.property)) = "
                        + (types.map { "Narrow<\(spread.fragmentType)>(\($0))" } ?? "Spread<\(spread.fragmentType)>()"))
            }
            for item in model.cases {
                lines.append(
                    "let \(SwiftNames.declared(item.descriptorName)) = Narrow<\(item.lensType)>(\(SwiftNames.literal(item.typeName)))"
                )
            }
            accessors += lines.count
            if lines.count <= 1 {
                writer.line("struct Fields: FieldSet {\(lines.first.map { " \($0) " } ?? "")}")
            } else {
                writer.block("struct Fields: FieldSet") { writer in
                    for line in lines { writer.line(line) }
                }
            }
            if !model.cases.isEmpty {
                let cases = model.cases.map { "\(SwiftNames.declared($0.caseName))(\($0.lensType))" } + ["other"]
                writer.line("enum \(model.onType) { case \(cases.joined(separator: ", ")) }")
                // Each case through its `Narrow` descriptor: `self.asCharacter.map(On.character) ?? ... ?? .other`.
                let tests = model.cases.map {
                    "self.\(SwiftNames.declared($0.descriptorName)).map(\(model.onType).\(SwiftNames.declared($0.caseName)))"
                }
                writer.line(
                    "var \(SwiftNames.declared(model.onProperty)): \(model.onType) { \((tests + [".other"]).joined(separator: " ?? ")) }"
                )
                accessors += 1
            }
            if nesting {
                for child in model.children { write(child, to: &writer, accessors: &accessors) }
            }
        }
    }

    /// Among the tables, the descriptors of `model`'s `Fields` (named `qualified`) and of the
    /// lenses nested in it, listed as declared: `FieldSet.descriptors`, so that the runtime
    /// reads a fragment's fields without reflection. `nesting: false` leaves the nested lenses
    /// out, as ``write(_:to:accessors:nesting:)`` does.
    static func writeDescriptors(
        _ model: LensModel, qualified: String, to writer: inout SwiftWriter, nesting: Bool = true
    ) {
        let names = model.fields.map(\.property) + model.spreads.map(\.property) + model.cases.map(\.descriptorName)
        writer.line(
            "extension \(qualified).Fields { var descriptors: [any FieldDescriptor] { ["
                + names.map(SwiftNames.declared).joined(separator: ", ") + "] } }")
        guard nesting else { return }
        for child in model.children {
            writeDescriptors(child, qualified: qualified + "." + child.typeName, to: &writer)
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
