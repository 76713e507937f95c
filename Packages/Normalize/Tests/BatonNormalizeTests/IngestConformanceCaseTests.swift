import BatonNormalize
import BatonRecords

/// One case of the conformance suite's `manifest.json`: an operation, the responses a
/// server sent for it, the records a store must hold after them and what a lens reads.
/// Decoded as the manifest states it; a value.
struct ConformanceCase: Sendable {
    /// One `reads` row: the value at a response path after the responses.
    struct Read: Sendable {
        /// Response keys and list indices from the root, joined by dots.
        let path: String
        let value: JSONValue
        /// Set when a lens rule (`@required`, `@throwOnFieldError`...) reads the path
        /// otherwise than the response says.
        let note: String?
    }

    let name: String
    let operation: String
    let kind: String
    let document: String
    let variables: [String: JSONValue]
    let responses: [String]
    let records: String
    /// Whether the responses answer every selected field.
    let complete: Bool
    let reads: [Read]

    /// The case `json`, an element of the manifest's `cases`.
    init(_ json: JSONValue) throws(ConformanceCase.DecodingError) {
        func string(_ member: String) throws(ConformanceCase.DecodingError) -> String {
            guard case .string(let text)? = json[member: member] else { throw DecodingError(member: member) }
            return text
        }
        name = try string("name")
        operation = try string("operation")
        kind = try string("kind")
        document = try string("document")
        records = try string("records")
        if case .object(let members)? = json[member: "variables"] {
            variables = Dictionary(members, uniquingKeysWith: { $1 })
        } else {
            variables = [:]
        }
        guard case .array(let files)? = json[member: "responses"] else { throw DecodingError(member: "responses") }
        responses = files.compactMap { if case .string(let path) = $0 { path } else { nil } }
        if case .bool(let flag)? = json[member: "complete"] { complete = flag } else { complete = true }
        var reads: [Read] = []
        if case .array(let rows)? = json[member: "reads"] {
            for row in rows {
                guard case .string(let path)? = row[member: "path"] else { throw DecodingError(member: "reads.path") }
                let note: String? = if case .string(let text)? = row[member: "note"] { text } else { nil }
                reads.append(Read(path: path, value: row[member: "value"] ?? .null, note: note))
            }
        }
        self.reads = reads
    }

    /// Every file the case needs, under the spec's directory.
    var files: [String] { [document] + responses + [records] }

    /// Whether the case runs over the Rick and Morty API's schema rather than the tests'.
    var usesRickAndMortySchema: Bool { name.hasPrefix("rickandmorty/") }

    /// A manifest case that lacks a member it must have.
    struct DecodingError: Error, CustomStringConvertible {
        let member: String
        var description: String { "a case lacks '\(member)'" }
    }
}
