import BatonRecords

/// One field of an ``OperationTemplate``: what a ``FieldPlan`` is before variables are
/// known. Its arguments may name variables, and it is selected only where one of its
/// occurrences holds.
///
/// The compiler emits these as data (one line a field); immutable, safe on any thread.
public final class FieldTemplate: Sendable {
    public let responseKey: String
    public let name: String
    /// The arguments as written, variables unresolved; a literal null is left out of the
    /// storage key.
    public let arguments: [(name: String, value: InputValue)]
    /// The field's named type, when planned with a schema.
    public let typeName: String?
    /// Whether the schema says the field is a list; nil without a schema.
    public let isList: Bool?
    /// Whether the schema says the field is a built-in scalar or an enum.
    public let isPlainLeaf: Bool
    /// Where the field is selected; it is in a plan when one of these holds.
    public let occurrences: [PlanOccurrence]
    public let selection: SelectionTemplate?
    /// `@connection(key:, filters:)`: the key, and the filtering arguments when named; or a
    /// `@pageList`/`@offsetList` (``ConnectionTemplate/list``).
    public let connection: ConnectionTemplate?
    /// `@appendEdge`, `@prependNode`, `@deleteEdge`...: the write and its `connections`
    /// argument as written.
    public let edgeWrite: EdgeWriteTemplate?
    /// `@deleteRecord`, and its `typeName` when given.
    public let deletion: DeletionTemplate?
    /// Whether the field is the client's alone (``FieldDefinition/isClientOnly``): never sent,
    /// never in a response.
    public let isClientOnly: Bool
    /// Whether the field plans the same under any variables: no argument or edge write of it
    /// or of anything under it names a variable, none of them is under an `@include`/`@skip`
    /// (which always names one), and none is `@defer`red (a plan gathers the labels it meets).
    let isVariableFree: Bool

    /// A field answering `responseKey` (its name unless `name` says otherwise), of `type` as
    /// GraphQL spells it (`[Episode]!`; nil when planned without a schema). `plainLeaf` is
    /// needed only for an enum: a built-in scalar is one, anything else is not.
    public init(
        _ responseKey: String, name: String? = nil, arguments: [(name: String, value: InputValue)] = [],
        type: String? = nil, plainLeaf: Bool? = nil, occurrences: [PlanOccurrence] = [.always],
        connection: ConnectionTemplate? = nil, edgeWrite: EdgeWriteTemplate? = nil, deletion: DeletionTemplate? = nil,
        clientOnly: Bool = false, _ selection: SelectionTemplate? = nil
    ) {
        self.responseKey = responseKey
        self.name = name ?? responseKey
        self.arguments = arguments
        let typeName = type.map { $0.filter { $0 != "[" && $0 != "]" && $0 != "!" } }
        self.typeName = typeName
        self.isList = type.map { $0.contains("[") }
        self.isPlainLeaf = plainLeaf ?? typeName.map(Self.builtInScalars.contains) ?? false
        self.occurrences = occurrences
        self.selection = selection
        self.connection = connection
        self.edgeWrite = edgeWrite
        self.deletion = deletion
        self.isClientOnly = clientOnly
        self.isVariableFree =
            arguments.allSatisfy { $0.value.isConstant }
            && occurrences.allSatisfy { $0.conditions.isEmpty && $0.deferrals.isEmpty }
            && (edgeWrite?.connections?.isConstant ?? true) && (selection?.isVariableFree ?? true)
    }

    /// The scalars every schema has, whose values are never JSON objects.
    public static let builtInScalars: Set<String> = ["String", "Int", "Float", "Boolean", "ID"]

    /// Whether `plainLeaf` must be given for the initializer to know it: the field's type is
    /// not a built-in scalar, and yet it is a plain leaf.
    public var plainLeafIsExplicit: Bool {
        isPlainLeaf != (typeName.map(Self.builtInScalars.contains) ?? false)
    }
}

/// A `@connection(key:, filters:)` before variables: the arguments that filter it are
/// `filters`, or every argument but the paging ones when nil; `paging` names the variables
/// that page it. A `@pageList` or `@offsetList` field is one too, keyed by its name, with
/// ``list`` saying how it pages. A plain value.
public struct ConnectionTemplate: Sendable, Hashable {
    public let key: String
    public let filters: [String]?
    public let paging: ConnectionPaging
    /// The page-number or offset list this is; nil for a Relay connection.
    public let list: PageListTemplate?

    public init(key: String, filters: [String]? = nil, paging: ConnectionPaging = .none, list: PageListTemplate? = nil)
    {
        self.key = key
        self.filters = filters
        self.paging = paging
        self.list = list
    }
}

/// A mutation's edge directive before variables: its kind and its `connections` argument
/// as written. A plain value.
public struct EdgeWriteTemplate: Sendable, Hashable {
    public let kind: EdgeWrite.Kind
    public let connections: InputValue?

    public init(_ kind: EdgeWrite.Kind, connections: InputValue?) {
        self.kind = kind
        self.connections = connections
    }
}

/// `@deleteRecord`, with the type of the record it deletes: its `typeName`, or the object type
/// whose key field it marks (a template made from a document always has one). A plain value.
public struct DeletionTemplate: Sendable, Hashable {
    public let typeName: String?

    public init(typeName: String? = nil) {
        self.typeName = typeName
    }
}
