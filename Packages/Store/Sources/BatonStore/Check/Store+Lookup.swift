@_spi(Baton) import BatonRecords

extension Store {
    /// The record `field` of `record` links to, reading the field with tracking (the read a
    /// view makes through a lens): the linked record when memory holds it, nil for a null, a
    /// missing record or a list. A root field never fetched resolves through the store's
    /// ``lookups`` to the record its identity names, when memory holds it.
    public func resolveLink(_ record: Record, field: FieldPlan) -> Record? {
        let value = record[field.field]
        if case .link(let key)? = value { return table[key] }
        if value == nil, let key = lookupKey(in: record, field: field) { return table[key] }
        return nil
    }

    /// The key a root field never fetched resolves to by the store's lookups, or nil when no
    /// rule applies (the field is not a root field, or, for a rule without a type or a key
    /// closure, memory holds no record of that identity or several).
    public func lookupKey(in record: Record, field: FieldPlan) -> RecordKey? {
        guard record.key == .root, !lookups.isEmpty else { return nil }
        guard let rule = lookups.first(where: { $0.field == field.name }) else { return nil }
        var values: [JSONValue] = []
        for name in rule.arguments {
            guard let value = field.arguments[name], !value.isNull else { return nil }
            values.append(value)
        }
        if let make = rule.key {
            return make(Dictionary(uniqueKeysWithValues: zip(rule.arguments, values)))
        }
        if let type = rule.type {
            let keyFields = normalization.cacheKeys.fields(of: type)
            let names = keyFields.count == values.count ? keyFields : rule.arguments
            let byName = Dictionary(uniqueKeysWithValues: zip(names, values))
            return normalization.cacheKeys.key(typename: type, values: byName)
        }
        // No type: the one record whose key fields hold the values; none when several do
        // (ids unique only within a type), since a guess would show the wrong record.
        let slots = rule.arguments.map { Slot($0) }
        var found: RecordKey?
        for candidate in table where !candidate.key.isRoot {
            var matches = true
            for (slot, value) in zip(slots, values) where !Self.sameIdentity(candidate[untracked: slot], value) {
                matches = false
                break
            }
            if matches {
                if found != nil { return nil }
                found = candidate.key
            }
        }
        return found
    }

    private static func sameIdentity(_ stored: Value?, _ argument: JSONValue) -> Bool {
        switch (stored, argument) {
        case (.string(let a)?, .string(let b)): a == b
        case (.int(let a)?, .int(let b)): a == b
        case (.string(let a)?, .int(let b)): a == String(b)
        case (.int(let a)?, .string(let b)): String(a) == b
        default: false
        }
    }
}
