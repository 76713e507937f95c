import BatonNormalize
import BatonRecords

/// The operations a compile produced as a persisted-query manifest: the JSON Apollo's tools
/// read (`apollo-persisted-query-manifest`, version 1), which a server or router that accepts
/// only trusted documents is given.
///
/// Each entry's `body` is the text the transport sends for the operation (the compact
/// document without client directives and client-only fields), and its `id` the SHA-256 of
/// that text in lowercase hex: the generated `persistedQueryHash`, the hash the transport
/// sends in the `persistedQuery` extension. Operations are kept in name order, so the file
/// changes only when an operation does.
///
/// A plain value: safe on any thread.
public struct OperationManifest: Sendable, Hashable {
    /// The `format` member Apollo's tools check.
    public static let format = "apollo-persisted-query-manifest"
    /// The `version` member.
    public static let version = 1

    /// One operation a server may run.
    public struct Operation: Sendable, Hashable {
        /// The SHA-256 of ``body``, lowercase hex.
        public var id: String
        /// The operation's name (the generated type's when the operation has none).
        public var name: String
        public var kind: OperationKind
        /// The exact text the transport sends.
        public var body: String

        /// An entry for `body`, its id the body's SHA-256.
        public init(name: String, kind: OperationKind, body: String) {
            self.id = SHA256.hexDigest(body)
            self.name = name
            self.kind = kind
            self.body = body
        }
    }

    /// The entries, by name (then id).
    public private(set) var operations: [Operation]

    public init(operations: [Operation] = []) {
        self.operations = []
        for operation in operations { add(operation) }
    }

    /// Adds `operation`, keeping the name order.
    public mutating func add(_ operation: Operation) {
        let index =
            operations.firstIndex { ($0.name, $0.id) > (operation.name, operation.id) } ?? operations.endIndex
        operations.insert(operation, at: index)
    }

    /// The manifest's JSON: one member a line, each operation an object of `id`, `name`,
    /// `type` (`query`, `mutation` or `subscription`) and `body`, and a final newline.
    public var json: String {
        func string(_ text: String) -> String { JSONValue.string(text).jsonText() }
        var lines = [
            "{", "  \"format\": \(string(Self.format)),", "  \"version\": \(Self.version),", "  \"operations\": [",
        ]
        for (index, operation) in operations.enumerated() {
            let members = [
                ("id", operation.id), ("name", operation.name), ("type", operation.kind.rawValue),
                ("body", operation.body),
            ].map { "\(string($0.0)): \(string($0.1))" }
            let comma = index == operations.count - 1 ? "" : ","
            lines.append("    { " + members.joined(separator: ", ") + " }" + comma)
        }
        lines += ["  ]", "}"]
        return lines.joined(separator: "\n") + "\n"
    }
}
