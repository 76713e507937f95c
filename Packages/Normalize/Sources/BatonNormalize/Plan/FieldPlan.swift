import BatonRecords

/// One field of a plan: which response member it answers and where its value lands.
///
/// Fields that share a response key across fragments are merged into one plan field. Built
/// once per operation and variables; immutable, safe on any thread.
public final class FieldPlan: Sendable {
    /// The member's name in the response: the alias, or the name.
    public let responseKey: String
    /// The schema field's name.
    public let name: String
    /// The field's storage key: where it lands in its record (`notes(first:2)`).
    public let field: FieldSlot
    /// The arguments as resolved under the operation's variables, by name.
    public let arguments: [String: JSONValue]
    /// The selections under the field; nil for a leaf.
    public let selection: SelectionPlan?
    /// The field's named type, when a schema was given.
    public let typeName: String?
    /// Whether the schema says the field is a list; nil without a schema.
    public let isList: Bool?
    /// The label of the `@defer`red fragment the field comes from, if every selection of it
    /// is deferred; such a field may be absent until its payload arrives.
    public let deferLabel: String?
    /// The connection this field's pages merge into, for a field marked `@connection`.
    public let connection: ConnectionPlan?
    /// The slot of ``connection``'s merged record, held apart so a read that asks for it
    /// does not copy the connection's plan (its strings) out of the field.
    public let connectionSlot: Slot?
    /// What a mutation's `@appendEdge`, `@prependNode`, `@deleteEdge`... on this field does.
    public let edgeWrite: EdgeWrite?
    /// Whether `@deleteRecord` marks the field: its value is the id of a record of
    /// ``deletedTypeName`` to delete (without one, only a hand-made template's, the whole key).
    public let deletesRecord: Bool
    /// The type of the record a `@deleteRecord` deletes: its `typeName`, or the object type whose
    /// key field it marks. A plan made from a document always has one (see
    /// ``PlanError/deleteRecordWithoutType(field:selectedOn:suggestion:location:)``).
    public let deletedTypeName: String?
    /// Whether the field can identify its object: a key field of some type, without arguments.
    public let isKeyField: Bool
    /// Whether the schema says the field is a built-in scalar or an enum, whose value is never a
    /// JSON object (a custom scalar's may be).
    public let isPlainLeaf: Bool
    /// The built-in scalar or enum the field is, whose JSON the ingest checks; nil for a
    /// custom scalar, a field with selections, or a plan made without a schema.
    public let scalar: LeafScalar?
    /// Whether the field is the client's alone (`FieldDefinition.isClientOnly`): the text sent
    /// leaves it out, a response never answers it (its absence is no gap, and the value the
    /// store holds stays), the availability check passes over it, and a lens reads it as null
    /// until the app writes it.
    public let isClientOnly: Bool

    init(
        responseKey: String, name: String, storageKey: String, arguments: [String: JSONValue],
        selection: SelectionPlan?, typeName: String?, isList: Bool?, deferLabel: String?,
        connection: ConnectionPlan?, edgeWrite: EdgeWrite?, deletesRecord: Bool, deletedTypeName: String?,
        isKeyField: Bool, isPlainLeaf: Bool = false, isClientOnly: Bool = false
    ) {
        self.responseKey = responseKey
        self.name = name
        self.field = FieldSlot.named(storageKey)
        self.arguments = arguments
        self.selection = selection
        self.typeName = typeName
        self.isList = isList
        self.deferLabel = deferLabel
        self.connection = connection
        self.connectionSlot = connection?.slot
        self.edgeWrite = edgeWrite
        self.deletesRecord = deletesRecord
        self.deletedTypeName = deletedTypeName
        self.isKeyField = isKeyField
        self.isPlainLeaf = isPlainLeaf
        self.isClientOnly = isClientOnly
        self.scalar = selection == nil ? LeafScalar(typeName: typeName, isPlainLeaf: isPlainLeaf) : nil
    }

    /// The storage key's text.
    public var storageKey: String { field.storageKey }

    /// Whether this is `__typename` (under any alias).
    public var isTypename: Bool { name == "__typename" }
}

/// A `@connection(key:, filters:)` field: its pages merge into one connection record kept
/// beside the field, under the storage key `__<key>_connection` plus the filtering
/// arguments.
public struct ConnectionPlan: Sendable, Hashable {
    /// The directive's `key`.
    public let key: String
    /// The connection's storage key in the parent record.
    public let field: String
    /// The slot of `field`.
    public let slot: Slot
    /// Whether this page continues the connection after a cursor (append), before one
    /// (prepend), or starts it (replace).
    public let direction: Direction
    /// The variables that page the connection forward and backward.
    public let paging: ConnectionPaging
    /// The page-number or offset list this is (`@pageList`, `@offsetList`); nil for a Relay
    /// connection.
    public let list: PageListTemplate?
    /// A page list's argument as resolved (the page number or offset this answer is); nil
    /// when absent or null, which is the first.
    public let listPosition: Int?

    public enum Direction: Sendable, Hashable {
        case replace
        case append
        case prepend
    }

    init(
        key: String, field: String, direction: Direction, paging: ConnectionPaging, list: PageListTemplate? = nil,
        listPosition: Int? = nil
    ) {
        self.key = key
        self.field = field
        self.slot = Slot(field)
        self.direction = direction
        self.paging = paging
        self.list = list
        self.listPosition = listPosition
    }

    /// The arguments that page a connection rather than filter it.
    public static let pagingArguments: Set<String> = ["first", "last", "after", "before"]
}

/// A mutation's write into connections, from Relay's declarative directives.
public struct EdgeWrite: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// `@appendEdge` / `@prependEdge` on an edge field.
        case insertEdge(append: Bool)
        /// `@appendNode` / `@prependNode` on a node field; edges of `edgeTypeName` are made.
        case insertNode(append: Bool, edgeTypeName: String)
        /// `@deleteEdge` on an id field: edges whose node has the id leave the connections.
        case deleteEdge
    }

    public let kind: Kind
    /// The connection records (their keys) the write applies to.
    public let connections: [RecordKey]
}
