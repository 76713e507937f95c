import Foundation
import BatonNormalize
import BatonRecords
import BatonTestSupport

/// One recorded response of `Tests/Fixtures/fixtures.json` with what it takes to ingest it:
/// its schemas, its operation and variables. A value; `load()` reads the files.
struct RecordedFixture: Sendable, CustomStringConvertible {
    let name: String
    let schemas: [String]
    let operation: String
    let variables: [String: JSONValue]
    let response: String
    /// Whether the response answers every selected field.
    let complete: Bool
    /// What the fixture is there to show.
    let covers: [String]

    var description: String { name }

    /// `Tests/Fixtures`, which the manifest's paths are relative to.
    static let directory = TestData.url("Fixtures")

    /// Every fixture of the manifest, in its order.
    static let all: [RecordedFixture] = {
        guard let data = try? Data(contentsOf: directory.appendingPathComponent("fixtures.json")),
            let manifest = try? JSONValue.parse(data),
            case .array(let entries)? = manifest[member: "fixtures"]
        else { return [] }
        return entries.compactMap(RecordedFixture.init)
    }()

    static func named(_ name: String) -> RecordedFixture? { all.first { $0.name == name } }

    private init?(_ json: JSONValue) {
        func strings(_ member: String) -> [String] {
            guard case .array(let items)? = json[member: member] else { return [] }
            return items.compactMap { if case .string(let text) = $0 { text } else { nil } }
        }
        guard case .string(let name)? = json[member: "name"],
            case .string(let operation)? = json[member: "operation"],
            case .string(let response)? = json[member: "response"]
        else { return nil }
        self.name = name
        self.operation = operation
        self.response = response
        schemas = strings("schemas")
        covers = strings("covers")
        if case .object(let members)? = json[member: "variables"] {
            variables = Dictionary(members, uniquingKeysWith: { $1 })
        } else {
            variables = [:]
        }
        if case .bool(let flag)? = json[member: "complete"] { complete = flag } else { complete = true }
    }

    func data(_ path: String) throws -> Data {
        try Data(contentsOf: Self.directory.appendingPathComponent(path))
    }

    /// The operation planned under the fixture's schemas and the suite's identity.
    func plan() throws -> OperationPlan {
        let sdl = try schemas.map { String(decoding: try data($0), as: UTF8.self) }
        let schema = try GraphQLSchema.parse(sdl: sdl)
        let normalization = Normalization(schema: schema, cacheKeys: ConformanceRunner.cacheKeys)
        return try OperationPlan(
            String(decoding: try data(operation), as: UTF8.self), variables: variables,
            normalization: normalization)
    }

    /// The response's bytes.
    func responseBytes() throws -> Data { try data(response) }

    var ingest: Ingest { Ingest(completeness: complete ? .complete : .partial) }
    var materializer: Materializer { Materializer(missing: complete ? .fail : .omit) }
}
