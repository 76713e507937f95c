import Testing
import BatonNormalize
import BatonRecords
import BatonTestSupport

/// Plans: conditions under variables, with and without a schema, abstract conditions through
/// the possible-types map, and the identity policies objects are keyed by.
@Suite struct PlanTests {
    static let schema = try! GraphQLSchema.parse(
        sdl: TestData.text("Conformance/baton-spec/tests/schema.graphql"),
        TestData.text("Conformance/baton-spec/tests/extensions.graphql"))

    func ingest(
        _ text: String, _ response: String, variables: [String: JSONValue] = [:],
        _ normalization: Normalization
    ) throws -> ChangeSet {
        let plan = try OperationPlan(text, variables: variables, normalization: normalization)
        return try Ingest().ingest(Array(response.utf8), plan: plan).changes
    }

    @Test func includeAndSkipFollowTheirVariables() throws {
        let text =
            #"query Q($with: Boolean!, $hide: Boolean!) { character(id: "1") { id name @include(if: $with) status @skip(if: $hide) } }"#
        func fields(_ with: Bool, _ hide: Bool) throws -> [String] {
            let plan = try OperationPlan(
                text, variables: ["with": .bool(with), "hide": .bool(hide)],
                normalization: Normalization(schema: Self.schema))
            return plan.root.common.fields[0].selection!.common.fields.map(\.responseKey)
        }
        #expect(try fields(true, false) == ["id", "name", "status"])
        #expect(try fields(false, true) == ["id"])
        #expect(try fields(true, true) == ["id", "name"])
    }

    @Test func withoutASchemaEveryObjectNeedsItsTypename() throws {
        let text = #"{ character(id: "1") { id name } }"#
        let without = Normalization()
        #expect(throws: IngestError.self) {
            try ingest(text, #"{"data":{"character":{"id":"1","name":"Rick"}}}"#, without)
        }
        let changes = try ingest(
            text, #"{"data":{"character":{"__typename":"Character","id":"1","name":"Rick"}}}"#, without)
        #expect(changes["Character:1"]?["name"] == .string("Rick"))
    }

    @Test func withASchemaNoTypenameIsNeededWhereTheTypeIsConcrete() throws {
        let changes = try ingest(
            #"{ character(id: "1") { id name origin { id } } }"#,
            #"{"data":{"character":{"id":"1","name":"Rick","origin":{"id":"9"}}}}"#,
            Normalization(schema: Self.schema))
        #expect(changes["Character:1"]?["origin"] == .link("Location:9"))
        #expect(changes["Location:9"]?[.typename] == .string("Location"))
    }

    @Test func thePossibleTypesMapAppliesAbstractConditionsWithoutASchema() throws {
        let text = #"{ search(name: "a") { __typename ... on Node { id } } }"#
        let response = #"{"data":{"search":[{"__typename":"Character","id":"1"}]}}"#
        // Without the map, `... on Node` does not apply to a Character: the id is not read
        // and the object is embedded.
        let blind = try ingest(text, response, Normalization())
        #expect(blind[.root]?[#"search(name:"a")"#] == .list([.link(#"client:root:search(name:"a"):0"#)]))
        let mapped = try ingest(text, response, Normalization(possibleTypes: ["Node": ["Character", "Location"]]))
        #expect(mapped[.root]?[#"search(name:"a")"#] == .list([.link("Character:1")]))
    }

    @Test func customKeyFieldsIdentifyTheirTypes() throws {
        let policy = CacheKeyPolicy(keyFields: ["Asset": ["uuid"], "Quote": ["base", "quote"]])
        let changes = try ingest(
            #"{ assets { id uuid name } quotes { base quote rate } }"#,
            #"{"data":{"assets":[{"id":"7","uuid":"u-1","name":"A"}],"quotes":[{"base":"USD","quote":"EUR","rate":0.9}]}}"#,
            Normalization(schema: Self.schema, cacheKeys: policy))
        #expect(changes[.root]?["assets"] == .list([.link("Asset:u-1")]))
        #expect(changes[.root]?["quotes"] == .list([.link("Quote:USD:EUR")]))
        #expect(changes["Quote:USD:EUR"]?["rate"] == .double(0.9))
    }

    @Test func aClosurePolicyDecidesKeysAndCanEmbed() throws {
        let policy = CacheKeyPolicy(identify: { typename, values in
            guard typename == "Character", case .string(let id)? = values["id"] else { return nil }
            return "c-" + id
        })
        let changes = try ingest(
            #"{ character(id: "1") { id origin { id } } }"#,
            #"{"data":{"character":{"id":"1","origin":{"id":"9"}}}}"#,
            Normalization(schema: Self.schema, cacheKeys: policy))
        #expect(changes[.root]?[#"character(id:"1")"#] == .link("Character:c-1"))
        // The closure gives a Location no identity: it is embedded under its character.
        #expect(changes["Character:c-1"]?["origin"] == .link("Character:c-1:origin"))
    }

    @Test func aFieldOfAnInterfaceConditionFlattenedIntoAUnionPlans() throws {
        // `... on Node` applies to every member of SearchResult; its `id` is Node's field.
        let plan = try OperationPlan(
            #"{ search(name: "a") { __typename ... on Node { id } } }"#,
            normalization: Normalization(schema: Self.schema))
        let search = try #require(plan.root.common.fields.first?.selection)
        #expect(search.common.fields.map(\.responseKey).contains("id"))
        #expect(search.isAbstract)
    }

    @Test func anUnknownFieldIsAPlanError() {
        #expect(throws: PlanError.self) {
            try OperationPlan(#"{ character(id: "1") { nope } }"#, normalization: Normalization(schema: Self.schema))
        }
    }

    @Test func aMissingNonNullVariableIsAPlanError() {
        #expect(throws: PlanError.self) {
            try OperationPlan(
                #"query Q($id: ID!) { character(id: $id) { id } }"#, normalization: Normalization(schema: Self.schema))
        }
    }
}
