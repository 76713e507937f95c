import Testing
import BatonNormalize
import BatonRecords

/// A built-in scalar or an enum whose JSON contradicts the schema is a `wrongScalar` error at
/// its response path, whether the plan came from the schema at run time or from a template's
/// `FieldTemplate` lines; GraphQL's own latitude (an `ID` integer, a `Float` integer, an enum
/// value the schema does not list) is kept, and custom scalars keep theirs.
@Suite struct IngestScalarTypeTests {
    static let normalization = Normalization(schema: PlanTests.schema)

    static let lists = "mutation { setLists { strings ids counts ratios flags jsons statuses } }"
    static let character = #"{ character(id: "1") { id status favorite } }"#

    func ingest(_ document: String, _ response: String) throws -> IngestResult {
        let plan = try OperationPlan(document, normalization: Self.normalization)
        return try Ingest().ingest(Array(response.utf8), plan: plan)
    }

    /// The `wrongScalar` error `response` ingests to, or nil when it ingests.
    func wrongScalar(_ document: String, _ response: String) throws -> (type: String, found: String, path: String)? {
        do {
            _ = try ingest(document, response)
            return nil
        } catch let error as IngestError {
            guard case .wrongScalar(let type, _, let found) = error.kind else {
                Issue.record("not a wrongScalar: \(error)")
                return nil
            }
            return (type, found, error.pathText)
        }
    }

    static func lists(_ member: String) -> String {
        let members = [
            "strings": #"["a"]"#, "ids": #"["1"]"#, "counts": "[1]", "ratios": "[1.5]", "flags": "[true]",
            "jsons": "[{}]", "statuses": #"["ALIVE"]"#,
        ]
        let (name, value) = member.split(separator: "=", maxSplits: 1).map(String.init).pair
        let body = members.keys.sorted().map { key in #""\#(key)":\#(key == name ? value : members[key]!)"# }
        return #"{"data":{"setLists":{\#(body.joined(separator: ","))}}}"#
    }

    @Test func aStringFieldGivenANumberIsAWrongScalarNamingItsPath() throws {
        let response = #"{"data":{"character":{"id":"1","status":42,"favorite":true}}}"#
        let error = try #require(throws: IngestError.self) { try ingest(Self.character, response) }
        #expect(error.kind == .wrongScalar(type: "String", expected: "a JSON string", found: "42"))
        #expect(error.path == [.key("character"), .key("status")])
        #expect(error.description == "String expects a JSON string, found 42 at character.status")
    }

    @Test func everyBuiltInScalarAndEnumRejectsTheJSONItsTypeRulesOut() throws {
        let rejected: [(member: String, type: String, path: String)] = [
            (#"strings=[7]"#, "String", "setLists.strings.0"),
            (#"ids=[true]"#, "ID", "setLists.ids.0"),
            (#"ids=[1.5]"#, "ID", "setLists.ids.0"),
            (#"counts=["1"]"#, "Int", "setLists.counts.0"),
            (#"counts=[1.5]"#, "Int", "setLists.counts.0"),
            (#"counts=[1,9223372036854775808]"#, "Int", "setLists.counts.1"),
            (#"ratios=["1.5"]"#, "Float", "setLists.ratios.0"),
            (#"flags=[1]"#, "Boolean", "setLists.flags.0"),
            (#"flags=["true"]"#, "Boolean", "setLists.flags.0"),
            (#"statuses=[1]"#, "Status", "setLists.statuses.0"),
            (#"statuses=["ALIVE",{"a":1}]"#, "Status", "setLists.statuses.1"),
            (#"strings="a""#, "String", "setLists.strings"),
            (#"strings=[["a"],[2]]"#, "String", "setLists.strings.1.0"),
        ]
        for (member, type, path) in rejected {
            let found = try wrongScalar(Self.lists, Self.lists(member))
            #expect(found?.type == type, "\(member)")
            #expect(found?.path == path, "\(member)")
        }
        let scalar = try wrongScalar(
            Self.character, #"{"data":{"character":{"id":"1","status":"Alive","favorite":[true]}}}"#)
        #expect(scalar?.path == "character.favorite")
        #expect(scalar?.found == "a list")
        let id = try wrongScalar(
            Self.character, #"{"data":{"character":{"id":false,"status":"Alive","favorite":true}}}"#)
        #expect(id?.type == "ID")
        #expect(id?.path == "character.id")
    }

    @Test func whatGraphQLAllowsIngestsAndAnIntegerIDIsKeptAsItsText() throws {
        let result = try ingest(Self.lists, Self.lists(#"ids=[7,"8"]"#))
        let payload = try #require(result.changes.snapshots.first { $0.key.rawValue.contains("setLists") })
        #expect(payload["ids"] == .list([.string("7"), .string("8")]))
        #expect(try ingest(Self.lists, Self.lists("ratios=[1,2.5]")).hasData)
        #expect(try ingest(Self.lists, Self.lists("counts=[2147483648,-9223372036854775808,null]")).hasData)
        #expect(try ingest(Self.lists, Self.lists(#"statuses=["NOT_IN_THE_SCHEMA"]"#)).hasData)
        #expect(try ingest(Self.lists, Self.lists(#"jsons=[1,"a",[true],{"b":null}]"#)).hasData)
        #expect(try ingest(Self.lists, Self.lists("strings=null")).hasData)
        let character = try ingest(Self.character, #"{"data":{"character":{"id":1,"status":"Alive","favorite":true}}}"#)
        #expect(character.changes["Character:1"]?["id"] == .string("1"))
    }

    @Test func aTemplatesFieldTypesAreCheckedWithoutASchema() throws {
        let template = OperationTemplate(
            .query, name: "T", text: "query T{character{id,status}}", rootTypename: "Query",
            SelectionTemplate(
                "Query",
                [
                    FieldTemplate(
                        "character", type: "Character",
                        SelectionTemplate(
                            "Character",
                            [
                                FieldTemplate("id", type: "ID"),
                                FieldTemplate("status", type: "Status", plainLeaf: true),
                            ]))
                ]))
        let plan = try OperationPlan(template: template)
        #expect(throws: IngestError.self) {
            try Ingest().ingest(Array(#"{"data":{"character":{"id":"1","status":3}}}"#.utf8), plan: plan)
        }
        let result = try Ingest().ingest(Array(#"{"data":{"character":{"id":"1","status":"ALIVE"}}}"#.utf8), plan: plan)
        #expect(result.changes["Character:1"]?["status"] == .string("ALIVE"))
    }
}

extension Array where Element == String {
    fileprivate var pair: (String, String) { (self[0], self[1]) }
}
