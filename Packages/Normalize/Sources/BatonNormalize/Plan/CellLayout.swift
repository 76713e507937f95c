import BatonRecords

/// Where the values of an object read with one resolved selection land among its record's
/// cells: every slot the selection can write (its fields', their connections' and
/// `__typename`'s), ascending, each once. The ingest fills these positions as members arrive,
/// so an object's cells are in slot order without sorting. Immutable, safe on any thread.
struct CellLayout: Sendable {
    /// The slots, ascending, no slot twice.
    let slots: [Slot]
    /// The position in `slots` of each field's slot, by field index.
    let fieldCells: [Int]
    /// The position in `slots` of each field's connection slot, by field index; -1 for a
    /// field that is no `@connection`.
    let connectionCells: [Int]
    /// The position in `slots` of `__typename`.
    let typenameCell: Int
    /// How each field is read, by field index.
    let members: [Member]

    /// How the ingest reads a member: the common leaves take a short path.
    enum Member: Sendable, Equatable {
        /// `__typename`, under any alias.
        case typename
        /// A built-in scalar or enum that writes its cell and nothing else: never a JSON object,
        /// and, when its kind is known, JSON of that kind (a list of it when `isList`).
        case scalar(LeafScalar?, isList: Bool?)
        /// A custom scalar that writes its cell and nothing else: any JSON.
        case customScalar
        /// A key field, a leaf with an edge write or a deletion, or a field with selections.
        case other
    }

    init(_ fields: [FieldPlan]) {
        var slots: [Slot] = [.typename]
        slots.reserveCapacity(fields.count + 1)
        for field in fields {
            slots.append(field.field.slot)
            if let connection = field.connection { slots.append(connection.slot) }
        }
        slots.sort()
        var unique: [Slot] = []
        unique.reserveCapacity(slots.count)
        for slot in slots where unique.last != slot { unique.append(slot) }
        func cell(_ slot: Slot) -> Int { unique.firstIndex(of: slot)! }
        self.slots = unique
        self.fieldCells = fields.map { cell($0.field.slot) }
        self.connectionCells = fields.map { field in field.connection.map { cell($0.slot) } ?? -1 }
        self.typenameCell = cell(.typename)
        self.members = fields.map { field in
            if field.isTypename { return .typename }
            guard field.selection == nil, field.edgeWrite == nil, !field.deletesRecord, !field.isKeyField else {
                return .other
            }
            return field.isPlainLeaf ? .scalar(field.scalar, isList: field.isList) : .customScalar
        }
    }

    /// Makes `cells` one cell per slot, each holding null until written.
    @inline(__always)
    func reset(_ cells: inout [RecordSnapshot.Cell]) {
        if cells.count != slots.count {
            cells.removeAll(keepingCapacity: true)
            // A buffer a snapshot took is made anew: at its size, not grown append by append.
            cells.reserveCapacity(slots.count)
            for slot in slots { cells.append(RecordSnapshot.Cell(slot: slot, value: .null)) }
            return
        }
        slots.withUnsafeBufferPointer { slots in
            cells.withUnsafeMutableBufferPointer { cells in
                for i in slots.indices { cells[i] = RecordSnapshot.Cell(slot: slots[i], value: .null) }
            }
        }
    }
}
