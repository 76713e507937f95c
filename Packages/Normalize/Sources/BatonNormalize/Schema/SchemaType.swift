/// A named type of a schema: scalar, object, interface, union, enum or input object, with what
/// its kind defines (fields, interfaces, members, values, input fields) and its directives.
///
/// A plain value: safe on any thread.
public struct SchemaType: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        case scalar
        case object
        case interface
        case union
        case enumeration = "enum"
        case inputObject = "input"
    }

    public let name: String
    public let kind: Kind
    public internal(set) var description: String?
    /// An object's or interface's fields in source order (extensions after), each name once.
    public private(set) var fields: [FieldDefinition] = []
    private var fieldIndex: [String: Int] = [:]
    /// The interfaces an object or interface declares it implements, in source order.
    public internal(set) var interfaces: [String] = []
    /// A union's member types, in source order.
    public internal(set) var unionMembers: [String] = []
    /// An enum's values, in source order.
    public internal(set) var enumValues: [EnumValueDefinition] = []
    /// An input object's fields, in source order.
    public private(set) var inputFields: [InputValueDefinition] = []
    public internal(set) var directives: [Directive] = []
    /// Where the type is defined; line 0 for the built-in scalars.
    public let location: SourceLocation
    /// Every field or input field this definition names, duplicates included, where it names
    /// it: read and emptied by the builder, which reports a name defined twice.
    var fieldSites: [FieldSite] = []

    public init(name: String, kind: Kind, description: String? = nil, location: SourceLocation) {
        self.name = name
        self.kind = kind
        self.description = description
        self.location = location
    }

    /// Whether values of the type have fields a selection set reads: object, interface, union.
    public var isComposite: Bool { kind == .object || kind == .interface || kind == .union }

    /// The field named `name` this type defines (no `__typename`; see `GraphQLSchema.field(_:on:)`).
    public func field(named name: String) -> FieldDefinition? {
        fieldIndex[name].map { fields[$0] }
    }

    public func inputField(named name: String) -> InputValueDefinition? {
        inputFields.first { $0.name == name }
    }

    /// Marks every field client-only (see ``FieldDefinition/isClientOnly``).
    mutating func markClientOnly() {
        for index in fields.indices { fields[index].isClientOnly = true }
    }

    /// Adds `field` unless a field of that name exists: the first definition is kept.
    mutating func add(_ field: FieldDefinition) {
        guard fieldIndex[field.name] == nil else { return }
        fieldIndex[field.name] = fields.count
        fields.append(field)
    }

    /// Adds an input field unless one of that name exists.
    mutating func add(inputField: InputValueDefinition) {
        guard !inputFields.contains(where: { $0.name == inputField.name }) else { return }
        inputFields.append(inputField)
    }
}
