/// A fragment's selection ready to write a payload into one record: its ``SelectionTemplate``
/// (`SelectionTemplate.fragment(_:in:normalization:)`) planned under no variables, with the
/// normalization whose cache-key policy names the records its nested objects land in.
///
/// A fragment takes no variables of its own: a field condition (`@include(if: $v)`,
/// `@skip(if: $v)`) on an absent variable keeps the field, so a payload may write any field the
/// fragment selects, and a field argument that names a variable is refused
/// (``PlanError/variableInFragment(_:field:fragment:)``), since its storage key would come from
/// an operation's variables. Immutable, safe on any thread.
public final class FragmentPlan: Sendable {
    /// The fragment's name, for errors.
    public let name: String
    /// The fragment's fields, resolved for each concrete type it can read.
    public let selection: SelectionPlan
    public let normalization: Normalization

    /// Plans `template`, the selection of the fragment `name`, under `normalization`.
    public init(
        _ name: String, template: SelectionTemplate, normalization: Normalization = Normalization()
    ) throws(PlanError) {
        try Self.refuseVariables(in: template, fragment: name)
        var instance = TemplateInstance(variables: [:], keyFields: normalization.cacheKeys.allKeyFields)
        self.name = name
        self.selection = try instance.selection(template)
        self.normalization = normalization
    }

    /// Plans the fragment `name` of `document` alone, as `SelectionTemplate.fragment` does.
    public convenience init(
        _ name: String, in document: Document, normalization: Normalization = Normalization()
    ) throws(PlanError) {
        let template = try SelectionTemplate.fragment(name, in: document, normalization: normalization)
        try self.init(name, template: template, normalization: normalization)
    }

    private static func refuseVariables(in template: SelectionTemplate, fragment: String) throws(PlanError) {
        for field in template.common + template.byType.values.joined() {
            for argument in field.arguments {
                if let variable = argument.value.variableNames.first {
                    throw .variableInFragment(variable, field: field.responseKey, fragment: fragment)
                }
            }
            if let child = field.selection { try refuseVariables(in: child, fragment: fragment) }
        }
    }
}
