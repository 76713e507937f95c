import Testing
import BatonNormalize
import BatonRecords
import BatonTestSupport

/// A payload written by hand, ingested with `checksSchema`, is refused at its path for what a
/// server's validation would have ruled out (a null in a non-null position, an undeclared enum
/// value, a `__typename` that cannot stand where it is), while the same payload ingested
/// without the option (a server's response) is accepted as before; a field left out is no
/// error, and a plan without a schema is not checked.
@Suite struct IngestSchemaCheckTests {
    static let normalization = Normalization(schema: PlanTests.schema)

    static let notes = #"{ character(id: "1") { id name episode { id characters { id } } notes { totalCount } } }"#
    static let lists = "mutation { setLists { ids statuses } }"
    static let search =
        #"{ search(name: "R") { __typename ... on Character { id name } ... on Location { id name } } }"#
    static let node = #"{ node(id: "1") { __typename id } }"#

    func ingest(
        _ document: String, _ data: String, checked: Bool = true, normalization: Normalization = Self.normalization
    ) throws -> IngestResult {
        let plan = try OperationPlan(document, normalization: normalization)
        return try Ingest(completeness: .partial, rejectsUnselectedKeys: true, checksSchema: checked).ingest(
            Array(#"{"data":\#(data)}"#.utf8), plan: plan)
    }

    /// The error `data` is refused with when checked, having checked that it ingests unchecked.
    func refusal(_ document: String, _ data: String) throws -> IngestError {
        _ = try ingest(document, data, checked: false)
        return try #require(throws: IngestError.self) { try ingest(document, data) }
    }

    // MARK: Null in a non-null position

    @Test func aNullInANonNullLeafIsRefusedNamingItsTypeAndPath() throws {
        let error = try refusal(Self.notes, #"{"character":{"id":"1","notes":{"totalCount":null}}}"#)
        #expect(error.kind == .nullInNonNull(type: "Int!"))
        #expect(error.path == [.key("character"), .key("notes"), .key("totalCount")])
        #expect(error.description == "expected Int!, found null at character.notes.totalCount")
    }

    @Test func aNullForANonNullListOrItsNonNullElementIsRefused() throws {
        let list = try refusal(Self.lists, #"{"setLists":{"ids":null}}"#)
        #expect(list.kind == .nullInNonNull(type: "[ID!]!"))
        #expect(list.pathText == "setLists.ids")
        let element = try refusal(Self.lists, #"{"setLists":{"ids":["1",null]}}"#)
        #expect(element.description == "expected ID!, found null at setLists.ids.1")
    }

    @Test func aNullDeepInTheObjectsIsRefusedAtItsPathUnderAliases() throws {
        let document = #"{ hero: character(id: "1") { id eps: episode { id characters { id } } } }"#
        let error = try refusal(
            document, #"{"hero":{"id":"1","eps":[{"id":"1","characters":[]},{"id":"2","characters":null}]}}"#)
        #expect(error.kind == .nullInNonNull(type: "[Character]!"))
        #expect(error.path == [.key("hero"), .key("eps"), .index(1), .key("characters")])
    }

    /// An interface's nullable field that its object type makes non-null: the check reads the
    /// object's own type, even when its `__typename` comes after the field.
    @Test func aNullWhereTheObjectsOwnTypeIsNonNullIsRefusedThoughItsTypenameComesLater() throws {
        let schema = try GraphQLSchema.parse(
            sdl: """
                type Query { named: Named }
                interface Named { name: String }
                type Person implements Named { name: String! }
                type Place implements Named { name: String }
                """)
        let normalization = Normalization(schema: schema)
        let document = "{ named { name } }"
        let error = try #require(throws: IngestError.self) {
            try ingest(document, #"{"named":{"name":null,"__typename":"Person"}}"#, normalization: normalization)
        }
        #expect(error.kind == .nullInNonNull(type: "String!"))
        #expect(error.pathText == "named.name")
        let place = try ingest(document, #"{"named":{"name":null,"__typename":"Place"}}"#, normalization: normalization)
        #expect(place.changes.snapshots.contains { $0.key != .root && $0["name"] == .null })
    }

    /// The check runs in the walk over a tree as over bytes: the same payload is refused the
    /// same way from either.
    @Test func aTreeIsRefusedAsItsBytesAre() throws {
        let plan = try OperationPlan(Self.lists, normalization: Self.normalization)
        let data = #"{"setLists":{"ids":["1",null]}}"#
        let fromBytes = try #require(throws: IngestError.self) { try ingest(Self.lists, data) }
        let fromTree = try #require(throws: IngestError.self) {
            try Ingest(completeness: .partial, rejectsUnselectedKeys: true, checksSchema: true).ingest(
                data: JSONValue.parse(Array(data.utf8)), plan: plan)
        }
        #expect(fromTree.kind == fromBytes.kind)
        #expect(fromTree.path == fromBytes.path)
    }

    @Test func aNullInANullableFieldOrAFieldLeftOutIsNoError() throws {
        let result = try ingest(Self.notes, #"{"character":{"id":"1","name":null,"notes":{}}}"#)
        #expect(result.changes["Character:1"]?["name"] == .null)
    }

    /// More selections than the check's table of rules holds at once (it is emptied when
    /// three quarters full): the rules made again after it still refuse what they should, on
    /// the first alias and on the last.
    @Test func aPlanWithMoreSelectionsThanTheRulesTableHoldsIsStillChecked() throws {
        let fields = ["name", "status", "notes { totalCount }"]
        let aliases = (0..<60).map { n in
            #"a\#(n): character(id: "\#(n)") { id \#(fields[n % 3]) \#(n % 2 == 0 ? "name" : "") }"#
        }
        let document = "{ " + aliases.joined(separator: " ") + " }"
        func data(nullAt bad: Int?) -> String {
            let members = (0..<60).map { n -> String in
                let name = n % 2 == 0 ? #","name":"N""# : ""
                let value: String
                switch n % 3 {
                case 0: value = #""name":"N""#
                case 1: value = #""status":"ALIVE""# + name
                default: value = #""notes":{"totalCount":\#(n == bad ? "null" : "1")}"# + name
                }
                return #""a\#(n)":{"id":"\#(n)",\#(value)}"#
            }
            return "{" + members.joined(separator: ",") + "}"
        }
        #expect(try ingest(document, data(nullAt: nil)).changes["Character:58"]?["status"] == .string("ALIVE"))
        for bad in [2, 59] {
            let error = try refusal(document, data(nullAt: bad))
            #expect(error.description == "expected Int!, found null at a\(bad).notes.totalCount")
        }
    }

    // MARK: Enum values

    @Test func anEnumValueTheSchemaDoesNotDeclareIsRefusedNamingTheEnumAndItsValues() throws {
        let error = try refusal(Self.lists, #"{"setLists":{"statuses":["ALIVE","ZOMBIE"]}}"#)
        #expect(
            error.kind
                == .undeclaredEnumValue("ZOMBIE", enum: "Status", values: ["ALIVE", "DEAD", "UNKNOWN"], nearest: nil))
        #expect(error.pathText == "setLists.statuses.1")
        #expect(
            error.description
                == #""ZOMBIE" is not a value of enum Status (ALIVE, DEAD, UNKNOWN) at setLists.statuses.1"#
        )
    }

    @Test func aMistypedEnumValueSuggestsTheNearestDeclaredOne() throws {
        let error = try refusal(Self.lists, #"{"setLists":{"statuses":["ALIEV"]}}"#)
        guard case .undeclaredEnumValue("ALIEV", "Status", _, let nearest) = error.kind else {
            Issue.record("not an undeclared enum value: \(error)")
            return
        }
        #expect(nearest == "ALIVE")
        #expect(error.description.hasSuffix(#"(did you mean "ALIVE"?)"#))
    }

    @Test func anUncheckedIngestKeepsAnUndeclaredEnumValue() throws {
        let result = try ingest(Self.lists, #"{"setLists":{"statuses":["ZOMBIE"]}}"#, checked: false)
        let payload = try #require(result.changes.snapshots.first { $0.key != .mutationRoot })
        #expect(payload["statuses"] == .list([.string("ZOMBIE")]))
    }

    // MARK: __typename

    @Test func aTypenameOfAnotherObjectTypeThanItsPositionIsRefused() throws {
        let error = try refusal(Self.notes, #"{"character":{"__typename":"Location","id":"1"}}"#)
        #expect(error.kind == .impossibleTypename("Location", position: "Character", possible: ["Character"]))
        #expect(
            error.description
                == #""Location" is not a possible type of Character (possible: Character) at character.__typename"#)
    }

    @Test func aTypenameOutsideAUnionsMembersIsRefusedNamingThem() throws {
        let error = try refusal(Self.search, #"{"search":[{"__typename":"Character","id":"1"},{"__typename":"Note"}]}"#)
        #expect(
            error.kind
                == .impossibleTypename(
                    "Note", position: "SearchResult", possible: ["Character", "Episode", "Location"]))
        #expect(error.pathText == "search.1.__typename")
    }

    @Test func aTypenameThatDoesNotImplementTheInterfaceIsRefusedAndOneThatDoesLands() throws {
        let error = try refusal(Self.node, #"{"node":{"__typename":"Quote","id":"1"}}"#)
        guard case .impossibleTypename("Quote", "Node", let possible) = error.kind else {
            Issue.record("not an impossible typename: \(error)")
            return
        }
        #expect(possible.contains("Note") && !possible.contains("Quote"))
        let result = try ingest(Self.node, #"{"node":{"__typename":"Note","id":"1"}}"#)
        #expect(result.changes["Note:1"]?["id"] == .string("1"))
    }

    @Test func anUnknownTypenameIsRefusedWithThePossibleTypesAndTheNearest() throws {
        let data = #"{"search":[{"__typename":"Locaton","id":"3","name":"Earth"}]}"#
        let error = try #require(throws: IngestError.self) { try ingest(Self.search, data) }
        #expect(
            error.kind
                == .unknownTypename("Locaton", possible: ["Character", "Episode", "Location"], nearest: "Location"))
        #expect(
            error.description
                == #""Locaton" is not a type of the schema (possible: Character, Episode, Location) at search.0.__typename (did you mean "Location"?)"#
        )
    }

    // MARK: What the check leaves alone

    @Test func aPayloadThatKeepsTheRulesIngestsToTheSameChangesCheckedOrNot() throws {
        let data = #"""
            {"character":{"id":"1","name":"Rick","episode":[{"id":"1","characters":[{"id":"1"}]}],"notes":{"totalCount":2}}}
            """#
        #expect(try ingest(Self.notes, data).changes == ingest(Self.notes, data, checked: false).changes)
        let search = #"{"search":[{"__typename":"Location","id":"3","name":"Earth"},{"__typename":"Episode"}]}"#
        #expect(try ingest(Self.search, search).changes == ingest(Self.search, search, checked: false).changes)
    }

    @Test func withoutASchemaNothingIsChecked() throws {
        let result = try ingest(
            Self.notes, #"{"character":{"__typename":"Character","id":"1","episode":null}}"#,
            normalization: Normalization())
        #expect(result.changes["Character:1"]?["episode"] == .null)
    }

    @Test func whatThePlansShapeRulesOutIsStillTheIngestsError() throws {
        let shape = try #require(throws: IngestError.self) {
            try ingest(Self.notes, #"{"character":{"id":"1","notes":"none"}}"#)
        }
        #expect(shape.kind == .wrongType(expected: "an object", found: "a string"))
        let malformed = try #require(throws: IngestError.self) {
            try ingest(Self.notes, #"{"character":{"id":"1","name":nul}}"#)
        }
        guard case .malformedJSON = malformed.kind else {
            Issue.record("not malformed JSON: \(malformed)")
            return
        }
    }

    // MARK: The schema kept as text

    /// A normalization without a parsed schema (what the compiler generates) checks against
    /// its payload schema, parsed at the first check and kept; a server's response under it
    /// parses nothing.
    @Test func aPayloadSchemaKeptAsTextChecksAsTheParsedSchemaDoes() throws {
        let text = PayloadSchema(
            sdl: try TestData.text("Conformance/baton-spec/tests/schema.graphql") + "\n"
                + TestData.text("Conformance/baton-spec/tests/extensions.graphql"))
        let kept = Normalization(payloadSchema: text)
        // Without a parsed schema the plan types nothing: the objects name their types.
        let data =
            #"{"character":{"__typename":"Character","id":"1","notes":{"__typename":"NoteConnection","totalCount":null}}}"#
        let error = try #require(throws: IngestError.self) { try ingest(Self.notes, data, normalization: kept) }
        #expect(error.kind == .nullInNonNull(type: "Int!"))
        #expect(error.path == [.key("character"), .key("notes"), .key("totalCount")])
        _ = try ingest(Self.notes, data, checked: false, normalization: kept)
        #expect(try text.schema().type(named: "Character") != nil)
    }

    @Test func aPayloadSchemaThatDoesNotParseRefusesThePayloadAndWritesNothing() throws {
        let broken = Normalization(payloadSchema: PayloadSchema(sdl: "type Query { character: }"))
        let error = try #require(throws: IngestError.self) {
            try ingest(Self.notes, #"{"character":{"__typename":"Character","id":"1"}}"#, normalization: broken)
        }
        guard case .unreadablePayloadSchema = error.kind else {
            Issue.record("refused for \(error) instead")
            return
        }
        #expect(error.description.hasPrefix("the schema payloads are checked against does not parse"))
        // Unchecked (a server's response), the text is never read.
        _ = try ingest(
            Self.notes, #"{"character":{"__typename":"Character","id":"1"}}"#, checked: false, normalization: broken)
    }
}
