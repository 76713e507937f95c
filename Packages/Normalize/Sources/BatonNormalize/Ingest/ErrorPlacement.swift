import BatonRecords

/// Stores each of a response's errors in the field its path names, in place of the null the
/// server sent there, so partial data is kept and a reader can tell an error from a null.
struct ErrorPlacement {
    let plan: OperationPlan

    /// Places every error of `errors` (the response's `errors` member) it can; returns the
    /// rest: those without a path, and those whose path holds data.
    func place(_ errors: JSONValue, in changes: inout ChangeSet) throws(IngestError) -> [FieldError] {
        guard case .array(let entries) = errors else {
            throw IngestError(.notAResponse("errors is not a list"))
        }
        var unplaced: [FieldError] = []
        for entry in entries {
            guard case .string(let message)? = entry[member: "message"] else {
                throw IngestError(.notAResponse("an error has no message"))
            }
            var path: [FieldError.PathElement] = []
            if case .array(let elements)? = entry[member: "path"] {
                for element in elements {
                    switch element {
                    case .string(let key): path.append(.key(key))
                    case .int(let index): path.append(.index(index))
                    default: path = []
                    }
                    if path.isEmpty { break }
                }
            }
            let error = FieldError(message: message, path: path, extensions: entry[member: "extensions"])
            if path.isEmpty || !place(error, in: &changes) {
                unplaced.append(error)
            }
        }
        return unplaced
    }

    /// Walks `error.path` through the plan and the records written, and replaces the null it
    /// ends at (or the first null on the way) with the error.
    private func place(_ error: FieldError, in changes: inout ChangeSet) -> Bool {
        var key = plan.rootKey
        var selection = plan.root
        var path = error.path[...]
        while let element = path.popFirst() {
            guard case .key(let responseKey) = element, let snapshot = changes[key] else { return false }
            let typename: String? = if case .string(let name)? = snapshot[.typename] { name } else { nil }
            guard let field = selection.resolved(for: typename).fields.first(where: { $0.responseKey == responseKey }),
                var value = snapshot[field.field.slot]
            else { return false }
            // Follow list indices down to an element.
            var indices: [Int] = []
            while case .list(let elements) = value, case .index(let index)? = path.first {
                guard elements.indices.contains(index) else { return false }
                path.removeFirst()
                indices.append(index)
                value = elements[index]
            }
            switch value {
            case .null:
                changes.write(
                    Self.replacing(snapshot[field.field.slot]!, at: indices, with: .error(error)),
                    to: field.field.slot, of: key)
                return true
            case .link(let next) where !path.isEmpty:
                guard let child = field.selection else { return false }
                key = next
                selection = child
            default:
                return false
            }
        }
        return false
    }

    private static func replacing(_ value: Value, at indices: [Int], with replacement: Value) -> Value {
        guard let first = indices.first, case .list(var elements) = value else { return replacement }
        elements[first] = replacing(elements[first], at: Array(indices.dropFirst()), with: replacement)
        return .list(elements)
    }
}
