import BatonRecords

/// Why a response could not be ingested, with the response path where it went wrong.
/// The ingest returns a whole change set or this error, never part of one.
public struct IngestError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        /// The bytes are not well-formed JSON.
        case malformedJSON(JSONReadError)
        /// The top level is not an object with `data` or `errors`.
        case notAResponse(String)
        /// An object whose type must come from the response has no `__typename`.
        case missingTypename
        /// A selected field is absent from an object of a complete response.
        case missingField(String)
        /// A value of the wrong kind: a scalar where an object was selected, an object where a
        /// list was, a non-string `__typename`...
        case wrongType(expected: String, found: String)
        /// A built-in scalar's or an enum's value whose JSON the schema's type rules out
        /// (`"status": 42` for a `String`): `type` is the field's type as the schema names it,
        /// `expected` what its JSON must be, `found` what came.
        case wrongScalar(type: String, expected: String, found: String)
        /// An error's `path` or `incremental` entry's path that the operation cannot reach (or
        /// the `id` of a pending delivery no payload announced).
        case badPath(String)
        /// A member the operation does not select on the object at ``IngestError/path``, in a
        /// payload checked for them (an optimistic response); `nearest` is the selected
        /// response key closest to it, when one is close.
        case unselectedKey(String, nearest: String?)
        /// A null for a field (or a list's element) whose type, `type` as the schema writes it
        /// (`String!`), is non-null, in a payload checked against the schema (``Ingest/checksSchema``).
        case nullInNonNull(type: String)
        /// A value the enum `enum` does not declare, in a payload checked against the schema;
        /// `values` are the enum's, in the schema's order, and `nearest` the one closest to
        /// the value, when one is close.
        case undeclaredEnumValue(String, enum: String, values: [String], nearest: String?)
        /// A `__typename` naming a type of the schema that cannot stand in a position of type
        /// `position`, in a payload checked against the schema; `possible` are the object
        /// types that can, sorted.
        case impossibleTypename(String, position: String, possible: [String])
        /// A `__typename` naming no type of the schema, in a payload checked against it;
        /// `possible` are the object types the position takes, sorted, and `nearest` the one
        /// closest to the name, when one is close.
        case unknownTypename(String, possible: [String], nearest: String?)
        /// A selected field's response key that appears twice in one object (`"name"` sent
        /// twice): JSON leaves duplicate names' meaning open, so the response is refused rather
        /// than keeping either value (the record's key and its `id` cell could disagree).
        /// Duplicates of a member the operation does not select are skipped with it.
        case duplicateField(String)
        /// The schema a payload written by hand is checked against, kept as text
        /// (``Normalization/payloadSchema``: the compiler's `BatonSchema.selectedSchema`), does
        /// not parse; nothing was checked or written.
        case unreadablePayloadSchema(GraphQLSyntaxError)
    }

    public var kind: Kind
    /// The response path from `data`, outermost first.
    public var path: [FieldError.PathElement]

    public init(_ kind: Kind, path: [FieldError.PathElement] = []) {
        self.kind = kind
        self.path = path
    }

    /// The same error one step further out.
    func under(_ element: FieldError.PathElement) -> IngestError {
        var error = self
        error.path.insert(element, at: 0)
        return error
    }

    /// The same error naming `type` (the field's type as the schema names it) when it is a
    /// ``Kind/wrongScalar(type:expected:found:)``, which the scalar's read names by the
    /// scalar alone; any other error, or no type, as it is.
    func naming(type: String?) -> IngestError {
        guard let type, case .wrongScalar(_, let expected, let found) = kind else { return self }
        var error = self
        error.kind = .wrongScalar(type: type, expected: expected, found: found)
        return error
    }

    public var pathText: String {
        path.map(\.description).joined(separator: ".")
    }

    public var description: String {
        let at = path.isEmpty ? "" : " at \(pathText)"
        switch kind {
        case .malformedJSON(let error): return "malformed response: \(error)"
        case .notAResponse(let reason): return "not a GraphQL response: \(reason)"
        case .missingTypename: return "missing __typename\(at)"
        case .missingField(let name): return "missing field \(name)\(at)"
        case .wrongType(let expected, let found): return "expected \(expected), found \(found)\(at)"
        case .wrongScalar(let type, let expected, let found):
            return "\(type) expects \(expected), found \(found)\(at)"
        case .badPath(let path): return "path \(path) does not reach a field of the operation"
        case .unselectedKey(let key, let nearest):
            return
                "\"\(key)\" is not selected\(path.isEmpty ? " on the root" : " at \(pathText)")\(Self.hint(nearest))"
        case .nullInNonNull(let type): return "expected \(type), found null\(at)"
        case .undeclaredEnumValue(let value, let name, let values, let nearest):
            let declared = "(\(values.joined(separator: ", ")))"
            return "\"\(value)\" is not a value of enum \(name) \(declared)\(at)\(Self.hint(nearest))"
        case .impossibleTypename(let name, let position, let possible):
            return "\"\(name)\" is not a possible type of \(position) (possible: \(Self.list(possible)))\(at)"
        case .unknownTypename(let name, let possible, let nearest):
            return
                "\"\(name)\" is not a type of the schema (possible: \(Self.list(possible)))\(at)\(Self.hint(nearest))"
        case .duplicateField(let name): return "field \(name) appears twice in one object\(at)"
        case .unreadablePayloadSchema(let error):
            return "the schema payloads are checked against does not parse: \(error)"
        }
    }

    /// ` (did you mean "name"?)`, or nothing without a name.
    private static func hint(_ nearest: String?) -> String {
        nearest.map { " (did you mean \"\($0)\"?)" } ?? ""
    }

    /// Type names for a message: `Character, Episode`, or `none`.
    private static func list(_ names: [String]) -> String {
        names.isEmpty ? "none" : names.joined(separator: ", ")
    }
}
