// libFuzzer target: the Ingest (response bytes + an operation's plan -> ChangeSet) and the
// JSON reader under it.
//
// An input is one selector byte and a response. The selector picks one of the spec's test
// operations below (planned against the spec's schema at start), or, past the last, parses
// the bytes as a plain JSON value. Properties, beyond "does not trap": a response a complete
// ingest accepts, a partial ingest accepts too, with the same records.
//
// `BATON_FUZZ_WRITE_SEEDS=<dir>` writes the seed corpus (selector + each response of the
// spec's manifest for these operations) into <dir> and exits (Support/SeedWriting.swift).
import Foundation
import BatonNormalize
import BatonRecords

/// The operations fuzzed, by selector. Variables as the spec's manifest runs them.
let operations: [(name: String, variables: [String: JSONValue])] = [
    ("TestProfileQuery", ["id": "1"]),
    ("TestList", ["page": 1]),
    ("TestUnion", ["name": "a"]),
    ("TestNotesQuery", ["id": "1"]),
    ("TestRecentNotesPaginationQuery", ["count": 2, "cursor": "c4", "id": "1"]),
    ("TestKeys", ["id": "7", "name": "Rick"]),
    ("TestConditions", ["id": "1", "withOrigin": true, "hideStatus": false]),
    ("TestNodeFields", ["id": "1"]),
    ("TestTwoSpreads", ["id": "1", "again": true]),
    ("TestSearch", ["name": "1"]),
    ("TestSearchOrigins", ["name": "1"]),
    ("TestAddNote", ["characterId": "1", "text": "Appended", "connections": []]),
    ("TestNodeDeferred", ["id": "1"]),
    ("TestStrictQuery", ["id": "1"]),
    ("TestDeleteNote", ["id": "n2"]),
    ("TestNoteAdded", ["characterId": "1", "connections": []]),
]

/// The spec's data: `$BATON_SPEC_DIR`, else the repository's copy, `Tests/Conformance/baton-spec`
/// (this file is `Fuzz/Targets/IngestFuzz.swift`).
let specDirectory: URL = {
    if let path = ProcessInfo.processInfo.environment["BATON_SPEC_DIR"] { return URL(fileURLWithPath: path) }
    return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Tests/Conformance/baton-spec")
}()

func specText(_ path: String) -> String {
    guard let data = try? Data(contentsOf: specDirectory.appendingPathComponent(path)) else {
        fatalError("cannot read \(path) under \(specDirectory.path) (set BATON_SPEC_DIR)")
    }
    return String(decoding: data, as: UTF8.self)
}

let plans: [OperationPlan] = {
    let schema: GraphQLSchema
    do {
        schema = try GraphQLSchema.parse(sdl: specText("tests/schema.graphql"), specText("tests/extensions.graphql"))
    } catch { fatalError("schema: \(error)") }
    let normalization = Normalization(
        schema: schema, cacheKeys: CacheKeyPolicy(keyFields: ["Asset": ["uuid"], "Quote": ["base", "quote"]]))
    return operations.map { operation in
        do {
            return try OperationPlan(
                specText("documents/\(operation.name).graphql"), operationName: operation.name,
                variables: operation.variables, normalization: normalization)
        } catch { fatalError("\(operation.name): \(error)") }
    }
}()

let complete = Ingest(completeness: .complete)
let partial = Ingest(completeness: .partial)

/// Selector + each response of the spec's manifest for the operations above.
func fuzzSeeds() -> [(name: String, bytes: [UInt8])] {
    let manifest: JSONValue
    do { manifest = try JSONValue.parse(specText("manifest.json")) } catch { fatalError("manifest: \(error)") }
    guard case .array(let cases)? = manifest[member: "cases"] else { fatalError("manifest has no cases") }
    var seeds: [(name: String, bytes: [UInt8])] = []
    for entry in cases {
        guard case .string(let name)? = entry[member: "operation"],
            let selector = operations.firstIndex(where: { $0.name == name }),
            case .array(let responses)? = entry[member: "responses"]
        else { continue }
        for case .string(let path) in responses {
            guard let bytes = try? Data(contentsOf: specDirectory.appendingPathComponent(path)) else { continue }
            seeds.append(("\(selector)-\((path as NSString).lastPathComponent)", [UInt8(selector)] + Array(bytes)))
        }
    }
    return seeds
}

func fuzzPrepare() {
    _ = plans.count
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzIngest(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard count > 0 else { return 0 }
    let selector = Int(data[0])
    let response = UnsafeBufferPointer(start: data + 1, count: count - 1)
    guard selector < plans.count else {
        _ = try? JSONValue.parse(response)
        return 0
    }
    let plan = plans[selector]
    let strict: IngestResult?
    do {
        strict = try complete.ingest(response, plan: plan)
    } catch {
        _ = error.description
        strict = nil
    }
    let lenient: IngestResult?
    do {
        lenient = try partial.ingest(response, plan: plan)
    } catch {
        _ = error.description
        lenient = nil
    }
    if let strict {
        guard let lenient else { fatalError("a complete ingest accepted what a partial one refused") }
        guard strict.changes == lenient.changes else {
            fatalError("complete and partial ingests wrote different records")
        }
    }
    return 0
}
