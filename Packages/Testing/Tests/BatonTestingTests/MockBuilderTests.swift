import BatonNormalize
import BatonRecords
import BatonTesting
import Testing

/// What a mock holds: the test's values kept, every other field filled by its type and name,
/// the same bytes for the same input, and nothing a server could not send.
@Suite struct MockBuilderTests {
    @Test func unsetNonNullFieldsTakeValuesByTypeAndFieldNameAndNullableOnesStayNull() throws {
        let data = try MockSchema.builder().data(HeroQuery.self)
        #expect(
            data.jsonText()
                == #"{"hero":{"id":"<Character.id.1>","name":"<Character.name>","nickname":null,"status":"ALIVE","#
                + #""age":42,"height":null,"alive":false,"born":"<Character.born>","friends":[],"rivals":null}}"#)
    }

    @Test func fieldsTheTestSetsAreKeptAndTheObjectsTheyHoldFilled() throws {
        let payload = HeroQuery.Payload(
            hero: .init(id: "1000", name: "Luke", friends: [.init(id: "1002"), .init(id: "1003", name: "Leia")]))
        let hero = try #require(try MockSchema.builder().data(HeroQuery.self, payload: payload)[member: "hero"])
        #expect(hero[member: "id"] == "1000")
        #expect(hero[member: "name"] == "Luke")
        #expect(hero[member: "status"] == "ALIVE")
        #expect(
            hero[member: "friends"]?.jsonText()
                == #"[{"id":"1002","name":"<Character.name>"},{"id":"1003","name":"Leia"}]"#)
    }

    @Test func anUnsetNullableFieldIsFilledOnlyWhenAskedAndAnExplicitNullStaysNull() throws {
        var filling = MockOptions()
        filling.fillsNullableFields = true
        let unset = try MockSchema.builder(filling).data(HeroQuery.self, payload: .init(hero: .init(id: "1")))
        #expect(unset[member: "hero"]?[member: "nickname"] == "<Character.nickname>")
        #expect(unset[member: "hero"]?[member: "height"] == .double(4.2))
        #expect(unset[member: "hero"]?[member: "rivals"] == .array([]))

        let null = try MockSchema.builder(filling).data(
            HeroQuery.self, payload: .init(hero: .init(id: "1", nickname: .null)))
        #expect(null[member: "hero"]?[member: "nickname"] == .null)
        let plain = try MockSchema.builder().data(HeroQuery.self, payload: .init(hero: .init(id: "1")))
        #expect(plain[member: "hero"]?[member: "nickname"] == .null)
    }

    @Test func anUnsetListIsEmptyOrHoldsOneFilledElementAsAsked() throws {
        #expect(try MockSchema.builder().data(HeroQuery.self)[member: "hero"]?[member: "friends"] == .array([]))
        let one = try MockSchema.builder(MockOptions(listLength: .one)).data(HeroQuery.self)
        #expect(
            one[member: "hero"]?[member: "friends"]?.jsonText()
                == #"[{"id":"<Character.id.2>","name":"<Character.name>"}]"#)
        // A nullable list stays null unless nullable fields are filled.
        #expect(one[member: "hero"]?[member: "rivals"] == .null)
    }

    @Test func theSameInputGivesTheSameBytesAndIdsCountPerTypeFromOne() throws {
        let options = MockOptions(listLength: .one)
        let first = try MockSchema.builder(options).response(HeroQuery.self)
        let second = try MockSchema.builder(options).response(HeroQuery.self)
        let builder = try MockSchema.builder(MockOptions(listLength: .one, fillsNullableFields: true))
        #expect(first == second)
        #expect(try builder.response(HeroQuery.self) == builder.response(HeroQuery.self))
        #expect(try builder.response(HeroQuery.self) != first, "filling nullable fields changes the mock")
        #expect(String(decoding: first, as: UTF8.self).hasPrefix(#"{"data":{"hero":{"id":"<Character.id.1>""#))
        let search = try builder.data(SearchQuery.self, partial: .object([]))
        #expect(search[member: "search"]?.jsonText().contains("<Character.id.1>") == true)
        #expect(search[member: "node"]?[member: "id"] == "<Character.id.2>")
    }

    @Test func anAbstractPositionTakesTheChosenConcreteTypeOrTheFirstByName() throws {
        let first = try MockSchema.builder(MockOptions(listLength: .one, fillsNullableFields: true)).data(
            SearchQuery.self, partial: .object([]))
        #expect(
            first[member: "search"]?.jsonText()
                == #"[{"__typename":"Character","id":"<Character.id.1>","name":"<Character.name>"}]"#)
        #expect(first[member: "node"]?[member: "__typename"] == "Character")
        let unfilled = try MockSchema.builder().data(SearchQuery.self, partial: .object([]))
        #expect(unfilled.jsonText() == #"{"search":[],"node":null}"#, "a nullable abstract position stays null")

        let chosen = try MockSchema.builder(
            MockOptions(
                listLength: .one, fillsNullableFields: true,
                concreteTypes: ["SearchResult": "Planet", "Node": "Planet"])
        ).data(SearchQuery.self, partial: .object([]))
        #expect(
            chosen[member: "search"]?.jsonText()
                == #"[{"__typename":"Planet","id":"<Planet.id.1>","name":"<Planet.name>"}]"#)
        #expect(chosen[member: "node"]?.jsonText() == #"{"__typename":"Planet","id":"<Planet.id.2>"}"#)
    }

    @Test func aConcreteTypeThatCannotStandInItsPositionIsRefused() throws {
        let builder = try MockSchema.builder(MockOptions(concreteTypes: ["SearchResult": "Status"]))
        #expect(
            throws: MockError.impossibleConcreteType(
                "Status", abstract: "SearchResult", possible: ["Character", "Planet"])
        ) {
            try builder.data(SearchQuery.self, partial: .object([]))
        }
        let notAbstract = try MockSchema.builder(MockOptions(concreteTypes: ["Character": "Character"]))
        #expect(throws: MockError.impossibleConcreteType("Character", abstract: "Character", possible: ["Character"])) {
            try notAbstract.data(HeroQuery.self)
        }
    }

    @Test func aTypenameTheTestSetsThatCannotStandThereIsRejectedByTheIngest() throws {
        let partial: JSONValue = .object([("node", .object([("__typename", "Status")]))])
        #expect {
            try MockSchema.builder().data(SearchQuery.self, partial: partial)
        } throws: { error in
            guard case MockError.rejected(let ingest, "Search") = error else { return false }
            return "\(ingest)".contains("Status")
        }
    }

    @Test func aValueTheSchemaRulesOutOrAMemberNotSelectedIsRejectedByTheIngest() throws {
        let builder = try MockSchema.builder()
        let enumValue: JSONValue = .object([("hero", .object([("status", "SLEEPING")]))])
        #expect {
            try builder.data(HeroQuery.self, partial: enumValue)
        } throws: { error in
            guard case MockError.rejected(let ingest, "Hero") = error,
                case .undeclaredEnumValue("SLEEPING", enum: "Status", _, _) = ingest.kind
            else { return false }
            return true
        }
        let null: JSONValue = .object([("hero", .object([("name", .null)]))])
        #expect {
            try builder.data(HeroQuery.self, partial: null)
        } throws: { error in
            guard case MockError.rejected(let ingest, "Hero") = error, case .nullInNonNull = ingest.kind else {
                return false
            }
            return true
        }
        let unselected: JSONValue = .object([("hero", .object([("mass", .int(80))]))])
        #expect {
            try builder.data(HeroQuery.self, partial: unselected)
        } throws: { error in
            guard case MockError.rejected(_, "Hero") = error else { return false }
            return true
        }
    }

    @Test func customScalarsTakeTheValueGivenForTheirType() throws {
        let data = try MockSchema.builder(MockOptions(scalars: ["DateTime": "2017-12-31T00:00:00Z"])).data(
            HeroQuery.self)
        #expect(data[member: "hero"]?[member: "born"] == "2017-12-31T00:00:00Z")
    }

    @Test func aFragmentsMockIsOneFilledObjectOfItsType() throws {
        let object = try MockSchema.builder().data(HeroRow.self, payload: .init(id: "7", name: "Morty"))
        #expect(object.jsonText() == #"{"id":"7","name":"Morty","status":"ALIVE"}"#)
        #expect(try MockSchema.builder().data(HeroRow.self)[member: "id"] == "<Character.id.1>")
    }

    @Test func aBuilderNeedsASchemaThatParses() {
        #expect(throws: MockError.noSchema) { try MockBuilder(normalization: Normalization()) }
        #expect {
            try MockBuilder(schema: "type Query {")
        } throws: { error in
            guard case MockError.unreadableSchema = error else { return false }
            return true
        }
    }
}
