/// The fields of one record an ``UpdatableFragment`` selects, for setting in
/// `StoreWrite.update(_:at:_:)`: `note.set(\.text, to: "Pickle Rick")`.
///
/// A setter names its field by a key path into the fragment's ``Fragment/Fields``, so only
/// the fields the fragment selects can be set, each with a value of the type its lens reads;
/// anything else does not compile. Reads (`try note.text`) go through the same dynamic
/// members as the fragment's lens and see what this update set, else what the store holds.
/// Setting is a method rather than an assignment (`note.text = …`) because a read can throw
/// (a field the store lacks), and Swift gives no setter to a property whose getter throws.
///
/// Main actor; a value that lives for one `update` call.
@MainActor
@dynamicMemberLookup
public struct FragmentUpdate<F: UpdatableFragment> {
    /// The record the update writes.
    public var key: RecordKey { ref.record.key }
    let ref: RecordRef
    /// The fields set so far, in the order they were set; a field set twice keeps the last.
    private(set) var cells: [RecordSnapshot.Cell] = []

    init(ref: RecordRef) {
        self.ref = ref
    }

    // MARK: Setting

    /// Sets the scalar field `field` to `value`.
    public mutating func set<T: ScalarValue & GraphQLInputValue>(
        _ field: KeyPath<F.Fields, Scalar<T>>, to value: T
    ) throws(WriteError) {
        let address = F.fields[keyPath: field].address
        try write(Value(input: value.inputValue), at: address)
    }

    /// Sets the link `field` to the records of `target`: another fragment's lens, an optional
    /// one (nil writes null) or an array of them, as the field's lens reads it.
    public mutating func set<T: LinkTarget>(_ field: KeyPath<F.Fields, Linked<T>>, to target: T) throws(WriteError) {
        try write(T.linkValue(of: target), at: F.fields[keyPath: field].address)
    }

    /// Sets the link `field` to the record `key`, or to null.
    public mutating func set<T: LinkTarget>(_ field: KeyPath<F.Fields, Linked<T>>, toKey key: RecordKey?)
        throws(WriteError)
    {
        try write(key.map(Value.link) ?? .null, at: F.fields[keyPath: field].address)
    }

    /// Sets the list of links `field` to the records `keys`, in order.
    public mutating func set<T: LinkTarget>(_ field: KeyPath<F.Fields, Linked<[T]>>, toKeys keys: [RecordKey])
        throws(WriteError)
    {
        try write(.list(keys.map(Value.link)), at: F.fields[keyPath: field].address)
    }

    private mutating func write(_ value: Value, at address: FieldAddress) throws(WriteError) {
        let slot = try self.slot(of: address)
        if let index = cells.firstIndex(where: { $0.slot == slot }) {
            cells[index].value = value
        } else {
            cells.append(.init(slot: slot, value: value))
        }
    }

    /// The slot `address` names in this record: its own for a field without arguments, else
    /// the one the selection the lens was reached through gives it.
    private func slot(of address: FieldAddress) throws(WriteError) -> Slot {
        if let field = address.staticField { return field.slot }
        do {
            return try address.resolveThroughPlan(in: ref).field.takeUnretainedValue().slot
        } catch {
            throw .needsSelection(field: address.responseKey, record: key)
        }
    }

    // MARK: Reading

    /// The scalar field's value: what this update set, else what the store holds.
    public subscript<T: ScalarValue>(dynamicMember field: KeyPath<F.Fields, Scalar<T>>) -> T {
        get throws(LensError) {
            let scalar = F.fields[keyPath: field]
            guard let value = staged(scalar.address) else { return try scalar.read(from: ref) }
            return try T.read(value, field: scalar.address.responseKey, record: key)
        }
    }

    /// The linked lens: what this update set, else what the store holds.
    public subscript<T: LinkTarget>(dynamicMember field: KeyPath<F.Fields, Linked<T>>) -> T {
        get throws(LensError) {
            let linked = F.fields[keyPath: field]
            guard let value = staged(linked.address) else { return try linked.read(from: ref) }
            let site = LinkSite(plan: nil, address: linked.unretainedAddress, findsPlanFieldByAddress: false)
            switch try T.resolveLink(consume value, at: site, in: ref) {
            case .value(let target): return target
            case .null: throw .unexpectedNull(field: linked.address.responseKey, record: key)
            case .deleted(let record): throw .missing(field: linked.address.responseKey, record: record)
            case .bubbled(let field, let record): throw .requiredNull(field: field, record: record)
            }
        }
    }

    private func staged(_ address: FieldAddress) -> Value? {
        guard !cells.isEmpty, let slot = try? slot(of: address) else { return nil }
        return cells.first(where: { $0.slot == slot })?.value
    }
}

extension Value {
    /// The value a response's JSON `input` is stored as: an object (a structured custom
    /// scalar) as `.scalar`, a list element by element.
    init(input: JSONValue) {
        switch input {
        case .null: self = .null
        case .bool(let bool): self = .bool(bool)
        case .int(let int): self = .int(int)
        case .double(let double): self = .double(double)
        case .string(let string): self = .string(string)
        case .array(let elements): self = .list(elements.map(Value.init(input:)))
        case .object: self = .scalar(input)
        }
    }
}
