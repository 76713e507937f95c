import Testing
import BatonLens

/// A lens reading `species`, which the document does not select.
enum UnselectedQuery: GraphQLOperation {
    static let document = #"query Unselected { character(id: "1") { id name } }"#
    struct Data: Fragment {
        static let typeCondition = "Query"
        struct Fields: FieldSet { let character = Linked<Profile?>("character", arguments: true) }
        static let fields = Fields()
        let ref: RecordRef
    }
    struct Profile: Fragment {
        static let typeCondition = "Character"
        struct Fields: FieldSet {
            let name = Scalar<String>("name")
            let species = Scalar<String>("species")
        }
        static let fields = Fields()
        let ref: RecordRef
    }
}

/// A lens reading a field with arguments as if it had none.
enum UndeclaredArgumentsQuery: GraphQLOperation {
    static let document = #"query Undeclared { character(id: "1") { id } }"#
    struct Data: Fragment {
        static let typeCondition = "Query"
        struct Fields: FieldSet { let character = Linked<EpisodeLens?>("character") }
        static let fields = Fields()
        let ref: RecordRef
    }
}

/// A lens reading an object field as a scalar.
enum ScalarOverObjectQuery: GraphQLOperation {
    static let document = #"query ScalarOverObject { character(id: "1") { id origin { id } } }"#
    struct Data: Fragment {
        static let typeCondition = "Query"
        struct Fields: FieldSet { let character = Linked<Row?>("character", arguments: true) }
        static let fields = Fields()
        let ref: RecordRef
    }
    struct Row: Fragment {
        static let typeCondition = "Character"
        struct Fields: FieldSet { let origin = Scalar<String>("origin") }
        static let fields = Fields()
        let ref: RecordRef
    }
}

/// An operation as `baton-compile` emits it: a template as data beside a document that, were
/// it parsed, would not be GraphQL.
enum TemplatedQuery: GraphQLOperation {
    static let document = "this is not GraphQL {"
    static let template: OperationTemplate? = OperationTemplate(
        .query, name: "Templated", text: #"query Templated($id:ID!){character(id:$id){id,name}}"#,
        rootTypename: "Query",
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
    typealias Data = NameQuery.Data
}

@MainActor
struct OperationBuildTests {
    @Test func anOperationWithATemplateRunsWithoutParsingItsDocument() async throws {
        let transport = ScriptedTransport(answering: #"{"data":{"character":{"id":"1","name":"Rick"}}}"#)
        // No schema at run time: the template carries the types, so no `__typename` is needed.
        let environment = GraphQLEnvironment(store: Store(normalization: Normalization()), transport: transport)
        let handle = QueryHandle(TemplatedQuery.self, variables: ["id": "1"], in: environment)
        #expect(await eventually { handle.phase == .ready })
        #expect(try handle.data?.character?.name == "Rick")
        #expect(transport.requests.first?.document == TemplatedQuery.template?.text)
        #expect(environment.store.record("Character:1")?.typename == "Character")
    }

    @Test func aTemplateIsCheckedAgainstTheLensesLikeADocument() {
        #expect(throws: OperationBuildError.self) { try TemplatedUnselectedQuery.plan(variables: ["id": "1"]) }
    }

    @Test func buildingFailsNamingAnUnselectedFieldAndItsLens() {
        #expect(
            throws: OperationBuildError.unselected(
                field: "species", lens: "Profile", type: "Character", operation: "Unselected")
        ) {
            try UnselectedQuery.plan(normalization: Spec.normalization)
        }
    }

    @Test func buildingFailsForAFieldWithArgumentsDeclaredWithout() {
        #expect {
            try UndeclaredArgumentsQuery.plan(normalization: Spec.normalization)
        } throws: { error in
            guard case .mismatch(let field, _, let reason, _) = error as? OperationBuildError else { return false }
            return field == "character" && reason.contains("arguments: true")
        }
    }

    @Test func buildingFailsForAScalarOverAnObject() {
        #expect {
            try ScalarOverObjectQuery.plan(normalization: Spec.normalization)
        } throws: { error in
            guard case .mismatch(let field, let lens, _, _) = error as? OperationBuildError else { return false }
            return field == "origin" && lens == "Row"
        }
    }

    @Test func aHandleOverAnOperationThatDoesNotBuildFailsWithoutFetching() {
        let transport = ScriptedTransport.silent()
        let environment = Spec.environment(transport)
        let handle = QueryHandle(UnselectedQuery.self, in: environment)
        #expect(handle.phase == .failed(.invalidOperation))
        #expect(handle.data == nil)
        #expect(transport.count == 0)
    }

    @Test func everyLensFieldSelectedBuilds() throws {
        let plan = try ReadsQuery.plan(normalization: Spec.normalization)
        #expect(plan.name == "Reads")
    }
}

/// A templated operation whose lens reads `species`, which the template does not select.
enum TemplatedUnselectedQuery: GraphQLOperation {
    static let document = ""
    static let template: OperationTemplate? = TemplatedQuery.template
    typealias Data = UnselectedQuery.Data
}
