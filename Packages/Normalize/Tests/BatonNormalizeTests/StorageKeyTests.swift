import Testing
import BatonNormalize
import BatonRecords
import BatonTestSupport

/// Storage keys as Relay spells them: arguments sorted, objects sorted inside, aliases never
/// part of them, literal null left out and a variable's null kept.
@Suite struct StorageKeyTests {
    static let normalization = Normalization(
        schema: try! GraphQLSchema.parse(
            sdl: TestData.text("Conformance/baton-spec/tests/schema.graphql"),
            TestData.text("Conformance/baton-spec/tests/extensions.graphql")))

    func storageKeys(_ text: String, _ variables: [String: JSONValue] = [:]) throws -> [String: String] {
        let plan = try OperationPlan(text, variables: variables, normalization: Self.normalization)
        return Dictionary(plan.root.common.fields.map { ($0.responseKey, $0.storageKey) }, uniquingKeysWith: { $1 })
    }

    @Test func argumentsAreSortedByName() {
        #expect(StorageKey.make(name: "f", arguments: [("b", .int(1)), ("a", .string("x"))]) == #"f(a:"x",b:1)"#)
    }

    @Test func objectMembersAreSortedInside() {
        let filter: JSONValue = .object([("status", "Alive"), ("name", "Rick")])
        #expect(
            StorageKey.make(name: "characters", arguments: [("filter", filter)])
                == #"characters(filter:{"name":"Rick","status":"Alive"})"#)
    }

    @Test func anArgumentWithoutAValueIsLeftOutAndNullIsKept() {
        #expect(StorageKey.make(name: "notes", arguments: [("first", .int(2)), ("after", nil)]) == "notes(first:2)")
        #expect(
            StorageKey.make(name: "notes", arguments: [("first", .int(2)), ("after", .null)])
                == "notes(after:null,first:2)")
        #expect(StorageKey.make(name: "notes", arguments: []) == "notes")
    }

    @Test func aliasesNeverChangeTheStorageKey() throws {
        let keys = try storageKeys(
            #"{ a: character(id: "1") { id } b: character(id: "1") { id } character(id: "1") { id } }"#)
        #expect(Set(keys.values) == [#"character(id:"1")"#])
    }

    @Test func variablesAreResolvedAndDefaultsApplied() throws {
        let text =
            #"query Q($id: ID!, $page: Int = 3) { character(id: $id) { id } characters(page: $page) { info { count } } }"#
        let keys = try storageKeys(text, ["id": "7"])
        #expect(keys["character"] == #"character(id:"7")"#)
        #expect(keys["characters"] == "characters(page:3)")
        #expect(try storageKeys(text, ["id": "7", "page": 5])["characters"] == "characters(page:5)")
    }

    @Test func aLiteralNullIsLeftOutButAVariablesNullIsKept() throws {
        let literal = try storageKeys(#"{ characters(page: null) { info { count } } }"#)
        #expect(literal["characters"] == "characters")
        let variable = try storageKeys(#"query Q($page: Int) { characters(page: $page) { info { count } } }"#)
        #expect(variable["characters"] == "characters(page:null)")
    }

    @Test func listAndNestedObjectArgumentsAreJSON() throws {
        let keys = try storageKeys(
            #"query Q($id: ID!) { charactersByIds(ids: [$id, "2"]) { id } "#
                + #"characters(filter: {status: "Alive", name: "Rick"}) { info { count } } }"#, ["id": "7"])
        #expect(keys["charactersByIds"] == #"charactersByIds(ids:["7","2"])"#)
        #expect(keys["characters"] == #"characters(filter:{"name":"Rick","status":"Alive"})"#)
    }
}
