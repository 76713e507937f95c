/// Records in Relay's store-dump spelling, the form the conformance suite's dumps use:
/// links as `{"__ref": key}` and `{"__refs": [key]}`, field errors as `null` with the error
/// under `__errors`, and a deleted record as `null`.
extension RecordSnapshot {
    public var relayDump: JSONValue {
        var members: [(String, JSONValue)] = []
        var errors: [(String, JSONValue)] = []
        for cell in cells {
            members.append((cell.storageKey, Self.dump(cell.value)))
            if case .error(let error) = cell.value {
                let dumped: JSONValue = [
                    "message": .string(error.message),
                    "path": .string(error.path.map(\.description).joined(separator: ".")),
                ]
                errors.append((cell.storageKey, dumped))
            }
        }
        if !errors.isEmpty { members.append(("__errors", .object(errors))) }
        return .object(members)
    }

    static func dump(_ value: Value) -> JSONValue {
        switch value {
        case .link(let key): return ["__ref": .string(key.rawValue)]
        case .list(let elements) where elements.contains(where: { $0.link != nil }):
            return ["__refs": .array(elements.map { $0.link.map { .string($0.rawValue) } ?? dump($0) })]
        case .list(let elements): return .array(elements.map(dump))
        case .error: return .null
        default: return value.json
        }
    }
}

extension ChangeSet {
    /// The change set as a dump: every written record by key, deleted ones as `null`.
    public var relayDump: JSONValue {
        var members: [(String, JSONValue)] = deletions.map { ($0.rawValue, .null) }
        for snapshot in snapshots { members.append((snapshot.key.rawValue, snapshot.relayDump)) }
        return .object(members)
    }
}
