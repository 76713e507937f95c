import Foundation
import Testing
import BatonLens

/// NameQuery with typed variables, written as the compiler writes an operation's `Variables`.
enum TypedNameQuery: TypedVariablesOperation {
    static let document = NameQuery.document
    typealias Data = NameQuery.Data
    struct Variables: GraphQLVariables {
        var id: String
        var page: Int? = nil
        var variableValues: [String: JSONValue] {
            var values: [String: JSONValue] = [:]
            values["id"] = id.inputValue
            if let page { values["page"] = page.inputValue }
            return values
        }
    }
}

/// RenameMutation with typed variables.
enum TypedRenameMutation: TypedVariablesOperation {
    static let document = RenameMutation.document
    typealias Data = RenameMutation.Data
    struct Variables: GraphQLVariables {
        var id: String
        var name: String
        var variableValues: [String: JSONValue] { ["id": id.inputValue, "name": name.inputValue] }
    }
}

/// NoteAddedSubscription with typed variables.
enum TypedNoteAddedSubscription: TypedVariablesOperation {
    static let document = NoteAddedSubscription.document
    typealias Data = NoteAddedSubscription.Data
    struct Variables: GraphQLVariables {
        var characterId: String
        var variableValues: [String: JSONValue] { ["characterId": characterId.inputValue] }
    }
}

/// An input object as the compiler writes one: a nil field is left out.
struct NameFilter: GraphQLInputValue {
    var name: String? = nil
    var status: LifeStatus? = nil
    var inputValue: JSONValue {
        var fields: [(String, JSONValue)] = []
        if let name { fields.append(("name", name.inputValue)) }
        if let status { fields.append(("status", status.inputValue)) }
        return .object(fields)
    }
}

@MainActor
struct TypedVariablesTests {
    @Test func inputValuesAreTheJSONARequestSends() {
        #expect("Rick".inputValue == .string("Rick"))
        #expect(42.inputValue == .int(42))
        #expect(2.5.inputValue == .double(2.5))
        #expect(true.inputValue == .bool(true))
        #expect((nil as Int?).inputValue == .null)
        #expect([1, nil, 3].inputValue == .array([.int(1), .null, .int(3)]))
        #expect(LifeStatus.unknownStatus.inputValue == .string("unknown"))
        #expect(LifeStatus.unknown("Zombie").inputValue == .string("Zombie"))
        #expect(NameFilter(status: .alive).inputValue == .object([("status", .string("Alive"))]))
        #expect([NameFilter(name: "Rick")].inputValue == .array([.object([("name", .string("Rick"))])]))
        #expect(JSONValue.object([("a", .int(1))]).inputValue == .object([("a", .int(1))]))
    }

    @Test func aNullableIsLeftOutNullOrAValue() {
        #expect(GraphQLNullable<Int>.absent.inputValue == nil)
        #expect((nil as GraphQLNullable<Int>).inputValue == nil)
        #expect(GraphQLNullable<Int>.null.inputValue == .null)
        #expect(GraphQLNullable(3).inputValue == .int(3))
        #expect(GraphQLNullable<Int>(nil) == .absent)
        #expect(GraphQLNullable(LifeStatus.dead).unwrapped == .dead)
        #expect(GraphQLNullable<LifeStatus>.null.unwrapped == nil)
        #expect(GraphQLNullable<[Int?]>.some([1, nil]).inputValue == .array([.int(1), .null]))
    }

    @Test func aHandleUnderTypedVariablesIsTheHandleUnderTheirValues() throws {
        let environment = Spec.environment()
        _ = try load(
            NameQuery.self, variables: ["id": "1"], response: NameQuery.response("Rick Sanchez"), into: environment)
        let typed = QueryHandle(TypedNameQuery.self, variables: .init(id: "1"), in: environment)
        #expect(typed.variables == ["id": "1"])
        #expect(
            typed.plan?.identity == QueryHandle(NameQuery.self, variables: ["id": "1"], in: environment).plan?.identity)
        #expect(try typed.data?.character?.name == "Rick Sanchez")
        // A nil optional variable is absent, not null.
        #expect(
            QueryHandle(TypedNameQuery.self, variables: .init(id: "1", page: nil), in: environment).variables == [
                "id": "1"
            ])
    }

    @Test func aMutationPerformedUnderTypedVariablesSendsTheirValues() async throws {
        let transport = ScriptedTransport { _, _ in RenameMutation.response("Rick Prime") }
        let environment = Spec.environment(transport)
        let mutation = MutationHandle(TypedRenameMutation.self, in: environment)
        let data = try await mutation.perform(variables: .init(id: "1", name: "Rick Prime"))
        #expect(try data.rename?.character?.name == "Rick Prime")
        #expect(transport.requests.first?.variables == ["id": "1", "name": "Rick Prime"])
    }

    @Test func aFetchAndAPreloadUnderTypedVariablesSendTheirValues() async throws {
        let transport = ScriptedTransport(answering: NameQuery.response("Rick Sanchez"))
        let environment = Spec.environment(transport)
        try await environment.fetch(TypedNameQuery.self, variables: .init(id: "1", page: 2))
        #expect(transport.requests.first?.variables == ["id": "1", "page": 2])
        environment.preload(TypedNameQuery.self, variables: .init(id: "2"))
        #expect(await eventually { transport.count == 2 })
        #expect(transport.requests.last?.variables == ["id": "2"])
    }

    @Test func aSubscriptionUnderTypedVariablesIsTheSubscriptionUnderTheirValues() async throws {
        let transport = StreamingTransport([.init(events: [NoteAddedSubscription.event("n6", "Live")], drops: false)])
        let environment = Spec.environment(transport)
        let subscription = SubscriptionHandle(
            TypedNoteAddedSubscription.self, variables: .init(characterId: "1"), in: environment)
        #expect(subscription.variables == ["characterId": "1"])
        subscription.start()
        #expect(await eventually { subscription.state == .ended })
        #expect(try subscription.data?.noteAdded?.noteEdge?.node?.text == "Live")
    }
}
