import Testing
import BatonLens

@MainActor
struct NullabilityTests {
    @Test func requiredNoneMakesTheLinkReadNil() throws {
        let environment = Spec.environment()
        let data = try load(RequiredNoneQuery.self, response: OriginsDocument.response, into: environment)
        let character = try #require(try data.character)
        #expect(try character.name == "Rick")
        #expect(try character.origin == nil)
    }

    @Test func requiredNoneReadsTheFragmentOnceTheFieldIsNotNull() throws {
        let environment = Spec.environment()
        let data = try load(RequiredNoneQuery.self, response: OriginsDocument.response, into: environment)
        var changes = ChangeSet()
        changes.write(.string("Earth"), to: Slot("name"), of: "Location:1")
        environment.store.commit(changes)
        #expect(try data.character?.origin?.name == "Earth")
    }

    @Test func requiredThrowThrowsFromTheLink() throws {
        let environment = Spec.environment()
        let data = try load(RequiredThrowQuery.self, response: OriginsDocument.response, into: environment)
        let character = try #require(try data.character)
        #expect(throws: LensError.requiredNull(field: "name", record: "Location:1")) {
            try character.origin
        }
    }

    @Test func requiredLogReadsNilAndReportsTheFieldWithoutItsValue() throws {
        let events = EventLog()
        let environment = Spec.environment(log: events.sink)
        let data = try load(RequiredLogQuery.self, response: OriginsDocument.response, into: environment)
        #expect(try data.character?.origin == nil)
        #expect(events.events.contains(.requiredFieldNull(fragment: "Origin", field: "name")))
    }

    @Test func caughtReadsAFieldErrorAsAFailure() throws {
        let environment = Spec.environment()
        let data = try load(CatchQuery.self, response: OriginsDocument.response, into: environment)
        let origin = try #require(try data.character?.origin)
        guard case .failure(let error) = try origin.type else {
            Issue.record("expected the field error")
            return
        }
        #expect(error.message == "origin type unavailable")
        #expect(try origin.id.get() == "1")
    }

    @Test func withoutCatchTheSameFieldThrows() throws {
        let environment = Spec.environment()
        let data = try load(CatchQuery.self, response: OriginsDocument.response, into: environment)
        let origin = try #require(try data.character?.origin)
        #expect(throws: LensError.self) { try origin.rawType }
    }

    @Test func throwOnFieldErrorThrowsWhenTheFragmentIsRead() throws {
        let environment = Spec.environment()
        let data = try load(CatchQuery.self, response: OriginsDocument.response, into: environment)
        let character = try #require(try data.character)
        #expect {
            try character.strictOrigin
        } throws: { error in
            guard case .fieldError(let fieldError, let field, _) = error as? LensError else { return false }
            return field == "type" && fieldError.message == "origin type unavailable"
        }
    }

    @Test func throwOnFieldErrorReadsTheFragmentWithoutErrors() throws {
        let environment = Spec.environment()
        let data = try load(CatchQuery.self, response: OriginsDocument.response, into: environment)
        var changes = ChangeSet()
        changes.write(.string("Planet"), to: Slot("type"), of: "Location:1")
        environment.store.commit(changes)
        #expect(try data.character?.strictOrigin?.type == "Planet")
    }
}

/// `@required(action: NONE)` on an episode's name, read through a list.
enum RequiredInListQuery: GraphQLOperation {
    static let document = #"query Episodes { character(id: "1") { id episode { id name } } }"#
    static let response = """
        {"data":{"character":{"id":"1","episode":[{"id":"1","name":"Pilot"},{"id":"2","name":null},{"id":"3","name":"Anatomy Park"}]}}}
        """
    struct Data: Fragment {
        static let typeCondition = "Query"
        struct Fields: FieldSet { let character = Linked<Character?>("character", arguments: true) }
        static let fields = Fields()
        let ref: RecordRef
    }
    struct Character: Fragment {
        static let typeCondition = "Character"
        struct Fields: FieldSet {
            let episodes = Linked<[Episode]>("episode")
            let optionalEpisodes = Linked<[Episode?]>("episode")
        }
        static let fields = Fields()
        let ref: RecordRef
    }
    struct Episode: Fragment {
        static let typeCondition = "Episode"
        struct Fields: FieldSet { let name = Scalar<String>("name", required: .none) }
        static let fields = Fields()
        let ref: RecordRef
    }
}

@MainActor
struct RequiredInListTests {
    @Test func aRequiredNullDropsTheElementFromANonOptionalList() throws {
        let environment = Spec.environment()
        let data = try load(RequiredInListQuery.self, response: RequiredInListQuery.response, into: environment)
        #expect(try data.character?.episodes.map { try $0.name } == ["Pilot", "Anatomy Park"])
    }

    @Test func aRequiredNullReadsNilInAListOfOptionals() throws {
        let environment = Spec.environment()
        let data = try load(RequiredInListQuery.self, response: RequiredInListQuery.response, into: environment)
        #expect(try data.character?.optionalEpisodes.map { try $0?.name } == ["Pilot", nil, "Anatomy Park"])
    }
}
