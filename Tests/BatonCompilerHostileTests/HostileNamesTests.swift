import BatonLens
import BatonTesting
import BatonTransport
import Testing

/// The hostile-name corpus (`hostile.graphql` over `hostile-schema.graphql`) as an app uses
/// it: the plugin generates its lenses into this target, so a name the compiler fails to
/// escape fails the build; the tests read a response through the escaped names.
@MainActor
struct HostileNamesTests {
    static let response = #"""
        {"data":{"self":{"__typename":"Thing","typename":"Thing","__typename_":"Thing","id":"t1","self":"lower self",
        "Self":"upper Self","init":"i","Type":"T","protocol":"p","default":"d","name":"lower name","Name":"upper Name",
        "kind":"Alive","KIND":"rawValue","case":"case","where":3,"in":true,"is":false,"as":"a","any":"n","try":"t",
        "async":"y","await":"w","ref":"r","key":"k","fields":"f","typeCondition":"c","descriptors":"ds","air_date":"snake","airDate":"camel",
        "on":"o","thing":{"__typename":"Thing","id":"t2"},"Thing":null,"string":{"__typename":"Other","id":"o1","name":"other"}},
        "type":null,"class":null,"string":null,"data":null,"fields":null,"node":null,"union":null}}
        """#

    /// The normalization the generated table describes, as an app would make it.
    static let normalization = Normalization(possibleTypes: BatonSchema.possibleTypes, cacheKeys: BatonSchema.cacheKeys)

    func load() throws -> SelfQuery.Data {
        let environment = GraphQLEnvironment(
            store: Store(normalization: Self.normalization), transport: SilentTransport())
        let variables: [String: JSONValue] = ["protocol": "p"]
        let plan = try environment.plan(SelfQuery.self, variables: variables)
        let result = try Ingest().ingest(Array(Self.response.utf8), plan: plan)
        environment.store.commit(result.changes, fetched: plan.identity)
        let root = try #require(environment.store.record(plan.rootKey))
        return SelfQuery.Data(ref: RecordRef(record: root, selection: plan.root, context: environment.lensContext))
    }

    @Test func keywordAndMemberNamedFieldsReadTheirOwnValues() throws {
        let thing = try #require(try load().self_)
        #expect(try thing.self_ == "lower self")
        #expect(try thing.Self_ == "upper Self")
        #expect(try thing.`protocol` == "p")
        #expect(try thing.`where` == 3)
        #expect(try thing.`in` == true)
        #expect(try thing.ref_ == "r")
        #expect(try thing.key_ == "k")
        #expect(try thing.fields_ == "f")
        #expect(try thing.typeCondition_ == "c")
        #expect(try thing.descriptors_ == "ds")
    }

    /// The descriptors the plugin lists for each `Fields` (`FieldSet.descriptors`, read instead
    /// of reflecting the set) are the ones reflection finds, in the same order: fields named
    /// like Swift keywords and members, spreads, and the cases of abstract types.
    @Test func everyGeneratedFieldSetListsTheDescriptorsReflectionFinds() {
        let sets: [any FieldSet] = [
            SelfQuery.Data.fields, SelfQuery.Self_.fields, SelfQuery.Self_.String_.fields, SelfQuery.Node.fields,
            SelfQuery.Node.AsThing.fields, SelfQuery.Union.fields, SelfQuery.Union.AsThing.fields, Thingy.fields,
            thingy.fields, FindQuery.Data.fields, ThingPayload.fields, Noded.fields, Anything.fields,
            PayloadsQuery.Data.fields,
        ]
        for set in sets {
            let reflected = Mirror(reflecting: set).children.compactMap { $0.value as? any FieldDescriptor }
            #expect(Self.names(set.descriptors) == Self.names(reflected), "\(type(of: set))")
            #expect(!reflected.isEmpty)
        }
    }

    /// Each descriptor as its kind and response key.
    static func names(_ descriptors: [any FieldDescriptor]) -> [String] {
        descriptors.map { "\(type(of: $0)) \($0.address.responseKey)" }
    }

    @Test func namesDifferingOnlyInCaseOrSpellingStayApart() throws {
        let thing = try #require(try load().self_)
        #expect(try thing.name == "lower name")
        #expect(try thing.Name == "upper Name")
        #expect(try thing.airDate == "snake")
        #expect(try thing.airDate_ == "camel")
        #expect(try thing.thing?.id == "t2")
        #expect(try thing.Thing == nil)
        #expect(try thing.string?.name == "other")
        #expect(try thing.thingy.name == "lower name")
        #expect(try thing.thingy_.Name == "upper Name")
    }

    @Test func typenameAliasesAndEnumCasesNamedLikeSwiftRead() throws {
        let thing = try #require(try load().self_)
        #expect(try thing.__typename == "Thing")
        #expect(try thing.typename == "Thing")
        #expect(try thing.__typename_ == "Thing")
        #expect(try thing.kind == .alive_)
        #expect(try thing.KIND == .rawValue_)
        #expect(try thing.`case` == .`case`)
    }

    @Test func variablesAndInputFieldsNamedLikeSwiftSendTheirGraphQLNames() throws {
        let inner = Filter(case: .alive_, list: [])
        let filter = Filter(
            self_: "s", inputValue_: 1, default: .`default`, case: .`case`, String_: "text", nested: inner,
            list: [inner])
        let variables = FindQuery.Variables(filter: filter, kinds: [.type], self_: "1", init_: 2, variableValues_: "v")
        let innerJSON: JSONValue = .object([("case", "Alive"), ("list", [])])
        #expect(
            variables.variableValues == [
                "filter": .object([
                    ("self", "s"), ("inputValue", 1), ("default", "default"), ("case", "case"), ("String", "text"),
                    ("nested", innerJSON), ("list", [innerJSON]),
                ]),
                "kinds": ["Type"], "self": "1", "init": 2, "variableValues": "v",
            ])
        // Left out while nil: `$default` takes its default in the document, `where` its default in the schema.
        #expect(variables.variableValues["default"] == nil)
        let plan = try FindQuery.plan(variables: variables.variableValues, normalization: Self.normalization)
        #expect(plan.identity.variables.contains(#""init":2"#))
    }

    @Test func aNullableVariableOrInputFieldCanBeSentAsAnExplicitNull() throws {
        let filter = Filter(case: .alive_)
        filter.self_ = .null
        var variables = FindQuery.Variables(filter: filter, init_: 1)
        variables.default = .null
        variables.values = .some(["a", nil])
        #expect(
            variables.variableValues == [
                "filter": .object([("self", .null), ("case", "Alive")]), "init": 1, "default": .null,
                "values": ["a", .null],
            ])
        variables.default = nil
        #expect(variables.variableValues["default"] == nil)
    }

    /// The mutation's typed optimistic response, built through its escaped names, writes each
    /// field under its GraphQL name and applies as a layer: every key is one the plan selects.
    @Test func anOptimisticResponseNamedLikeSwiftWritesItsGraphQLNamesAndApplies() throws {
        var thing = OptimisticResponseMutation.OptimisticResponse.Self_(
            id: "t1", self_: "s", Self_: "S", init_: "i", protocol: "p", default: "d", kind: .alive_, case: .`case`,
            in: true, ref: "r", fields: "f", airDate: "snake", airDate_: "camel", thing: .init(id: "t2"))
        thing.name = .null
        let response = OptimisticResponseMutation.OptimisticResponse(
            self_: thing, optimisticResponse: .init(id: "t3", object_: "o", inputValue_: "v"),
            object_: .init(id: "o1"), inputValue_: [.init(id: "t4"), nil],
            union: .other(.init(name: "u")), node: .thing(.init(id: "t5", name: "n")))
        let json = response.inputValue
        #expect(json[member: "self"]?[member: "self"] == "s")
        #expect(json[member: "self"]?[member: "Self"] == "S")
        #expect(json[member: "self"]?[member: "init"] == "i")
        #expect(json[member: "self"]?[member: "protocol"] == "p")
        #expect(json[member: "self"]?[member: "typename"] == "Thing", "an alias of __typename is written from the type")
        #expect(json[member: "self"]?[member: "name"] == JSONValue.null, "an explicit null")
        #expect(json[member: "self"]?[member: "Name"] == nil, "left out")
        #expect(json[member: "self"]?[member: "kind"] == "Alive")
        #expect(json[member: "self"]?[member: "air_date"] == "snake")
        #expect(json[member: "self"]?[member: "airDate"] == "camel")
        #expect(json[member: "optimisticResponse"]?[member: "object"] == "o")
        #expect(json[member: "optimisticResponse"]?[member: "inputValue"] == "v")
        #expect(json[member: "union"]?[member: "__typename"] == "Other")
        #expect(json[member: "node"]?[member: "__typename"] == "Thing")

        let store = Store(normalization: Self.normalization)
        let environment = GraphQLEnvironment(store: store, transport: SilentTransport())
        let plan = try environment.plan(OptimisticResponseMutation.self, variables: ["in": "x"])
        try store.applyOptimistic(Array(JSONValue.object([("data", json)]).jsonText().utf8), plan: plan)
        #expect(store.record("Thing:t1")?[untracked: FieldSlot.named("Self").slot] == .string("S"))
        #expect(store.record("Thing:t5")?[untracked: FieldSlot.named("name").slot] == .string("n"))
        #expect(store.record("Other:o1") != nil)
    }
}
