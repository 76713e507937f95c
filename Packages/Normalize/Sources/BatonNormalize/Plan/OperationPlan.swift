import BatonRecords

/// An operation ready to run: its document, its variables with defaults applied, and the
/// plan that the ingest, the availability check and materializing all walk.
///
/// Build it once per operation and variables from its ``OperationTemplate`` (``init(template:variables:normalization:)``);
/// immutable, safe on any thread.
public final class OperationPlan: Sendable {
    public let name: String?
    public let kind: OperationKind
    /// The record the operation's root fields land in.
    public let rootKey: RecordKey
    /// The root type's name, written as the root record's `__typename`.
    public let rootTypename: String
    /// The variables as the operation runs with them: those given, then each declared
    /// variable's default, then null for a declared variable with neither.
    public let variables: [String: JSONValue]
    /// The variables the caller gave, for the request.
    public let givenVariables: [String: JSONValue]
    /// The text a server receives: the operation and the fragments it uses, compact.
    public let text: String
    public let root: SelectionPlan
    /// The operation with its variables: what fetch times and handles are keyed by.
    public let identity: OperationIdentity
    public let normalization: Normalization
    /// The labels of the `@defer`red fragments the operation holds.
    public let deferLabels: Set<String>
    /// What the last payload written as a tree through a plan of this operation made, which
    /// sizes the next one's tables: shared by the plans of every variables (see `WalkSizes`);
    /// nil for the plan of one record, made for each write of it.
    let walkSizes: WalkSizes?

    /// Plans `template` under `variables`; `normalization` gives the cache-key policy (the
    /// template already holds what the schema says).
    public convenience init(
        template: OperationTemplate, variables: [String: JSONValue] = [:],
        normalization: Normalization = Normalization()
    ) throws(PlanError) {
        try self.init(
            template: template, variables: variables, normalization: normalization, walkSizes: template.walkSizes)
    }

    /// Plans `template` under `variables`, its walks sizing their tables by `walkSizes`: the
    /// operation's, where it outlives the template (a typed operation's, across environments).
    @_spi(Baton) public init(
        template: OperationTemplate, variables: [String: JSONValue], normalization: Normalization,
        walkSizes: WalkSizes
    ) throws(PlanError) {
        var resolved = variables
        for definition in template.variables where resolved[definition.name] == nil {
            if let defaultValue = definition.defaultValue {
                resolved[definition.name] = defaultValue.resolved([:]) ?? .null
            } else if definition.isNonNull {
                throw .missingVariable(definition.name, operation: template.name)
            } else {
                resolved[definition.name] = .null
            }
        }
        self.name = template.name
        self.kind = template.kind
        self.rootKey = Normalization.rootKey(for: template.kind)
        self.rootTypename = template.rootTypename
        self.variables = resolved
        self.givenVariables = variables
        self.text = template.text
        self.normalization = normalization
        var instance = TemplateInstance(variables: resolved, keyFields: normalization.cacheKeys.allKeyFields)
        self.root = try instance.selection(template.root)
        self.deferLabels = instance.deferLabels
        self.identity = OperationIdentity(name: template.name ?? template.text, variables: variables)
        self.walkSizes = walkSizes
    }

    /// The plan of one object written into the record `key` as `selection` reads it, its
    /// type from `selection` or the object's `__typename`: what the walker takes for a payload
    /// that is no response (``Ingest/ingest(_:into:plan:)``). It has no text and no variables.
    init(record key: RecordKey, selection: SelectionPlan, normalization: Normalization) {
        self.name = nil
        self.kind = .query
        self.rootKey = key
        self.rootTypename = selection.staticType ?? ""
        self.variables = [:]
        self.givenVariables = [:]
        self.text = ""
        self.normalization = normalization
        self.root = selection
        self.deferLabels = []
        self.identity = OperationIdentity(name: key.rawValue, variables: [:])
        self.walkSizes = nil
    }

    /// Plans the operation `operationName` of `document` (the only one when nil) under
    /// `variables`.
    public convenience init(
        document: Document, operationName: String? = nil, variables: [String: JSONValue] = [:],
        normalization: Normalization = Normalization()
    ) throws(PlanError) {
        let template = try OperationTemplate(
            document: document, operationName: operationName, normalization: normalization)
        try self.init(template: template, variables: variables, normalization: normalization)
    }

    /// Parses `text` and plans its operation `operationName`.
    public convenience init(
        _ text: String, operationName: String? = nil, variables: [String: JSONValue] = [:],
        normalization: Normalization = Normalization()
    ) throws(PlanError) {
        let template = try OperationTemplate(text, operationName: operationName, normalization: normalization)
        try self.init(template: template, variables: variables, normalization: normalization)
    }

    /// The request that runs this operation.
    public var request: GraphQLRequest {
        GraphQLRequest(document: text, operationName: name, kind: kind, variables: givenVariables)
    }
}

/// An operation and the variables it runs with: the identity fetch times, handles and
/// shared in-flight requests are keyed by. A value: safe on any thread.
public struct OperationIdentity: Hashable, Sendable, CustomStringConvertible {
    public let name: String
    /// The variables as sorted JSON text.
    public let variables: String

    public init(name: String, variables: [String: JSONValue]) {
        self.name = name
        self.variables = variables.isEmpty ? "" : JSONValue.object(variables).jsonText(sortedKeys: true)
    }

    public var description: String { variables.isEmpty ? name : "\(name)(\(variables))" }
}

/// Why an operation could not be planned.
public enum PlanError: Error, Sendable, Hashable, CustomStringConvertible {
    case syntax(GraphQLSyntaxError)
    case invalidDocument(DocumentValidationError)
    case unknownOperation(String?)
    case missingVariable(String, operation: String?)
    /// A field the schema does not define on the type it is selected on.
    case unknownField(String, type: String, location: SourceLocation)
    /// A directive argument the plan needs is missing or of the wrong kind.
    case badDirective(String, location: SourceLocation, reason: String)
    /// A variable an `@include`, `@skip` or `@defer` tests holds something other than a Boolean.
    case notBoolean(variable: String)
    /// A `@deleteRecord` without `typeName:` on a field that is not the key field of the object
    /// type it is selected on (`selectedOn`, nil when the plan has no schema to say): records
    /// are keyed `Type:id`, so its id alone names no record. `suggestion` is a type of the
    /// schema the field's name holds (`removedNoteId`: `Note`), for the fix's message.
    case deleteRecordWithoutType(field: String, selectedOn: String?, suggestion: String?, location: SourceLocation)
    /// A field of the fragment `fragment`, planned alone (``FragmentPlan``), passes the
    /// variable `variable` as an argument: without an operation's variables its storage key is
    /// unknown, so no payload can be written through the fragment.
    case variableInFragment(String, field: String, fragment: String)

    public var description: String {
        switch self {
        case .syntax(let error): "\(error)"
        case .invalidDocument(let error): "\(error)"
        case .unknownOperation(let name): "the document has no operation named \(name ?? "(anonymous)")"
        case .missingVariable(let name, let operation):
            "variable $\(name) of \(operation ?? "the operation") is non-null and was not given"
        case .unknownField(let name, let type, let location):
            "\(location.line):\(location.column): \(type) has no field \(name)"
        case .badDirective(let name, let location, let reason):
            "\(location.line):\(location.column): @\(name): \(reason)"
        case .notBoolean(let variable): "$\(variable) decides an @include, @skip or @defer and is not a Boolean"
        case .deleteRecordWithoutType(let field, let type, let suggestion, let location):
            "\(location.line):\(location.column): @deleteRecord on \(field) deletes nothing without typeName: records are keyed Type:id, and \(field) is not the key field of an object type it is selected on\(type.map { " (\($0))" } ?? ""); write @deleteRecord(typeName: \"\(suggestion ?? "<Type>")\")"
        case .variableInFragment(let variable, let field, let fragment):
            "\(field) of fragment \(fragment) takes $\(variable): a fragment planned alone has no variables, so the field's storage key is unknown"
        }
    }
}
