import BatonRecords

/// The schema's rules that a payload written by hand must keep and a server's response is
/// trusted to: no null in a non-null position, no enum value the schema does not declare, no
/// `__typename` that cannot stand where it is. Run by the ingest's walk itself when
/// ``Ingest/checksSchema`` asks for it: each member is checked as the walk reads it, against
/// its field's rule on the type of the object it is in, so a payload is read once.
///
/// What the plan's shape rules out (a scalar where an object is selected, a member not
/// selected, JSON that does not parse) is the walk's own error. A selection's rules on a type
/// are made from the schema the first time an object of that type meets it and kept in a table
/// the check owns, so each later object costs one probe, and checking a member touches no
/// reference count. Owned by one walk, on its task (a class, so the walk's calls into it copy
/// nothing); nothing else reads its storage, so it takes no exclusivity checks.
final class PayloadCheck {
    let schema: GraphQLSchema
    let plan: OperationPlan
    /// The rules made so far: an open-addressed table by the selection's identity and the type.
    @exclusivity(unchecked) var table: UnsafeMutablePointer<Entry>
    @exclusivity(unchecked) var tableCount = 0
    /// Where the rules of every entry made are (all freed with the check).
    @exclusivity(unchecked) var ruleBlocks: [UnsafeMutableBufferPointer<Rule>] = []
    /// The field types the rules were made from, for an error's message (``Rule/type``).
    @exclusivity(unchecked) var types: [TypeReference] = []
    /// The enums' values the rules name, in the schema's order (``Rule/enumValues``).
    @exclusivity(unchecked) var enums: [[String]] = []
    /// The possible types of each abstract position met so far.
    @exclusivity(unchecked) var possibleTypes: [String: Set<String>] = [:]

    /// How many entries the table has room for (a power of two); it is emptied when more than
    /// three quarters are taken, which a plan of fewer than 48 selections never reaches.
    static var tableSlots: Int { 64 }

    /// A selection's rules on one type.
    struct Entry {
        /// The selection's identity; nil for an empty slot.
        var selection: ObjectIdentifier?
        var parent: String
        var rules: UnsafeBufferPointer<Rule>
    }

    /// What a value of one field must be, made from its definition on one type: a plain value
    /// (no reference counted), read on every member.
    struct Rule {
        /// Bit `n`: the value at list depth `n` (0 for the field's own value, 1 for its
        /// elements, ...) is non-null. Depths past 63 are not checked.
        var nonNull: UInt64 = 0
        /// How many lists the type nests.
        var listDepth: Int32 = 0
        /// Where the field's type is in ``PayloadCheck/types``; -1 when the schema does not
        /// define the field on the type.
        var type: Int32 = -1
        /// Where the enum's values are in ``PayloadCheck/enums``; -1 when the type is no enum.
        var enumValues: Int32 = -1
        var isTypename = false

        /// Whether a value can break the rule: the type is non-null somewhere, or an enum, or
        /// the field is a `__typename`.
        var constrains: Bool { isTypename || enumValues >= 0 || nonNull != 0 }
        /// Whether only a null can break the rule (a non-null type of no list and no enum, the
        /// most common rule): the value's case is all the check reads.
        var refusesOnlyNull: Bool { !isTypename && enumValues < 0 && listDepth == 0 }
    }

    init(schema: GraphQLSchema, plan: OperationPlan) {
        self.schema = schema
        self.plan = plan
        table = .allocate(capacity: Self.tableSlots)
        table.initialize(
            repeating: Entry(selection: nil, parent: "", rules: UnsafeBufferPointer(start: nil, count: 0)),
            count: Self.tableSlots)
    }

    deinit {
        table.deinitialize(count: Self.tableSlots)
        table.deallocate()
        for block in ruleBlocks { block.deallocate() }
    }

    /// The rules of `selection`'s fields on `parent`, the type of the object being read (or,
    /// when it has none yet, its position's), in the selection's order.
    @inline(__always)
    func rules(of selection: ResolvedSelection, on parent: String) -> UnsafeBufferPointer<Rule> {
        let id = ObjectIdentifier(selection)
        let bits = UInt64(UInt(bitPattern: id))
        let mask = Self.tableSlots - 1
        var slot = Int(truncatingIfNeeded: (bits &* 0x9E37_79B9_7F4A_7C15) >> 58) & mask
        while let known = table[slot].selection {
            if known == id, table[slot].parent == parent { return table[slot].rules }
            slot = (slot + 1) & mask
        }
        return makeRules(of: selection, on: parent, at: slot)
    }

    /// Makes the rules of `selection` on `parent` and keeps them at `slot`, the empty slot its
    /// probe ended on (in a table emptied first when it is three quarters full, where every
    /// slot is empty).
    @inline(never)
    func makeRules(of selection: ResolvedSelection, on parent: String, at slot: Int) -> UnsafeBufferPointer<Rule> {
        let block = UnsafeMutableBufferPointer<Rule>.allocate(capacity: selection.fields.count)
        for (index, field) in selection.fields.enumerated() {
            block.initializeElement(at: index, to: rule(of: field, on: parent))
        }
        ruleBlocks.append(block)
        let rules = UnsafeBufferPointer(block)
        if tableCount >= Self.tableSlots * 3 / 4 {
            table.update(
                repeating: Entry(selection: nil, parent: "", rules: UnsafeBufferPointer(start: nil, count: 0)),
                count: Self.tableSlots)
            tableCount = 0
        }
        table[slot] = Entry(selection: ObjectIdentifier(selection), parent: parent, rules: rules)
        tableCount += 1
        return rules
    }

    /// The rule of `field` on the type `parent`.
    func rule(of field: FieldPlan, on parent: String) -> Rule {
        var rule = Rule()
        rule.isTypename = field.isTypename
        guard !field.isTypename, let type = schema.field(field.name, on: parent)?.type else { return rule }
        rule.type = Int32(types.count)
        types.append(type)
        var level = type
        var depth: Int32 = 0
        walk: while true {
            switch level {
            case .nonNull(let inner):
                if depth < 64 { rule.nonNull |= 1 << UInt64(depth) }
                level = inner
            case .list(let inner):
                depth += 1
                level = inner
            case .named(let name):
                if let named = schema.type(named: name), named.kind == .enumeration {
                    rule.enumValues = Int32(enums.count)
                    enums.append(named.enumValues.map(\.name))
                }
                break walk
            }
        }
        rule.listDepth = depth
        return rule
    }

    /// Checks `value`, which the walk read for `field` under `rule`; a `__typename` against
    /// `position`, the type of the place the object stands in.
    @inline(__always)
    func check(_ value: Value, _ rule: Rule, position: String?) throws(IngestError) {
        if rule.isTypename {
            if let position, case .string(let name) = value { try checkTypename(name, position: position) }
            return
        }
        try checkValue(value, rule, depth: 0)
    }

    /// Checks `value` (a member's, or an element of it at list depth `depth`) against `rule`.
    /// An object's own members were checked when the walk read them.
    func checkValue(_ value: Value, _ rule: Rule, depth: Int32) throws(IngestError) {
        if case .null = value {
            guard depth < 64, rule.nonNull & (1 << UInt64(depth)) != 0 else { return }
            throw IngestError(.nullInNonNull(type: typeDescription(rule, depth: depth)))
        }
        if depth < rule.listDepth {
            let deeper = depth + 1 < 64 ? rule.nonNull >> UInt64(depth + 1) : 0
            guard rule.enumValues >= 0 || deeper != 0, case .list(let elements) = value else { return }
            for index in elements.indices {
                do throws(IngestError) {
                    try checkValue(elements[index], rule, depth: depth + 1)
                } catch {
                    throw error.under(.index(index))
                }
            }
            return
        }
        guard rule.enumValues >= 0, case .string(let text) = value else { return }
        let values = enums[Int(rule.enumValues)]
        guard !values.contains(text) else { return }
        let name = types[Int(rule.type)].namedType
        throw IngestError(
            .undeclaredEnumValue(text, enum: name, values: values, nearest: NearestName.among(values, to: text)))
    }

    /// The type of the value at list depth `depth` of `rule`'s field, as the schema spells it.
    func typeDescription(_ rule: Rule, depth: Int32) -> String {
        var type = types[Int(rule.type)]
        var level: Int32 = 0
        while level < depth {
            if case .nonNull(let inner) = type { type = inner }
            guard case .list(let inner) = type else { break }
            type = inner
            level += 1
        }
        return type.description
    }

    /// Throws when the object type `name` cannot stand in a position of type `position`.
    func checkTypename(_ name: String, position: String) throws(IngestError) {
        guard name != position else { return }
        let possible: Set<String>
        if let known = possibleTypes[position] {
            possible = known
        } else {
            guard schema.type(named: position) != nil else { return }
            possible = schema.possibleTypes(position).union(plan.normalization.possibleTypes[position] ?? [])
            possibleTypes[position] = possible
        }
        guard !possible.contains(name) else { return }
        let sorted = possible.sorted()
        guard schema.type(named: name) != nil else {
            throw IngestError(.unknownTypename(name, possible: sorted, nearest: NearestName.among(sorted, to: name)))
        }
        throw IngestError(.impossibleTypename(name, position: position, possible: sorted))
    }
}
