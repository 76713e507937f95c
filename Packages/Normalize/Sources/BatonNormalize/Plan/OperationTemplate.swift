import BatonRecords

/// An operation planned before its variables are known: the fields, their types and
/// directives resolved against the schema once, so that planning it under variables
/// (``OperationPlan/init(template:variables:normalization:)``) parses nothing.
///
/// Made from a document at run time (``init(document:operationName:normalization:)``), or
/// emitted as data by `baton-compile`. Immutable, safe on any thread.
public final class OperationTemplate: Sendable {
    public let name: String?
    public let kind: OperationKind
    /// The text a server receives: the operation and the fragments it uses, compact.
    public let text: String
    /// The root type's name, written as the root record's `__typename`.
    public let rootTypename: String
    public let variables: [VariableTemplate]
    public let root: SelectionTemplate
    /// What the last payload written as a tree through a plan of this operation made
    /// (`WalkSizes`).
    let walkSizes = WalkSizes()

    public init(
        _ kind: OperationKind, name: String?, text: String, rootTypename: String, variables: [VariableTemplate] = [],
        _ root: SelectionTemplate
    ) {
        self.name = name
        self.kind = kind
        self.text = text
        self.rootTypename = rootTypename
        self.variables = variables
        self.root = root
    }

    /// Plans the operation `operationName` of `document` (the only one when nil).
    ///
    /// The text sent selects `__typename` in each selection set whose type the
    /// normalization's schema does not fix (in every one below the root without a schema):
    /// the plan reads each object's type there from the response.
    public convenience init(
        document: Document, operationName: String? = nil, normalization: Normalization = Normalization()
    ) throws(PlanError) {
        guard let operation = document.operation(named: operationName) else {
            throw .unknownOperation(operationName)
        }
        do {
            try document.validate()
        } catch {
            throw .invalidDocument(error)
        }
        let rootTypename = normalization.rootTypename(for: operation.kind)
        // Planned from what is sent: each spread's fragment arguments applied.
        let (applied, sent) = document.applyingFragmentArguments(to: operation)
        var builder = TemplateBuilder(document: sent, normalization: normalization)
        let root = try builder.selection(
            of: [(applied.selectionSet, .always)], staticType: normalization.schema == nil ? nil : rootTypename,
            isRoot: true)
        // The text sent selects the `__typename`s the plan reads where the schema does not
        // fix an object's type, when the document leaves some out.
        let (wireOperation, wire) =
            builder.addedTypename
            ? sent.selectingTypenames(for: applied, normalization: normalization) : (applied, sent)
        self.init(
            operation.kind, name: operation.name, text: wire.wireText(for: wireOperation, schema: normalization.schema),
            rootTypename: rootTypename,
            variables: operation.variableDefinitions.map {
                VariableTemplate($0.name, nonNull: $0.type.isNonNull, default: $0.defaultValue)
            },
            root)
    }

    /// Parses `text` and plans its operation `operationName`.
    public convenience init(
        _ text: String, operationName: String? = nil, normalization: Normalization = Normalization()
    ) throws(PlanError) {
        let document: Document
        do {
            document = try Document.parse(text)
        } catch {
            throw .syntax(error)
        }
        try self.init(document: document, operationName: operationName, normalization: normalization)
    }
}

/// A variable an operation declares: whether it must be given, and its default. A plain value.
public struct VariableTemplate: Sendable, Hashable {
    public let name: String
    public let isNonNull: Bool
    public let defaultValue: InputValue?

    public init(_ name: String, nonNull isNonNull: Bool = false, default defaultValue: InputValue? = nil) {
        self.name = name
        self.isNonNull = isNonNull
        self.defaultValue = defaultValue
    }
}
