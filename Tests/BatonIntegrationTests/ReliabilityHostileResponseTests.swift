import Foundation
import Testing
import BatonNormalize
import BatonRecords
import BatonStore
import BatonTestSupport

/// Malformed and hostile responses in bulk (`Tests/Fixtures/Hostile/responses/`, plus a few
/// too big to check in, built here): each is a typed `IngestError` or well-defined data, and
/// the store a fetch would commit into changes only where the ingest succeeded — exactly
/// the records its change set names.
@Suite struct ReliabilityHostileResponseTests {
    /// What a response must give.
    enum Expect: Equatable, Sendable, CustomStringConvertible {
        case malformedJSON, notAResponse, missingTypename, missingField, wrongType, wrongScalar, badPath, unselectedKey
        case nullInNonNull, undeclaredEnumValue, impossibleTypename, unknownTypename
        /// Ingests; the store then holds what the check says.
        case data

        init(_ kind: IngestError.Kind) {
            switch kind {
            case .malformedJSON: self = .malformedJSON
            case .notAResponse: self = .notAResponse
            case .missingTypename: self = .missingTypename
            case .missingField: self = .missingField
            case .wrongType: self = .wrongType
            case .wrongScalar: self = .wrongScalar
            case .badPath: self = .badPath
            case .unselectedKey: self = .unselectedKey
            case .nullInNonNull: self = .nullInNonNull
            case .undeclaredEnumValue: self = .undeclaredEnumValue
            case .impossibleTypename: self = .impossibleTypename
            case .unknownTypename: self = .unknownTypename
            }
        }

        var description: String {
            switch self {
            case .malformedJSON: "malformedJSON"
            case .notAResponse: "notAResponse"
            case .missingTypename: "missingTypename"
            case .missingField: "missingField"
            case .wrongType: "wrongType"
            case .wrongScalar: "wrongScalar"
            case .badPath: "badPath"
            case .unselectedKey: "unselectedKey"
            case .nullInNonNull: "nullInNonNull"
            case .undeclaredEnumValue: "undeclaredEnumValue"
            case .impossibleTypename: "impossibleTypename"
            case .unknownTypename: "unknownTypename"
            case .data: "data"
            }
        }
    }

    enum Operation: Sendable { case profile, list, union }

    struct Case: Sendable, CustomStringConvertible {
        let name: String
        let operation: Operation
        let expect: Expect
        /// For `.data`: the value the store then holds at `Character:<id>.<field>`.
        var check: (key: RecordKey, field: String, value: Value?)? = nil
        var description: String { name }
    }

    static let schema = try! GraphQLSchema.parse(
        sdl: TestData.text("Conformance/baton-spec/tests/schema.graphql"),
        TestData.text("Conformance/baton-spec/tests/extensions.graphql"))
    static let normalization = Normalization(schema: schema)
    static func plan(_ operation: Operation) -> OperationPlan {
        let (name, variables): (String, [String: JSONValue]) =
            switch operation {
            case .profile: ("TestProfileQuery", ["id": "1"])
            case .list: ("TestList", ["page": 1])
            case .union: ("TestUnion", ["name": "a"])
            }
        return try! OperationPlan(
            TestData.text("Conformance/baton-spec/documents/\(name).graphql"), variables: variables,
            normalization: normalization)
    }
    static let plans: [Operation: OperationPlan] = [.profile: plan(.profile), .list: plan(.list), .union: plan(.union)]

    static let directory = TestData.url("Fixtures/Hostile/responses")

    static let rick: RecordKey = "Character:1"

    /// The checked-in corpus: the file's name (without `.json`) and what it must give.
    /// A leaf's value is opaque to the ingest (as a custom scalar's is): a list or a number
    /// where a String was selected is kept as sent. An error whose path the ingest cannot
    /// place on a field (a string path, an object element, an index out of the list) stays a
    /// response-level error, as the spec's negative-error-index case has it. Nested lists
    /// where a list was selected are kept nested.
    static let corpus: [Case] = [
        Case(name: "p01-empty-body", operation: .profile, expect: .malformedJSON),
        Case(name: "p02-whitespace-only", operation: .profile, expect: .malformedJSON),
        Case(name: "p03-top-level-null", operation: .profile, expect: .notAResponse),
        Case(name: "p04-top-level-array", operation: .profile, expect: .notAResponse),
        Case(name: "p05-top-level-string", operation: .profile, expect: .notAResponse),
        Case(name: "p06-empty-object", operation: .profile, expect: .notAResponse),
        Case(name: "p07-data-is-a-string", operation: .profile, expect: .wrongType),
        Case(name: "p08-data-is-a-list", operation: .profile, expect: .wrongType),
        Case(name: "p09-object-field-is-a-string", operation: .profile, expect: .wrongType),
        Case(name: "p10-object-field-is-a-list", operation: .profile, expect: .wrongType),
        Case(name: "p11-nested-object-is-a-number", operation: .profile, expect: .wrongType),
        Case(name: "p12-scalar-is-an-object", operation: .profile, expect: .wrongScalar),
        Case(name: "p13-scalar-is-a-list", operation: .profile, expect: .wrongScalar),
        Case(
            name: "p14-id-is-a-number", operation: .profile, expect: .data,
            check: (rick, "name", .string("Rick Sanchez"))),
        Case(name: "p15-id-is-a-boolean", operation: .profile, expect: .wrongScalar),
        Case(name: "p16-id-is-null", operation: .profile, expect: .data),
        Case(name: "p17-number-out-of-double-range", operation: .profile, expect: .malformedJSON),
        Case(name: "p18-nan-literal", operation: .profile, expect: .malformedJSON),
        Case(name: "p19-infinity-literal", operation: .profile, expect: .malformedJSON),
        Case(name: "p20-integer-beyond-int64", operation: .profile, expect: .wrongScalar),
        Case(
            name: "p21-duplicate-keys", operation: .profile, expect: .data, check: (rick, "name", .string("Evil Rick"))),
        Case(name: "p22-invalid-utf8-in-a-string", operation: .profile, expect: .malformedJSON),
        Case(name: "p23-overlong-utf8-encoding", operation: .profile, expect: .malformedJSON),
        Case(name: "p24-lone-surrogate-escape", operation: .profile, expect: .malformedJSON),
        Case(name: "p25-raw-control-character", operation: .profile, expect: .malformedJSON),
        Case(name: "p26-trailing-garbage", operation: .profile, expect: .malformedJSON),
        Case(name: "p27-truncated", operation: .profile, expect: .malformedJSON),
        Case(name: "p28-missing-field", operation: .profile, expect: .missingField),
        Case(name: "p29-null-for-non-null-list", operation: .profile, expect: .data, check: (rick, "episode", .null)),
        Case(name: "p30-errors-is-a-string", operation: .profile, expect: .notAResponse),
        Case(name: "p31-errors-entries-are-numbers", operation: .profile, expect: .notAResponse),
        Case(name: "p32-error-without-message", operation: .profile, expect: .notAResponse),
        Case(
            name: "p33-error-path-to-an-unselected-field", operation: .profile, expect: .data,
            check: (rick, "name", .string("Rick Sanchez"))),
        Case(name: "p34-error-path-is-a-string", operation: .profile, expect: .data),
        Case(name: "p35-error-path-index-into-an-object", operation: .profile, expect: .data),
        Case(name: "p36-error-path-with-an-object-element", operation: .profile, expect: .data),
        Case(name: "p37-byte-order-mark", operation: .profile, expect: .malformedJSON),
        Case(name: "p38-nul-byte-after-the-response", operation: .profile, expect: .malformedJSON),
        Case(name: "p39-number-with-leading-zero", operation: .profile, expect: .malformedJSON),
        Case(
            name: "p40-extensions-of-every-kind", operation: .profile, expect: .data,
            check: (rick, "status", .string("Alive"))),
        Case(name: "l01-list-field-is-an-object", operation: .list, expect: .wrongType),
        Case(name: "l02-list-element-is-a-string", operation: .list, expect: .wrongType),
        Case(name: "l03-list-of-lists", operation: .list, expect: .data),
        Case(name: "l04-error-path-negative-index", operation: .list, expect: .data),
        Case(name: "l05-error-path-index-past-the-end", operation: .list, expect: .data),
        Case(name: "u01-missing-typename", operation: .union, expect: .missingTypename),
        Case(name: "u02-typename-is-a-number", operation: .union, expect: .wrongType),
        Case(name: "u03-typename-unknown", operation: .union, expect: .data),
        Case(name: "u04-typename-is-empty", operation: .union, expect: .data),
    ]

    /// The good profile response the generated cases are built around.
    static func profile(
        name: String = "\"Rick Sanchez\"", origin: String = #"{"id":"1","name":"Earth (C-137)"}"#,
        extensions: String? = nil
    ) -> [UInt8] {
        var text = #"{"data":{"character":{"id":"1","name":"#
        text += name + #","origin":"# + origin
        text +=
            #","status":"Alive","image":"rick.png","location":{"id":"20","name":"Earth","dimension":"D"},"gender":"Male","species":"Human","type":"Genius"}}"#
        if let extensions { text += #","extensions":"# + extensions }
        return Array((text + "}").utf8)
    }

    /// Cases too big to check in: the response's bytes and what they must give.
    static let generated: [(Case, @Sendable () -> [UInt8])] = [
        (
            Case(
                name: "a 10 MB string", operation: .profile, expect: .data,
                check: (rick, "name", .string(String(repeating: "R", count: 10 << 20)))),
            { profile(name: "\"" + String(repeating: "R", count: 10 << 20) + "\"") }
        ),
        (
            Case(name: "10,000 nested lists in extensions", operation: .profile, expect: .malformedJSON),
            { profile(extensions: String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)) }
        ),
        (
            Case(
                name: "10,000 nested objects where an object was selected", operation: .profile, expect: .malformedJSON),
            {
                profile(
                    origin: String(repeating: #"{"a":"#, count: 10_000) + "1" + String(repeating: "}", count: 10_000))
            }
        ),
        (
            Case(name: "10,000 nested lists where a scalar was selected", operation: .profile, expect: .malformedJSON),
            { profile(name: String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)) }
        ),
        (
            Case(name: "10,000 unclosed objects", operation: .profile, expect: .malformedJSON),
            { Array((#"{"data":"# + String(repeating: #"{"a":"#, count: 10_000)).utf8) }
        ),
        (
            Case(
                name: "100,000 list elements", operation: .list, expect: .data,
                check: ("Character:99999", "name", .string("N"))),
            {
                let element = { (i: Int) in
                    #"{"id":"\#(i)","name":"N","status":"S","image":"I","species":"H","origin":null}"#
                }
                let elements = (0..<100_000).map(element).joined(separator: ",")
                return Array(#"{"data":{"characters":{"results":[\#(elements)]}}}"#.utf8)
            }
        ),
    ]

    /// The store a fetch commits into: the three operations' good responses already in it.
    @MainActor
    func seededStore() throws -> Store {
        let store = Store(normalization: Self.normalization)
        let seeds: [(Operation, String)] = [
            (.profile, "Conformance/baton-spec/tests/character-origin-null.json"),
            (.list, "Conformance/baton-spec/tests/characters-7-8.json"),
            (.union, "Conformance/baton-spec/tests/union-1.json"),
        ]
        for (operation, path) in seeds {
            let changes = try Ingest(completeness: .partial).ingest(TestData.data(path), plan: Self.plans[operation]!)
                .changes
            _ = store.commit(changes)
        }
        return store
    }

    @MainActor
    static func dump(_ store: Store) -> [RecordKey: RecordSnapshot] {
        Dictionary(uniqueKeysWithValues: store.snapshot().snapshots.map { ($0.key, $0) })
    }

    /// Ingests `bytes` as a fetch would and commits only on success; checks the outcome and
    /// that the store changed exactly where the change set says.
    @MainActor
    func run(_ test: Case, _ bytes: [UInt8], in store: Store) {
        let before = Self.dump(store)
        let outcome: Expect
        var result: IngestResult?
        do {
            result = try Ingest().ingest(bytes, plan: Self.plans[test.operation]!)
            outcome = .data
        } catch {
            outcome = Expect(error.kind)
            _ = error.description
        }
        #expect(outcome == test.expect, "\(test.name): \(outcome), expected \(test.expect)")
        guard let result else {
            #expect(Self.dump(store) == before, "\(test.name): a refused response changed the store")
            return
        }
        _ = store.commit(result.changes)
        let after = Self.dump(store)
        let written = Set(result.changes.snapshots.map(\.key))
        for (key, snapshot) in before where !written.contains(key) {
            #expect(after[key] == snapshot, "\(test.name): \(key) changed without being written")
        }
        for snapshot in result.changes.snapshots {
            for cell in snapshot.cells {
                #expect(
                    after[snapshot.key]?[cell.slot] == cell.value, "\(test.name): \(snapshot.key).\(cell.storageKey)")
            }
        }
        if let check = test.check {
            #expect(store.record(check.key)?[slot: Slot(check.field)] == check.value, "\(test.name)")
        }
    }

    @Test func theCorpusHoldsAtLeastThirtyResponsesAndEveryFileHasACase() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.directory.path)
            .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }
        #expect(files.count >= 30)
        #expect(Set(files) == Set(Self.corpus.map(\.name)))
    }

    @MainActor
    @Test(arguments: corpus)
    func aCheckedInHostileResponseGivesATypedErrorOrWellDefinedData(_ test: Case) throws {
        let bytes = try [UInt8](Data(contentsOf: Self.directory.appendingPathComponent(test.name + ".json")))
        run(test, bytes, in: try seededStore())
    }

    @MainActor
    @Test func aHugeOrDeeplyNestedResponseGivesATypedErrorOrDataWithoutExhaustingTheStack() throws {
        for (test, bytes) in Self.generated {
            run(test, bytes(), in: try seededStore())
        }
    }

    @MainActor
    @Test func everyCaseOneAfterAnotherOnOneStoreLeavesItConsistent() throws {
        let store = try seededStore()
        for test in Self.corpus {
            run(
                test, try [UInt8](Data(contentsOf: Self.directory.appendingPathComponent(test.name + ".json"))),
                in: store)
        }
    }
}
