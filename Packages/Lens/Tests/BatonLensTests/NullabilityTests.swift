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
