extension GraphQLSchema {
    /// The name of the root type operations of `kind` start from, if the schema has one.
    public func rootTypeName(for kind: OperationKind) -> String? {
        switch kind {
        case .query: queryType
        case .mutation: mutationType
        case .subscription: subscriptionType
        }
    }

    public func rootType(for kind: OperationKind) -> SchemaType? {
        rootTypeName(for: kind).flatMap { types[$0] }
    }

    public func type(named name: String) -> SchemaType? {
        types[name]
    }

    /// The field `name` of the type `typeName`; `__typename` (as `String!`) on every object,
    /// interface and union.
    public func field(_ name: String, on typeName: String) -> FieldDefinition? {
        guard let type = types[typeName] else { return nil }
        if name == "__typename" { return type.isComposite ? FieldDefinition.typename : nil }
        return type.field(named: name)
    }

    /// Whether `typeName` is an interface or a union.
    public func isAbstract(_ typeName: String) -> Bool {
        guard let kind = types[typeName]?.kind else { return false }
        return kind == .interface || kind == .union
    }

    /// The object types a value of `typeName` may be: a union's members, the object types that
    /// implement an interface (directly or through other interfaces), an object type itself.
    public func possibleTypes(_ typeName: String) -> Set<String> {
        guard let type = types[typeName] else { return [] }
        switch type.kind {
        case .union: return Set(type.unionMembers)
        case .interface: return implementations[typeName] ?? []
        case .object: return [typeName]
        default: return []
        }
    }

    /// Whether every value of `subtype` is a value of `supertype`: the same type, an object or
    /// interface implementing an interface (transitively), or a member of a union.
    public func isSubtype(_ subtype: String, of supertype: String) -> Bool {
        if subtype == supertype { return true }
        guard let superKind = types[supertype]?.kind else { return false }
        switch superKind {
        case .interface: return ancestors[subtype]?.contains(supertype) ?? false
        case .union: return types[supertype]?.unionMembers.contains(subtype) ?? false
        default: return false
        }
    }

    /// Whether a fragment with `typeCondition` applies to a value of `concreteType`. For an
    /// abstract `concreteType`, whether it applies to some value of it (the types' possible types
    /// overlap).
    public func canApply(typeCondition: String, to concreteType: String) -> Bool {
        if typeCondition == concreteType { return true }
        if isAbstract(concreteType) {
            return !possibleTypes(typeCondition).isDisjoint(with: possibleTypes(concreteType))
        }
        return possibleTypes(typeCondition).contains(concreteType)
    }
}
