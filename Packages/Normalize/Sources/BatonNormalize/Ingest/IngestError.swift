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
            let hint = nearest.map { " (did you mean \"\($0)\"?)" } ?? ""
            return "\"\(key)\" is not selected\(path.isEmpty ? " on the root" : " at \(pathText)")\(hint)"
        }
    }
}
