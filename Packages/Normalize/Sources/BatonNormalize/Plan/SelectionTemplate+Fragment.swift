extension SelectionTemplate {
    /// The template of the fragment `name` of `document` alone, as a spread of it on its type
    /// condition plans: its own fields and its spreads' merged by response key, and, on an
    /// interface or union, the fields of each concrete type with `__typename`. What a value of
    /// the fragment holds, so `baton-compile` can type one.
    ///
    /// Throws ``PlanError/invalidDocument(_:)`` for a fragment the document lacks, and what
    /// planning a field can throw. A value made on any thread.
    public static func fragment(
        _ name: String, in document: Document, normalization: Normalization = Normalization()
    ) throws(PlanError) -> SelectionTemplate {
        guard let fragment = document.fragments[name] else {
            throw .invalidDocument(.unknownFragment(name: name, location: SourceLocation(line: 0, column: 0)))
        }
        var builder = TemplateBuilder(document: document, normalization: normalization)
        return try builder.selection(
            of: [(fragment.selectionSet, .always)], staticType: fragment.typeCondition, isRoot: false)
    }
}
