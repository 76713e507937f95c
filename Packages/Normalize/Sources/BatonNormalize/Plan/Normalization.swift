import BatonRecords

/// The rules a plan is built and a response normalized by: the schema when there is one,
/// the possible types of abstract types when there is not, and the cache-key policy.
/// A value: safe on any thread; parse the schema once and share it.
public struct Normalization: Sendable {
    /// The schema. With one, a response without `__typename` normalizes, since the plan knows
    /// each field's type; only abstract positions need `__typename`.
    public var schema: GraphQLSchema?
    /// For each interface or union, the object types that can stand in it; consulted when
    /// there is no schema, or beside it.
    public var possibleTypes: [String: Set<String>]
    public var cacheKeys: CacheKeyPolicy
    /// What a payload written by hand is checked against when there is no ``schema``: the
    /// compiler's `BatonSchema.selectedSchema`, parsed at the first such check (see
    /// ``Ingest/checksSchema``). Nothing else reads it: plans and responses are as without it.
    public var payloadSchema: PayloadSchema?

    public init(
        schema: GraphQLSchema? = nil, possibleTypes: [String: Set<String>] = [:], cacheKeys: CacheKeyPolicy = .default,
        payloadSchema: PayloadSchema? = nil
    ) {
        self.schema = schema
        self.possibleTypes = possibleTypes
        self.cacheKeys = cacheKeys
        self.payloadSchema = payloadSchema
    }

    /// The root type's name for an operation kind.
    public func rootTypename(for kind: OperationKind) -> String {
        if let name = schema?.rootTypeName(for: kind) { return name }
        switch kind {
        case .query: return "Query"
        case .mutation: return "Mutation"
        case .subscription: return "Subscription"
        }
    }

    /// Whether a fragment on `condition` applies to an object of concrete type `typename`.
    public func applies(_ condition: String, to typename: String) -> Bool {
        if condition == typename { return true }
        if possibleTypes[condition]?.contains(typename) == true { return true }
        return schema?.canApply(typeCondition: condition, to: typename) ?? false
    }

    /// Whether the schema fixes the type of every object at a position of static type
    /// `staticType` (nil: not known): it knows the type and it is an object type. Elsewhere the
    /// plan types an object by its `__typename`, which the text sent must then select.
    func fixesType(at staticType: String?) -> Bool {
        guard let schema, let staticType, schema.type(named: staticType) != nil else { return false }
        return !schema.isAbstract(staticType)
    }

    /// Whether a fragment on `condition` applies to every object a position of static type
    /// `staticType` can hold.
    func alwaysApplies(_ condition: String, under staticType: String?) -> Bool {
        guard let staticType else { return false }
        if condition == staticType { return true }
        guard let schema else { return false }
        if schema.isAbstract(staticType) {
            let possible = schema.possibleTypes(staticType)
            return !possible.isEmpty && possible.allSatisfy { applies(condition, to: $0) }
        }
        return schema.canApply(typeCondition: condition, to: staticType)
    }

    /// The concrete types that can stand in a position of `staticType`, when known.
    func concreteTypes(of staticType: String) -> Set<String> {
        var types = possibleTypes[staticType] ?? []
        if let schema {
            if schema.isAbstract(staticType) {
                types.formUnion(schema.possibleTypes(staticType))
            } else if schema.type(named: staticType) != nil {
                types.insert(staticType)
            }
        }
        return types
    }

    /// The root record of an operation kind.
    public static func rootKey(for kind: OperationKind) -> RecordKey {
        switch kind {
        case .query: .root
        case .mutation: .mutationRoot
        case .subscription: .subscriptionRoot
        }
    }

    // MARK: @deleteRecord

    /// The type whose record a `@deleteRecord` without `typeName:` on the field `field`, selected
    /// on `typeName`, deletes: `typeName` when the schema says it is an object type and `field`
    /// is its only key field (``CacheKeyPolicy/fields(of:)``); nil otherwise (an interface or
    /// union, a type keyed by several fields, no schema).
    public func deletedRecordType(field: String, on typeName: String?) -> String? {
        guard let typeName, schema?.type(named: typeName)?.kind == .object, cacheKeys.fields(of: typeName) == [field]
        else { return nil }
        return typeName
    }

    /// For the message that asks for `typeName:`: the longest name of an object type of the
    /// schema with key fields that the field's name holds, ignoring case (`removedNoteId`:
    /// `Note`); nil when none does or there is no schema.
    public func likelyDeletedRecordType(field: String) -> String? {
        guard let schema else { return nil }
        let lowered = field.lowercased()
        return schema.types.values
            .filter { type in
                type.kind == .object && type.name.count > 1 && lowered.contains(type.name.lowercased())
                    && cacheKeys.fields(of: type.name).allSatisfy { type.field(named: $0) != nil }
            }
            .map(\.name)
            .max { ($0.count, $1) < ($1.count, $0) }
    }
}
