import Testing
import BatonNormalize
import BatonRecords

/// Templates: one template planned under many variables, conditions kept until then, and a
/// template built with a schema that normalizes without one at run time.
@Suite struct PlanTemplateTests {
    static let schema = PlanTests.schema

    func fieldKeys(_ selection: SelectionPlan?) -> [String] {
        selection?.common.fields.map(\.responseKey) ?? []
    }

    @Test func oneTemplatePlansEveryVariableSet() throws {
        let template = try OperationTemplate(
            #"query Q($id: ID!, $with: Boolean!) { character(id: $id) { id name @include(if: $with) } }"#,
            normalization: Normalization(schema: Self.schema))
        let with = try OperationPlan(template: template, variables: ["id": .string("1"), "with": .bool(true)])
        let without = try OperationPlan(template: template, variables: ["id": .string("2"), "with": .bool(false)])
        #expect(with.root.common.fields[0].storageKey == #"character(id:"1")"#)
        #expect(without.root.common.fields[0].storageKey == #"character(id:"2")"#)
        #expect(fieldKeys(with.root.common.fields[0].selection) == ["id", "name"])
        #expect(fieldKeys(without.root.common.fields[0].selection) == ["id"])
    }

    @Test func aFieldSelectedUnderTwoConditionsIsPlannedWhenEitherHolds() throws {
        let template = try OperationTemplate(
            #"query Q($a: Boolean!, $b: Boolean!) { character(id: "1") { id name @include(if: $a) name @skip(if: $b) } }"#,
            normalization: Normalization(schema: Self.schema))
        func keys(_ a: Bool, _ b: Bool) throws -> [String] {
            fieldKeys(
                try OperationPlan(template: template, variables: ["a": .bool(a), "b": .bool(b)]).root.common.fields[0]
                    .selection)
        }
        #expect(try keys(false, true) == ["id"])
        #expect(try keys(true, true) == ["id", "name"])
        #expect(try keys(false, false) == ["id", "name"])
    }

    @Test func aConditionalFieldsChildrenFollowTheirOwnOccurrence() throws {
        let template = try OperationTemplate(
            #"query Q($x: Boolean!) { character(id: "1") @include(if: $x) { id name } character(id: "1") { id status } }"#,
            normalization: Normalization(schema: Self.schema))
        let on = try OperationPlan(template: template, variables: ["x": .bool(true)])
        let off = try OperationPlan(template: template, variables: ["x": .bool(false)])
        #expect(fieldKeys(on.root.common.fields[0].selection) == ["id", "name", "status"])
        #expect(fieldKeys(off.root.common.fields[0].selection) == ["id", "status"])
    }

    @Test func literalConditionsAreDecidedWhenTheTemplateIsBuilt() throws {
        let template = try OperationTemplate(
            #"{ character(id: "1") { id name @include(if: false) status @skip(if: false) } }"#,
            normalization: Normalization(schema: Self.schema))
        let fields = template.root.common[0].selection!.common
        #expect(fields.map(\.responseKey) == ["id", "status"])
        #expect(fields.allSatisfy { $0.occurrences == [.always] })
    }

    @Test func deferOnAVariableDefersOnlyUnlessItIsFalse() throws {
        let template = try OperationTemplate(
            #"query Q($d: Boolean) { character(id: "1") { id ... @defer(label: "more", if: $d) { name } } }"#,
            normalization: Normalization(schema: Self.schema))
        let deferred = try OperationPlan(template: template, variables: ["d": .bool(true)])
        let eager = try OperationPlan(template: template, variables: ["d": .bool(false)])
        let byDefault = try OperationPlan(template: template)
        func name(_ plan: OperationPlan) -> FieldPlan? {
            plan.root.common.fields[0].selection?.common.fields.first { $0.responseKey == "name" }
        }
        #expect(name(deferred)?.deferLabel == "more")
        #expect(deferred.deferLabels == ["more"])
        #expect(name(eager)?.deferLabel == nil)
        #expect(eager.deferLabels.isEmpty)
        #expect(name(byDefault)?.deferLabel == "more")
    }

    @Test func aConditionVariableThatIsNotABooleanIsATypedError() throws {
        let template = try OperationTemplate(
            #"query Q($with: Boolean) { character(id: "1") { id name @include(if: $with) } }"#,
            normalization: Normalization(schema: Self.schema))
        #expect(throws: PlanError.notBoolean(variable: "with")) {
            try OperationPlan(template: template, variables: ["with": .string("yes")])
        }
    }

    @Test func aMissingNonNullVariableIsATypedError() throws {
        let template = try OperationTemplate(#"query Q($id: ID!) { character(id: $id) { id } }"#)
        #expect(throws: PlanError.missingVariable("id", operation: "Q")) {
            try OperationPlan(template: template)
        }
    }

    @Test func connectionDirectionAndEdgeWritesComeFromVariables() throws {
        let query = try OperationTemplate(
            #"query Q($after: String) { notes(first: 2, after: $after) @connection(key: "Q_notes") { edges { node { id } } } }"#,
            normalization: Normalization(schema: Self.schema))
        #expect(try OperationPlan(template: query).root.common.fields[0].connection?.direction == .replace)
        #expect(
            try OperationPlan(template: query, variables: ["after": .string("c2")]).root.common.fields[0].connection?
                .direction == .append)
        #expect(try OperationPlan(template: query).root.common.fields[0].connection?.field == "__Q_notes_connection")

        let mutation = try OperationTemplate(
            #"mutation M($c: [ID!]!) { addNote(characterId: "1", text: "t") { noteEdge @appendEdge(connections: $c) { node { id } } } }"#,
            normalization: Normalization(schema: Self.schema))
        let plan = try OperationPlan(
            template: mutation, variables: ["c": .array([.string("client:root:__Q_notes_connection")])])
        let edge = plan.root.common.fields[0].selection!.common.fields.first { $0.responseKey == "noteEdge" }
        #expect(edge?.edgeWrite?.kind == .insertEdge(append: true))
        #expect(edge?.edgeWrite?.connections == ["client:root:__Q_notes_connection"])
    }

    @Test func aTemplateBuiltWithASchemaNormalizesWithoutOneAtRunTime() throws {
        let text = #"{ character(id: "1") { id name origin { id name } } }"#
        let response = #"{"data":{"character":{"id":"1","name":"Rick","origin":{"id":"9","name":"Earth"}}}}"#
        let template = try OperationTemplate(text, normalization: Normalization(schema: Self.schema))
        let withoutSchema = try OperationPlan(template: template, normalization: Normalization())
        let withSchema = try OperationPlan(text, normalization: Normalization(schema: Self.schema))
        let fromTemplate = try Ingest().ingest(Array(response.utf8), plan: withoutSchema).changes
        let fromDocument = try Ingest().ingest(Array(response.utf8), plan: withSchema).changes
        #expect(fromTemplate["Location:9"]?[.typename] == .string("Location"))
        #expect(fromTemplate == fromDocument)
    }

    @Test func aTemplateWrittenAsDataPlansLikeTheOneBuiltFromItsDocument() throws {
        let text = #"query Q($id: ID!) { character(id: $id) { id name } }"#
        let written = OperationTemplate(
            .query, name: "Q", text: "query Q($id:ID!){character(id:$id){id,name}}", rootTypename: "Query",
            variables: [VariableTemplate("id", nonNull: true)],
            SelectionTemplate(
                "Query",
                [
                    FieldTemplate(
                        "character", arguments: [("id", .variable("id"))], type: "Character",
                        SelectionTemplate(
                            "Character",
                            [
                                FieldTemplate("id", type: "ID"),
                                FieldTemplate("name", type: "String"),
                            ]))
                ]))
        let built = try OperationTemplate(text, normalization: Normalization(schema: Self.schema))
        let variables: [String: JSONValue] = ["id": .string("7")]
        let response = #"{"data":{"character":{"id":"7","name":"Morty"}}}"#
        let fromData = try Ingest().ingest(
            Array(response.utf8), plan: try OperationPlan(template: written, variables: variables)
        ).changes
        let fromText = try Ingest().ingest(
            Array(response.utf8), plan: try OperationPlan(template: built, variables: variables)
        ).changes
        #expect(fromData == fromText)
        #expect(written.text == built.text)
    }

    @Test func aFragmentsTemplateMergesItsSpreadsAndSplitsAnAbstractTypeByConcreteType() throws {
        let document = try Document.parse(
            """
            fragment Row on Character { id ...Detail label: status }
            fragment Detail on Character { name species }
            fragment Hit on SearchResult { __typename ... on Character { id name } ...Place }
            fragment Place on Location { id dimension }
            """)
        let normalization = Normalization(schema: Self.schema)
        let row = try SelectionTemplate.fragment("Row", in: document, normalization: normalization)
        #expect(!row.isAbstract && row.byType.isEmpty)
        #expect(row.common.map(\.responseKey) == ["id", "name", "species", "label"])
        #expect(row.common[3].name == "status")
        let hit = try SelectionTemplate.fragment("Hit", in: document, normalization: normalization)
        #expect(hit.isAbstract)
        #expect(hit.common.map(\.responseKey) == ["__typename"])
        #expect(hit.byType["Character"]?.map(\.responseKey) == ["__typename", "id", "name"])
        #expect(hit.byType["Location"]?.map(\.responseKey) == ["__typename", "id", "dimension"])
        #expect(hit.byType["Episode"]?.map(\.responseKey) == ["__typename"])
        #expect(throws: PlanError.self) { try SelectionTemplate.fragment("Missing", in: document) }
    }

    @Test func aSelectionReadingNoVariableIsPlannedOnceForEveryVariables() throws {
        let template = try OperationTemplate(
            #"query Q($id: ID!) { character(id: $id) { id name location { id name } } }"#,
            normalization: Normalization(schema: Self.schema))
        let first = try OperationPlan(template: template, variables: ["id": .string("1")])
        let second = try OperationPlan(template: template, variables: ["id": .string("2")])
        // The root reads `$id`: planned for each; what is under `character` reads nothing.
        #expect(first.root !== second.root)
        #expect(first.root.common.fields[0].storageKey == #"character(id:"1")"#)
        #expect(second.root.common.fields[0].storageKey == #"character(id:"2")"#)
        let character = try #require(first.root.common.fields[0].selection)
        #expect(character === second.root.common.fields[0].selection)
        #expect(fieldKeys(character) == ["id", "name", "location"])
        #expect(fieldKeys(character.common.fields[2].selection) == ["id", "name"])
    }

    @Test func aSelectionWithAConditionOrADeferIsPlannedForEachVariables() throws {
        let template = try OperationTemplate(
            #"query Q($with: Boolean!) { character(id: "1") { id name @include(if: $with) location { id ... @defer(label: "l") { name } } } }"#,
            normalization: Normalization(schema: Self.schema))
        let with = try OperationPlan(template: template, variables: ["with": .bool(true)])
        let without = try OperationPlan(template: template, variables: ["with": .bool(false)])
        let withCharacter = try #require(with.root.common.fields[0].selection)
        let withoutCharacter = try #require(without.root.common.fields[0].selection)
        #expect(withCharacter !== withoutCharacter)
        #expect(fieldKeys(withCharacter) == ["id", "name", "location"])
        #expect(fieldKeys(withoutCharacter) == ["id", "location"])
        // A deferred selection's label comes with each plan, shared selection or not.
        #expect(with.deferLabels == ["l"] && without.deferLabels == ["l"])
        #expect(withCharacter.common.fields[2].selection !== withoutCharacter.common.fields[1].selection)
    }

    @Test func aSharedSelectionIsPlannedAgainForOtherKeyFields() throws {
        let template = try OperationTemplate(
            #"query Q($id: ID!) { character(id: $id) { id name } }"#, normalization: Normalization(schema: Self.schema))
        let byName = Normalization(cacheKeys: CacheKeyPolicy(defaultKeyFields: ["name"]))
        func keyFields(_ plan: OperationPlan) -> [String] {
            plan.root.common.fields[0].selection?.common.fields.filter(\.isKeyField).map(\.responseKey) ?? []
        }
        let byID = try OperationPlan(template: template, variables: ["id": .string("1")])
        let named = try OperationPlan(template: template, variables: ["id": .string("2")], normalization: byName)
        let byIDAgain = try OperationPlan(template: template, variables: ["id": .string("3")])
        #expect(keyFields(byID) == ["id"])
        #expect(keyFields(named) == ["name"])
        #expect(keyFields(byIDAgain) == ["id"])
        #expect(byID.root.common.fields[0].selection !== named.root.common.fields[0].selection)
    }

    @Test func plansMadeAtOnceOnManyThreadsShareOneSelectionPlannedAlike() async throws {
        let template = try OperationTemplate(
            #"query Q($id: ID!) { character(id: $id) { id name location { id name } } }"#,
            normalization: Normalization(schema: Self.schema))
        let plans = try await withThrowingTaskGroup(of: OperationPlan.self) { group in
            for n in 0..<32 {
                group.addTask { try OperationPlan(template: template, variables: ["id": .string("\(n)")]) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        // Threads that planned before one of them kept its plan made their own, alike; the
        // plans made after share the one kept.
        #expect(plans.allSatisfy { fieldKeys($0.root.common.fields[0].selection) == ["id", "name", "location"] })
        #expect(Set(plans.map { $0.root.common.fields[0].storageKey }).count == 32)
        let after = try OperationPlan(template: template, variables: ["id": "x"])
        let again = try OperationPlan(template: template, variables: ["id": "y"])
        let kept = try #require(after.root.common.fields[0].selection)
        #expect(again.root.common.fields[0].selection === kept)
        #expect(plans.contains { $0.root.common.fields[0].selection === kept })
    }

    /// A merged field is resolved for its parent's common fields and again for each type its
    /// parent's fragments name; built anew each time, every level of type conditions
    /// multiplied the work of the levels below it (a fuzzed document of 3.5 KB took seconds).
    @Test func aFieldResolvedForEveryTypeOfItsParentIsBuiltOnce() throws {
        let template = try OperationTemplate(
            """
            { node(id: "1") {
                ... on Character { name }
                ... on Episode { name }
                owner { ... on Character { name } ... on Location { name } friend { id name } }
            } }
            """,
            normalization: Normalization())
        let node = try #require(template.root.common.first?.selection)
        #expect(node.byType.keys.sorted() == ["Character", "Episode"])
        let owners = [node.common, node.byType["Character"]!, node.byType["Episode"]!].map {
            $0.first { $0.responseKey == "owner" }
        }
        #expect(owners.allSatisfy { $0 != nil && $0 === owners[0] })
        let owner = try #require(owners[0]?.selection)
        #expect(owner.byType.keys.sorted() == ["Character", "Location"])
        let friends = [owner.common, owner.byType["Character"]!, owner.byType["Location"]!].map {
            $0.first { $0.responseKey == "friend" }
        }
        #expect(friends.allSatisfy { $0 != nil && $0 === friends[0] })
        #expect(friends[0]?.selection?.common.map(\.responseKey) == ["id", "name", "__typename"])
    }

    /// The plan of a template shares what the template shares: a selection that reads a
    /// variable, under each type of a parent that selects it, is planned once.
    @Test func aSelectionSharedByTheTypesOfItsParentIsPlannedOnceUnderVariables() throws {
        let template = try OperationTemplate(
            """
            query Q($f: ID!) { node(id: "1") {
                ... on Character { name }
                ... on Episode { name }
                owner { friend(id: $f) { id } }
            } }
            """,
            normalization: Normalization())
        let plan = try OperationPlan(template: template, variables: ["f": .string("2")])
        let node = try #require(plan.root.common.fields.first?.selection)
        let owners = try [node.common, #require(node.byType["Character"]), #require(node.byType["Episode"])].map {
            $0.fields.first { $0.responseKey == "owner" }?.selection
        }
        #expect(owners.allSatisfy { $0 != nil && $0 === owners[0] })
        #expect(owners[0]?.common.fields.first?.storageKey == #"friend(id:"2")"#)
    }

    /// The compiler names the types whose fields are the common ones rather than writing
    /// them again; each has the common fields, the same templates.
    @Test func aTypeNamedAmongTheCommonTypesHasTheCommonFields() throws {
        let login = FieldTemplate("login", type: "String")
        let name = FieldTemplate("name", type: "String")
        let selection = SelectionTemplate(
            "Actor", needsTypename: true, abstract: true, [login], byType: ["User": [login, name]],
            commonTypes: ["Bot", "Organization"])
        #expect(selection.byType.keys.sorted() == ["Bot", "Organization", "User"])
        #expect(selection.byType["Bot"]?.map(ObjectIdentifier.init) == [ObjectIdentifier(login)])
        #expect(selection.byType["User"]?.map(\.responseKey) == ["login", "name"])
    }
}
