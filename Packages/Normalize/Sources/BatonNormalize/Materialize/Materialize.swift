import BatonRecords

/// Builds an operation's response back from records: the oracle every normalization is
/// held to. After a response is committed, materializing its operation gives its `data`
/// field by field (aliases, arguments, lists, nulls), key order aside; a stored field error
/// reads as the null the server sent with it.
public struct Materializer {
    /// What to do with a selected field the records lack.
    public enum Missing: Sendable {
        /// Throw, naming the path.
        case fail
        /// Leave the member out, as a deferred field not yet arrived is.
        case omit
    }

    public let missing: Missing

    public init(missing: Missing = .fail) {
        self.missing = missing
    }

    /// The `data` of `plan`'s operation as `source` holds it.
    public func data(of plan: OperationPlan, from source: some RecordSource) throws(MaterializeError) -> JSONValue {
        try object(plan.root, key: plan.rootKey, typename: plan.rootTypename, source: source)
    }

    private func object(
        _ selection: SelectionPlan, key: RecordKey, typename knownTypename: String?, source: some RecordSource
    ) throws(MaterializeError) -> JSONValue {
        var typename = knownTypename
        if typename == nil, case .string(let name)? = source.value(.typename, of: key) { typename = name }
        var members: [(String, JSONValue)] = []
        for field in selection.resolved(for: typename).fields {
            guard let value = source.value(field.field.slot, of: key) else {
                if field.isTypename, let known = typename ?? selection.staticType {
                    members.append((field.responseKey, .string(known)))
                    continue
                }
                if field.deferLabel != nil || missing == .omit { continue }
                throw MaterializeError(missing: [.key(field.responseKey)], record: key)
            }
            do {
                members.append((field.responseKey, try json(value, field: field, source: source)))
            } catch {
                throw error.under(.key(field.responseKey))
            }
        }
        return .object(members)
    }

    private func json(_ value: Value, field: FieldPlan, source: some RecordSource) throws(MaterializeError) -> JSONValue
    {
        guard let child = field.selection else { return Self.leaf(value) }
        switch value {
        case .link(let key):
            return try object(child, key: key, typename: nil, source: source)
        case .list(let elements):
            var items: [JSONValue] = []
            items.reserveCapacity(elements.count)
            for (index, element) in elements.enumerated() {
                do {
                    items.append(try json(element, field: field, source: source))
                } catch {
                    throw error.under(.index(index))
                }
            }
            return .array(items)
        default:
            return Self.leaf(value)
        }
    }

    static func leaf(_ value: Value) -> JSONValue {
        switch value {
        case .list(let elements): .array(elements.map(leaf))
        case .link(let key): .string(key.rawValue)
        default: value.json
        }
    }
}

/// A selected field the records do not hold, with its response path.
public struct MaterializeError: Error, Sendable, Hashable, CustomStringConvertible {
    public var missing: [FieldError.PathElement]
    /// The record that lacks the field.
    public var record: RecordKey

    func under(_ element: FieldError.PathElement) -> MaterializeError {
        var error = self
        error.missing.insert(element, at: 0)
        return error
    }

    public var description: String {
        "\(record) lacks \(missing.map(\.description).joined(separator: "."))"
    }
}
