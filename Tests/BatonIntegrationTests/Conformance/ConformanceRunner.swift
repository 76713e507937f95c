import Foundation
import BatonNormalize
import BatonRecords
import BatonTestSupport

/// Runs conformance cases against the Normalize layer: plans the case's document under its
/// schema and identity, ingests its responses in order, compares the records with the
/// case's dump exactly and reads every `reads` row from the materialized operation.
///
/// The spec's documents are compiler output with the client directives stripped; the
/// runner puts back the `@connection` the dumps of the connection cases were made with.
struct ConformanceRunner: Sendable {
    /// The suite's directory: `Tests/Conformance/baton-spec` in the repository.
    let spec: URL

    static let testsSchema: GraphQLSchema = {
        try! GraphQLSchema.parse(
            sdl: TestData.text("Conformance/baton-spec/tests/schema.graphql"),
            TestData.text("Conformance/baton-spec/tests/extensions.graphql"))
    }()

    static let rickAndMortySchema: GraphQLSchema = {
        try! GraphQLSchema.parse(sdl: TestData.text("Conformance/baton-spec/rickandmorty/schema.graphql"))
    }()

    /// The identity of `tests/baton.json`: Asset by uuid, Quote by base and quote, the rest by id.
    static let cacheKeys = CacheKeyPolicy(keyFields: ["Asset": ["uuid"], "Quote": ["base", "quote"]])

    /// The `@connection` keys the connection cases' dumps were written with, by document.
    static let connectionKeys: [String: String] = [
        "documents/TestNotesQuery.graphql": "TestNotes_notes",
        "documents/TestNotesPaginationQuery.graphql": "TestNotes_notes",
        "documents/TestRecentNotesQuery.graphql": "TestRecentNotes_notes",
        "documents/TestRecentNotesPaginationQuery.graphql": "TestRecentNotes_notes",
    ]

    init(spec: URL = TestData.suite) {
        self.spec = spec
    }

    /// The cases of the manifest, in its order.
    func cases() throws -> [ConformanceCase] {
        let manifest = try JSONValue.parse(Data(contentsOf: spec.appendingPathComponent("manifest.json")))
        guard case .array(let cases)? = manifest[member: "cases"] else { return [] }
        return try cases.map { json throws in try ConformanceCase(json) }
    }

    /// Runs `testCase`; a case whose only missing file is its dump has its reads checked alone.
    func run(_ testCase: ConformanceCase) -> ConformanceOutcome {
        let missing = testCase.files.filter { !FileManager.default.fileExists(atPath: url($0).path) }
        let readsOnly = missing == [testCase.records]
        guard missing.isEmpty || readsOnly else { return .notRunnable("missing " + missing.joined(separator: ", ")) }
        do {
            let outcome = try compare(testCase, checkingRecords: !readsOnly)
            if readsOnly, case .agrees(let lensRows) = outcome { return .readsAgreeWithoutDump(lensRows: lensRows) }
            return outcome
        } catch {
            return .diverges(["\(error)"])
        }
    }

    private func url(_ path: String) -> URL { spec.appendingPathComponent(path) }

    private func compare(_ testCase: ConformanceCase, checkingRecords: Bool) throws -> ConformanceOutcome {
        let schema = testCase.usesRickAndMortySchema ? Self.rickAndMortySchema : Self.testsSchema
        let normalization = Normalization(schema: schema, cacheKeys: Self.cacheKeys)
        var text = try String(contentsOf: url(testCase.document), encoding: .utf8)
        if let key = Self.connectionKeys[testCase.document] {
            text = Self.addingConnection(key: key, to: text)
        }
        let plan = try OperationPlan(
            text, operationName: testCase.operation, variables: testCase.variables, normalization: normalization)

        let ingest = Ingest(completeness: testCase.complete ? .complete : .partial)
        var changes = ChangeSet()
        var targets: [DeferredTarget] = []
        for response in testCase.responses {
            let result = try ingest.ingest(Data(contentsOf: url(response)), plan: plan, after: targets)
            targets += result.deferredTargets
            changes.append(result.changes)
        }
        changes = Self.applyingEdits(changes)

        var differences =
            checkingRecords
            ? try recordDifferences(changes, normalization: normalization, dump: testCase.records) : []
        var lensRows: [String] = []
        let data = try Materializer(missing: .omit).data(of: plan, from: changes)
        for row in testCase.reads {
            let read = Self.value(at: row.path, in: data)
            guard read != row.value else { continue }
            if let note = row.note {
                lensRows.append("\(row.path): \(note)")
            } else {
                differences.append("read \(row.path): \(read.jsonText()) != \(row.value.jsonText())")
            }
        }
        return differences.isEmpty ? .agrees(lensRows: lensRows) : .diverges(differences)
    }

    /// The differences between `changes` and the dump at `path`, one line each. The three
    /// roots are in every dump; a root the changes do not write is compared as its type alone.
    private func recordDifferences(
        _ changes: ChangeSet, normalization: Normalization, dump path: String
    ) throws -> [String] {
        guard case .object(let written) = changes.relayDump,
            case .object(let dumped) = try JSONValue.parse(Data(contentsOf: url(path)))
        else { return ["the dump is not an object"] }
        var ours = Dictionary(written, uniquingKeysWith: { $1 })
        let roots: [(RecordKey, OperationKind)] = [
            (.root, .query), (.mutationRoot, .mutation), (.subscriptionRoot, .subscription),
        ]
        for (key, kind) in roots where ours[key.rawValue] == nil {
            ours[key.rawValue] = ["__typename": .string(normalization.rootTypename(for: kind))]
        }
        let expected = Dictionary(dumped, uniquingKeysWith: { $1 })
        var differences: [String] = []
        for key in Set(ours.keys).union(expected.keys).sorted() {
            switch (ours[key], expected[key]) {
            case (let mine?, nil): differences.append("extra record \(key): \(mine.jsonText(sortedKeys: true))")
            case (nil, let theirs?): differences.append("missing record \(key): \(theirs.jsonText(sortedKeys: true))")
            case (let mine?, let theirs?) where mine != theirs:
                differences.append("\(key): \(mine.jsonText(sortedKeys: true)) != \(theirs.jsonText(sortedKeys: true))")
            default: break
            }
        }
        return differences
    }

    /// The value at `path` (response keys and list indices joined by dots) of `data`; null
    /// for a member that is absent.
    static func value(at path: String, in data: JSONValue) -> JSONValue {
        var current = data
        for step in path.split(separator: ".") {
            switch current {
            case .array(let elements):
                guard let index = Int(step), elements.indices.contains(index) else { return .null }
                current = elements[index]
            case .object:
                guard let member = current[member: String(step)] else { return .null }
                current = member
            default:
                return .null
            }
        }
        return current
    }

    /// `changes` with its list edits applied to what it writes itself: the records a single
    /// commit into an empty store leaves.
    static func applyingEdits(_ changes: ChangeSet) -> ChangeSet {
        var result = ChangeSet(snapshots: changes.snapshots, deletions: changes.deletions)
        for edit in changes.edits {
            var elements: [Value] = []
            if case .list(let current)? = result[edit.key]?[edit.slot] { elements = current }
            switch edit.operation {
            case .insert(let links, let atEnd, let uniqueBy):
                var held = Set<Value>()
                if let uniqueBy {
                    for element in elements {
                        if let link = element.link, let target = result[link]?[uniqueBy] { held.insert(target) }
                    }
                }
                var added: [Value] = []
                for link in links {
                    if let uniqueBy, let target = result[link]?[uniqueBy] {
                        guard held.insert(target).inserted else { continue }
                    }
                    added.append(.link(link))
                }
                elements = atEnd ? elements + added : added + elements
            case .remove(let target, let field):
                elements.removeAll { element in
                    guard let link = element.link else { return false }
                    if let field { return result[link]?[field]?.link == target }
                    return link == target
                }
            case .replaceHead:
                // A change set alone holds no later pages: its first page's snapshot is the connection.
                continue
            }
            result.write(.list(elements), to: edit.slot, of: edit.key)
        }
        return result
    }

    /// `text` with `@connection(key: key)` on its `notes(...)` field.
    static func addingConnection(key: String, to text: String) -> String {
        guard let start = text.range(of: "notes("), let close = text[start.upperBound...].firstIndex(of: ")") else {
            return text
        }
        var result = text
        result.insert(contentsOf: " @connection(key: \"\(key)\")", at: result.index(after: close))
        return result
    }
}
