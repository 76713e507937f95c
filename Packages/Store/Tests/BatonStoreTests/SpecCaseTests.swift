import Foundation
import Testing
import BatonStore
import BatonTestSupport

/// The spec's cases with one response: committed into an empty store, the store's dump is
/// the case's `records`, roots and all.
@MainActor @Suite struct SpecCaseTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let operation: String
        let document: String
        let variables: JSONValue
        let response: String

        var testDescription: String { name }
    }

    nonisolated static let cases: [Case] = {
        guard let manifest = try? JSONValue.parse(TestData.data("Conformance/baton-spec/manifest.json")),
            case .array(let cases)? = manifest[member: "cases"]
        else { return [] }
        return cases.compactMap { value -> Case? in
            guard case .string(let name)? = value[member: "name"],
                case .string(let operation)? = value[member: "operation"],
                case .string(let document)? = value[member: "document"],
                case .array(let responses)? = value[member: "responses"], responses.count == 1,
                case .string(let response) = responses[0],
                FileManager.default.fileExists(atPath: TestData.url("Conformance/baton-spec/\(response)").path),
                FileManager.default.fileExists(atPath: TestData.url("Conformance/baton-spec/\(name).store.json").path)
            else { return nil }
            return Case(
                name: name, operation: operation, document: document,
                variables: value[member: "variables"] ?? .object([]), response: response)
        }
    }()

    @Test func theManifestHasCasesToRun() {
        #expect(Self.cases.count >= 20)
    }

    /// The plan and ingested changes of a case, under its schema.
    static func ingest(_ spec: Case) throws -> (plan: OperationPlan, changes: ChangeSet, normalization: Normalization) {
        let schemaFile = spec.name.hasPrefix("rickandmorty/") ? "rickandmorty/schema.graphql" : "tests/schema.graphql"
        var sdl = [try TestData.text("Conformance/baton-spec/\(schemaFile)")]
        if schemaFile.hasPrefix("tests/") {
            sdl.append(try TestData.text("Conformance/baton-spec/tests/extensions.graphql"))
        }
        let normalization = Normalization(schema: try GraphQLSchema.parse(sdl: sdl))
        var variables: [String: JSONValue] = [:]
        if case .object(let members) = spec.variables { variables = Dictionary(uniqueKeysWithValues: members) }
        let plan = try OperationPlan(
            TestData.text("Conformance/baton-spec/\(spec.document)"), operationName: spec.operation,
            variables: variables, normalization: normalization)
        let changes = try Ingest(completeness: .partial).ingest(
            TestData.data("Conformance/baton-spec/\(spec.response)"), plan: plan
        ).changes
        return (plan, changes, normalization)
    }

    /// Records what `store` holds that differ from `expected`, one issue per record.
    static func compare(_ store: Store, _ expected: [String: JSONValue]) {
        guard case .object(let ours) = store.snapshot().relayDump else { Issue.record("not an object"); return }
        let mine = Dictionary(uniqueKeysWithValues: ours)
        for key in Set(mine.keys).union(expected.keys).sorted() where mine[key] != expected[key] {
            Issue.record(
                "\(key): \(mine[key]?.jsonText(sortedKeys: true) ?? "absent") != \(expected[key]?.jsonText(sortedKeys: true) ?? "absent")"
            )
        }
    }

    @Test(arguments: cases) func anEmptyStoreHoldsExactlyWhatACommittedResponseWrites(_ spec: Case) throws {
        let (_, changes, normalization) = try Self.ingest(spec)
        let store = Store(normalization: normalization)
        store.commit(changes)
        // The reference: the three roots, then each snapshot merged over what is there.
        var expected: [RecordKey: RecordSnapshot] = [:]
        for kind in [OperationKind.query, .mutation, .subscription] {
            let key = Normalization.rootKey(for: kind)
            expected[key] = RecordSnapshot(
                key: key, values: ["__typename": .string(normalization.rootTypename(for: kind))])
        }
        for key in changes.deletions where !key.isRoot { expected[key] = nil }
        for snapshot in changes.snapshots {
            expected[snapshot.key, default: RecordSnapshot(key: snapshot.key)].merge(snapshot)
        }
        #expect(changes.edits.isEmpty || store.recordCount == expected.count)
        if changes.edits.isEmpty {
            Self.compare(
                store, Dictionary(uniqueKeysWithValues: expected.map { ($0.key.rawValue, $0.value.relayDump) }))
        }
    }

    @Test func theFixtureCommittedDumpsAsItsStoreJSON() throws {
        let store = Store(normalization: StoreFixture.normalization)
        store.commit(StoreFixture.changes)
        let dump = try JSONValue.parse(
            TestData.data("Conformance/baton-spec/rickandmorty/characters-page-1.store.json"))
        guard case .object(let members) = dump else { Issue.record("not an object"); return }
        #expect(members.count == 901)
        Self.compare(store, Dictionary(uniqueKeysWithValues: members))
    }
}
