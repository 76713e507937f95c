import Foundation
import Testing
import BatonImage
import BatonNormalize
import BatonRecords
import BatonStore
import BatonTestSupport

/// Malformed and hostile responses in bulk: the checked-in corpus
/// (`Tests/Fixtures/Hostile/responses/`) and a table built here (too big to check in, or
/// byte-exact: nesting at and past the reader's `maxDepth`, huge strings, broken UTF-8 and
/// surrogate escapes, duplicate keys, numbers past `Int64` and `Double`, ids of every JSON type,
/// `__typename`s that contradict their position, error paths pointing anywhere, the good
/// response cut at every structural boundary, BOMs, trailing bytes, NULs).
///
/// Each gives exactly the `IngestError` kind it names (and, for malformed JSON, the
/// `JSONReadError` kind), and then the store a fetch commits into, every operation's fetch time
/// and the image file under the store are byte for byte as before; or it ingests, the fetch
/// commits it, and the store and the image hold precisely what the case says lands, nothing
/// else having changed.
///
/// A selected key sent twice in one object (and `data` or `errors` twice) is refused as
/// `duplicateField`: keeping either value could give a record whose key disagrees with its `id`.
@Suite struct ReliabilityHostileResponseTests {
    /// What a response must give.
    enum Expect: Hashable, Sendable, CustomStringConvertible {
        /// Malformed JSON, for the reason the JSON reader names.
        case json(JSONReadError.Kind)
        case notAResponse, missingTypename, missingField, wrongType, wrongScalar, badPath, unselectedKey
        case nullInNonNull, undeclaredEnumValue, impossibleTypename, unknownTypename, unreadablePayloadSchema
        /// A selected member (or `data`, `errors`) twice in one object.
        case duplicateField(String)
        /// Ingests; the store then holds what the check says.
        case data

        init(_ kind: IngestError.Kind) {
            switch kind {
            case .malformedJSON(let error): self = .json(error.kind)
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
            case .duplicateField(let name): self = .duplicateField(name)
            case .unreadablePayloadSchema: self = .unreadablePayloadSchema
            }
        }

        var description: String {
            switch self {
            case .json(let kind): "json(\(kind))"
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
            case .unreadablePayloadSchema: "unreadablePayloadSchema"
            case .duplicateField(let name): "duplicateField(\(name))"
            case .data: "data"
            }
        }
    }

    enum Operation: Sendable, CaseIterable { case profile, list, union, tokenizer }

    /// A value that must land: the store's record `key` (and the image's row of it) holds
    /// `value` at the storage key `field` (nil: no such cell, or no such record).
    struct Lands: Sendable {
        let key: RecordKey
        let field: String
        let value: Value?
        init(_ key: RecordKey, _ field: String, _ value: Value?) {
            self.key = key
            self.field = field
            self.value = value
        }
    }

    struct Case: Sendable, CustomStringConvertible {
        let name: String
        let operation: Operation
        let expect: Expect
        /// For `.data`: what the store and the image then hold.
        var check: [Lands] = []
        /// For `.data`: how many of the response's errors the ingest could not place on a
        /// field (and reports as the response's), when the case says.
        var unplaced: Int? = nil
        /// Records the store holds whose image row reads as a miss (nested past the row
        /// decoder's depth, 128: `RowFormat.maxDepth` in BatonImage).
        var missesInImage: Set<RecordKey> = []
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
            case .tokenizer: ("TestTokenizerQuery", [:])
            }
        return try! OperationPlan(
            TestData.text("Conformance/baton-spec/documents/\(name).graphql"), variables: variables,
            normalization: normalization)
    }
    static let plans: [Operation: OperationPlan] = Dictionary(
        uniqueKeysWithValues: Operation.allCases.map { ($0, plan($0)) })

    static let directory = TestData.url("Fixtures/Hostile/responses")

    static let rick: RecordKey = "Character:1"

    /// The checked-in corpus: the file's name (without `.json`) and what it must give.
    /// A leaf's value is opaque to the ingest (as a custom scalar's is): a list or a number
    /// where a String was selected is kept as sent. An error whose path the ingest cannot
    /// place on a field (a string path, an object element, an index out of the list) stays a
    /// response-level error, as the spec's negative-error-index case has it. Nested lists
    /// where a list was selected are kept nested.
    static let corpus: [Case] = [
        Case(name: "p01-empty-body", operation: .profile, expect: .json(.unexpectedEnd)),
        Case(name: "p02-whitespace-only", operation: .profile, expect: .json(.unexpectedEnd)),
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
            check: [Lands(rick, "name", .string("Rick Sanchez"))]),
        Case(name: "p15-id-is-a-boolean", operation: .profile, expect: .wrongScalar),
        Case(name: "p16-id-is-null", operation: .profile, expect: .data),
        Case(name: "p17-number-out-of-double-range", operation: .profile, expect: .json(.numberOutOfRange)),
        Case(name: "p18-nan-literal", operation: .profile, expect: .json(.nonFiniteNumber)),
        Case(name: "p19-infinity-literal", operation: .profile, expect: .json(.nonFiniteNumber)),
        Case(name: "p20-integer-beyond-int64", operation: .profile, expect: .wrongScalar),
        Case(
            name: "p21-duplicate-keys", operation: .profile, expect: .duplicateField("name")),
        Case(name: "p22-invalid-utf8-in-a-string", operation: .profile, expect: .json(.invalidUTF8)),
        Case(name: "p23-overlong-utf8-encoding", operation: .profile, expect: .json(.invalidUTF8)),
        Case(name: "p24-lone-surrogate-escape", operation: .profile, expect: .json(.loneSurrogate)),
        Case(name: "p25-raw-control-character", operation: .profile, expect: .json(.controlCharacterInString)),
        Case(name: "p26-trailing-garbage", operation: .profile, expect: .json(.trailingData)),
        Case(name: "p27-truncated", operation: .profile, expect: .json(.unexpectedEnd)),
        Case(name: "p28-missing-field", operation: .profile, expect: .missingField),
        Case(
            name: "p29-null-for-non-null-list", operation: .profile, expect: .data,
            check: [Lands(rick, "episode", .null)]),
        Case(name: "p30-errors-is-a-string", operation: .profile, expect: .notAResponse),
        Case(name: "p31-errors-entries-are-numbers", operation: .profile, expect: .notAResponse),
        Case(name: "p32-error-without-message", operation: .profile, expect: .notAResponse),
        Case(
            name: "p33-error-path-to-an-unselected-field", operation: .profile, expect: .data,
            check: [Lands(rick, "name", .string("Rick Sanchez"))]),
        Case(name: "p34-error-path-is-a-string", operation: .profile, expect: .data),
        Case(name: "p35-error-path-index-into-an-object", operation: .profile, expect: .data),
        Case(name: "p36-error-path-with-an-object-element", operation: .profile, expect: .data),
        Case(name: "p37-byte-order-mark", operation: .profile, expect: .json(.unexpectedByte)),
        Case(name: "p38-nul-byte-after-the-response", operation: .profile, expect: .json(.trailingData)),
        Case(name: "p39-number-with-leading-zero", operation: .profile, expect: .json(.invalidNumber)),
        Case(
            name: "p40-extensions-of-every-kind", operation: .profile, expect: .data,
            check: [Lands(rick, "status", .string("Alive"))]),
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

    /// A hostile response of the table: its case and its bytes (read or built when asked).
    struct Hostile: Sendable, CustomStringConvertible {
        let test: Case
        let bytes: @Sendable () throws -> [UInt8]
        var description: String { test.name }

        /// This response, the image's rows of `keys` reading as misses.
        func missingInImage(_ keys: Set<RecordKey>) -> Hostile {
            var test = test
            test.missesInImage = keys
            return Hostile(test: test, bytes: bytes)
        }

        /// This response, its ingest reporting `count` errors it could not place.
        func unplaced(_ count: Int) -> Hostile {
            var test = test
            test.unplaced = count
            return Hostile(test: test, bytes: bytes)
        }
    }

    /// Every hostile response: the corpus, the generated ones and the byte-exact ones.
    static let table: [Hostile] =
        corpus.map { test in
            Hostile(test: test) {
                try [UInt8](Data(contentsOf: directory.appendingPathComponent(test.name + ".json")))
            }
        } + generated.map { Hostile(test: $0.0, bytes: $0.1) } + built

    /// When each operation was fetched before the hostile response came, and when it came.
    static let seeded = Date(timeIntervalSince1970: 1_700_000_000)
    static let refetched = Date(timeIntervalSince1970: 1_700_000_600)

    /// A launch over an image: the store a fetch commits into, holding the four operations'
    /// good responses (each fetched at ``seeded``), written through to the image.
    @MainActor
    final class Launch {
        let scratch = IntegrationScratch()
        let image: StoreImage
        let store: Store

        init() throws {
            image = scratch.openImage()
            try image.waitUntilOpen()
            store = Store(normalization: ReliabilityHostileResponseTests.normalization, persistence: image)
            let seeds: [(Operation, [UInt8])] = [
                (.profile, try Array(TestData.data("Conformance/baton-spec/tests/character-origin-null.json"))),
                (.list, try Array(TestData.data("Conformance/baton-spec/tests/characters-7-8.json"))),
                (.union, try Array(TestData.data("Conformance/baton-spec/tests/union-1.json"))),
                (.tokenizer, ReliabilityHostileResponseTests.tokenizer()),
            ]
            for (operation, bytes) in seeds {
                let plan = ReliabilityHostileResponseTests.plans[operation]!
                let changes = try Ingest(completeness: .partial).ingest(bytes, plan: plan).changes
                _ = store.commit(changes, fetched: plan.identity, at: ReliabilityHostileResponseTests.seeded)
            }
        }

        deinit { image.close() }

        /// Each operation's fetch time as the check reports it.
        var fetchTimes: [Operation: Date?] {
            Dictionary(
                uniqueKeysWithValues: Operation.allCases.map {
                    ($0, store.check(ReliabilityHostileResponseTests.plans[$0]!).fetchedAt)
                })
        }

        /// The image file's bytes and its WAL's, once every write has landed.
        var imageBytes: [Data?] {
            image.waitForPendingWrites()
            return [scratch.imageFile.path, scratch.imageFile.path + "-wal"].map {
                FileManager.default.contents(atPath: $0)
            }
        }
    }

    @MainActor
    static func dump(_ store: Store) -> [RecordKey: RecordSnapshot] {
        Dictionary(uniqueKeysWithValues: store.snapshot().snapshots.map { ($0.key, $0) })
    }

    /// Ingests `bytes` as a fetch would and commits only on success; checks the outcome, that a
    /// refusal changed neither the store, nor a fetch time, nor the image, and that an accepted
    /// response changed the store exactly where its change set says, its operation's fetch time
    /// alone, and landed in the image.
    @MainActor
    func run(_ test: Case, _ bytes: [UInt8], in launch: Launch, image: Bool = true) throws {
        let store = launch.store
        let plan = Self.plans[test.operation]!
        let before = Self.dump(store)
        let timesBefore = launch.fetchTimes
        let imageBefore = image ? launch.imageBytes : []
        let outcome: Expect
        var result: IngestResult?
        do {
            result = try Ingest().ingest(bytes, plan: plan)
            outcome = .data
        } catch {
            outcome = Expect(error.kind)
            #expect(!error.description.isEmpty)
        }
        #expect(outcome == test.expect, "\(test.name): \(outcome), expected \(test.expect)")
        guard let result else {
            #expect(Self.dump(store) == before, "\(test.name): a refused response changed the store")
            #expect(launch.fetchTimes == timesBefore, "\(test.name): a refused response changed a fetch time")
            if image {
                #expect(launch.imageBytes == imageBefore, "\(test.name): a refused response changed the image")
            }
            return
        }
        if let unplaced = test.unplaced {
            #expect(result.errors.count == unplaced, "\(test.name): \(result.errors.count) errors unplaced")
        }
        _ = store.commit(result.changes, fetched: plan.identity, at: Self.refetched)
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
        var times = timesBefore
        times[test.operation] = Self.refetched
        #expect(launch.fetchTimes == times, "\(test.name): only its operation's fetch time moves")
        guard image else { return }
        launch.image.waitForPendingWrites()
        for (operation, time) in times {
            let stored = try launch.image.withReadTransaction { try $0.fetchTime(of: Self.plans[operation]!.identity) }
            #expect(stored == time, "\(test.name): the image's fetch time of \(operation)")
        }
        let inspector = try ImageInspector(path: launch.scratch.imageFile.path)
        for check in test.check {
            #expect(store.record(check.key)?[slot: Slot(check.field)] == check.value, "\(test.name): \(check.key)")
            #expect(
                try inspector.record(check.key)?[check.field] == check.value,
                "\(test.name): the image's \(check.key).\(check.field)")
        }
        for key in written where after[key] != nil {
            let expected = test.missesInImage.contains(key) ? nil : after[key]
            #expect(try inspector.record(key) == expected, "\(test.name): the image's row of \(key)")
        }
    }

    @Test func theTableHoldsAtLeastAHundredHostileResponsesEachNamedOnce() {
        #expect(Self.table.count >= 100)
        #expect(Set(Self.table.map(\.test.name)).count == Self.table.count)
    }

    @Test func theCorpusHoldsAtLeastThirtyResponsesAndEveryFileHasACase() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.directory.path)
            .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }
        #expect(files.count >= 30)
        #expect(Set(files) == Set(Self.corpus.map(\.name)))
    }

    @MainActor
    @Test(arguments: table)
    func aHostileResponseGivesItsTypedErrorAndChangesNothingOrLandsExactly(_ hostile: Hostile) throws {
        try run(hostile.test, try hostile.bytes(), in: try Launch())
    }

    @MainActor
    @Test func everyCaseOneAfterAnotherOnOneStoreLeavesItConsistent() throws {
        let launch = try Launch()
        for hostile in Self.table where hostile.test.expect != .data || hostile.test.check.isEmpty {
            try run(hostile.test, try hostile.bytes(), in: launch, image: false)
        }
    }
}
