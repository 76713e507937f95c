import Testing
import BatonNormalize
import BatonRecords
import BatonTestSupport

/// One JSON object written into a record the caller names, through a fragment's selection
/// planned alone: the walk a response goes through, so nested objects land in their own
/// records, lists link them, and a member the fragment does not select is refused.
@Suite struct IngestRecordTests {
    static let normalization = Normalization(
        schema: try! GraphQLSchema.parse(
            sdl: TestData.text("Conformance/baton-spec/tests/schema.graphql"),
            TestData.text("Conformance/baton-spec/tests/extensions.graphql")))

    static let document = try! Document.parse(
        """
        fragment Row on Character {
          id name
          origin { id name }
          episode { id name }
          ...Status
        }
        fragment Status on Character { status }
        fragment Found on SearchResult {
          ... on Character { id name }
          ... on Location { id dimension }
        }
        fragment Paged on Character { notes(first: $count) { edges { cursor } } }
        """)

    func ingest(_ text: String, into key: RecordKey = "Character:1", fragment: String = "Row") throws -> IngestResult {
        let plan = try FragmentPlan(fragment, in: Self.document, normalization: Self.normalization)
        return try Ingest(completeness: .partial, rejectsUnselectedKeys: true).ingest(
            Array(text.utf8), into: key, plan: plan)
    }

    @Test func aNestedObjectLandsInItsOwnRecordLinkedFromTheOneNamed() throws {
        let result = try ingest(#"{"__typename":"Character","name":"Rick","origin":{"id":"9","name":"Earth"}}"#)
        #expect(result.changes.snapshots.map(\.key) == ["Location:9", "Character:1"])
        #expect(result.changes["Character:1"]?["origin"] == .link("Location:9"))
        #expect(result.changes["Character:1"]?["__typename"] == .string("Character"))
        #expect(result.changes["Location:9"]?["name"] == .string("Earth"))
        #expect(result.hasData && result.errors.isEmpty)
    }

    @Test func aListOfObjectsIsAListOfLinksToTheirRecords() throws {
        let result = try ingest(
            #"{"episode":[{"id":"28","name":"Pilot"},null,{"id":"29","name":"Lawnmower Dog"}]}"#)
        #expect(result.changes["Character:1"]?["episode"] == .list([.link("Episode:28"), .null, .link("Episode:29")]))
        #expect(result.changes["Episode:29"]?["name"] == .string("Lawnmower Dog"))
    }

    @Test func aPartialObjectWritesOnlyTheFieldsItHolds() throws {
        let result = try ingest(#"{"status":"Alive"}"#)
        let record = try #require(result.changes["Character:1"])
        #expect(record["status"] == .string("Alive"))
        #expect(record["name"] == nil)
        #expect(record["origin"] == nil)
        #expect(record.cells.map(\.storageKey).sorted() == ["__typename", "status"])
    }

    @Test func aMemberTheFragmentDoesNotSelectIsRefusedAtItsPath() throws {
        #expect(throws: IngestError(.unselectedKey("dimension", nearest: nil), path: [.key("origin")])) {
            try ingest(#"{"origin":{"id":"9","dimension":"C-137"}}"#)
        }
        #expect(throws: IngestError(.unselectedKey("nmae", nearest: "name"))) {
            try ingest(#"{"nmae":"Rick"}"#)
        }
    }

    @Test func anObjectWithoutIdentityIsEmbeddedUnderTheRecordNamed() throws {
        let result = try ingest(#"{"origin":{"name":"Nowhere"}}"#)
        let origin = try #require(result.changes["Character:1"]?["origin"])
        guard case .link(let key) = origin else {
            Issue.record("origin is \(origin)")
            return
        }
        #expect(key.rawValue.hasPrefix("Character:1"))
        #expect(result.changes[key]?["name"] == .string("Nowhere"))
    }

    @Test func onAnAbstractTypeTheObjectsTypenameChoosesItsFields() throws {
        let result = try ingest(
            #"{"__typename":"Location","id":"9","dimension":"C-137"}"#, into: "Location:9", fragment: "Found")
        #expect(result.changes["Location:9"]?["dimension"] == .string("C-137"))
        #expect(result.changes["Location:9"]?["__typename"] == .string("Location"))
        #expect(throws: IngestError(.missingTypename)) {
            try ingest("{}", into: "Location:9", fragment: "Found")
        }
    }

    @Test func notAnObjectIsRefused() throws {
        #expect(throws: IngestError(.wrongType(expected: "an object", found: "a list"))) { try ingest("[]") }
        #expect(throws: IngestError.self) { try ingest(#"{"name":"Rick"} {}"#) }
    }

    @Test func checkedAgainstTheSchemaANullInANonNullFieldIsRefusedInEitherForm() throws {
        let plan = try FragmentPlan("Row", in: Self.document, normalization: Self.normalization)
        let checked = Ingest(completeness: .partial, rejectsUnselectedKeys: true, checksSchema: true)
        let unchecked = try ingest(#"{"episode":null}"#)
        #expect(unchecked.changes["Character:1"]?["episode"] == .null, "unchecked, the null lands")
        #expect(throws: IngestError(.nullInNonNull(type: "[Episode]!"), path: [.key("episode")])) {
            try checked.ingest(Array(#"{"episode":null}"#.utf8), into: "Character:1", plan: plan)
        }
        #expect(throws: IngestError(.nullInNonNull(type: "[Episode]!"), path: [.key("episode")])) {
            try checked.ingest(object: ["episode": .null], into: "Character:1", plan: plan)
        }
        let tree = try checked.ingest(object: ["name": "Rick"], into: "Character:1", plan: plan)
        #expect(tree.changes["Character:1"]?["name"] == .string("Rick"))
    }

    @Test func aFragmentPassingAVariableToAFieldCannotBePlannedAlone() {
        #expect(throws: PlanError.variableInFragment("count", field: "notes", fragment: "Paged")) {
            try FragmentPlan("Paged", in: Self.document, normalization: Self.normalization)
        }
    }
}
