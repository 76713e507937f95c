import Testing
import BatonLens

/// A lens reading `species`, which the document does not select.
enum UnselectedQuery: GraphQLOperation {
    static let document = #"query Unselected { character(id: "1") { id name } }"#
    struct Data: Fragment {
        static let typeCondition = "Query"
        struct Fields: FieldSet { let character = Link<Profile?>("character", arguments: true) }
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
        struct Fields: FieldSet { let character = Link<EpisodeLens?>("character") }
        static let fields = Fields()
        let ref: RecordRef
    }
}

/// A lens reading an object field as a scalar.
enum ScalarOverObjectQuery: GraphQLOperation {
    static let document = #"query ScalarOverObject { character(id: "1") { id origin { id } } }"#
    struct Data: Fragment {
        static let typeCondition = "Query"
        struct Fields: FieldSet { let character = Link<Row?>("character", arguments: true) }
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

@MainActor
struct OperationBuildTests {
    @Test func buildingFailsNamingAnUnselectedFieldAndItsLens() {
        #expect(throws: OperationBuildError.unselected(field: "species", lens: "Profile", type: "Character", operation: "Unselected")) {
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
