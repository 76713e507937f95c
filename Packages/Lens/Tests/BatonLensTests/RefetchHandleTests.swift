import Foundation
import Testing
import BatonLens
import BatonTestSupport

/// `RefetchHandle`: a `@refetchable` fragment fetched again under new variables through its
/// refetch query, its lens re-pointed once the answer lands, its failures thrown typed.
@MainActor
struct RefetchHandleTests {
    nonisolated static let morty = Data(
        """
        {"data":{"character":{"id":"2","name":"Morty Smith","notes":{"totalCount":0,"edges":[],\
        "pageInfo":{"endCursor":null,"hasNextPage":false}}}}}
        """.utf8)

    /// The screen's query committed for Rick, and its character's lens.
    static func screen(_ environment: GraphQLEnvironment) throws -> CharacterNotes {
        let data = try load(
            NotesScreenQuery.self, variables: ["id": "1"],
            response: String(decoding: NotesQuery.firstPage, as: UTF8.self), into: environment)
        return try #require(try data.character)
    }

    @Test func theOldDataStaysReadableUntilTheAnswerLandsThenTheLensIsRePointed() async throws {
        let transport = GatedTransport()
        let environment = Spec.environment(transport)
        let handle = RefetchHandle(try Self.screen(environment), variables: ["id": "1"], in: environment)
        #expect(try handle.lens.name == "Rick Sanchez")

        let refetch = Task { try await handle.refetch(variables: ["id": "2", "count": 5]) }
        #expect(await eventually { transport.waiting == 1 })
        #expect(handle.isRefetching)
        #expect(try handle.lens.name == "Rick Sanchez", "the old data until the answer lands")
        #expect(handle.variables == ["id": "1"])

        transport.answer(.success(Self.morty))
        try await refetch.value

        #expect(!handle.isRefetching)
        #expect(try handle.lens.name == "Morty Smith")
        #expect(handle.lens.key != (try Self.screen(environment)).key)
        #expect(handle.variables == ["id": "2", "count": 5])
        #expect(handle.error == nil)
        let plan = try environment.plan(CharacterNotesRefetchQuery.self, variables: ["id": "2", "count": 5])
        #expect(
            handle.lens.ref.selection === plan.root.common.fields.first?.selection, "the new variables' storage keys")
    }

    @Test func aRefetchTakesTheLookupKeyFromTheLensRecordAndSendsTheFragmentsVariables() async throws {
        let transport = ScriptedTransport { _, _ in NotesQuery.firstPage }
        let environment = Spec.environment(transport)
        let handle = RefetchHandle(
            try Self.screen(environment), variables: ["id": "1", "unused": true], in: environment)
        #expect(handle.variables == ["id": "1"], "variables the refetch query does not declare are dropped")

        try await handle.refetch(variables: ["count": 2])

        #expect(transport.requests.map(\.variables) == [["id": "1", "count": 2]])
        #expect(transport.requests.first?.operationName == "CharacterNotesRefetchQuery")
        #expect(try handle.lens.notes.edges.count == 2)
    }

    @Test func aFailedRefetchIsThrownTypedAndKeptWhileTheLensStays() async throws {
        let environment = Spec.environment(ScriptedTransport.failing())
        let lens = try Self.screen(environment)
        let handle = RefetchHandle(lens, variables: ["id": "1"], in: environment)

        await #expect(throws: OperationError.self) { try await handle.refetch(variables: ["id": "2"]) }

        #expect(handle.error?.kind == .transport)
        #expect(handle.lens.ref.record === lens.ref.record)
        #expect(try handle.lens.name == "Rick Sanchez")
        #expect(handle.variables == ["id": "1"])
        #expect(!handle.isRefetching)
    }

    @Test func anAnswerWithoutTheRecordIsARefusalAndTheLensStays() async throws {
        let environment = Spec.environment(ScriptedTransport(answering: #"{"data":{"character":null}}"#))
        let lens = try Self.screen(environment)
        let handle = RefetchHandle(lens, variables: ["id": "1"], in: environment)

        do {
            try await handle.refetch(variables: ["id": "404"])
            Issue.record("a refetch whose answer holds no record must throw")
        } catch {
            guard case .refused(.refetch(.notInAnswer(let fragment, let operation))) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(fragment == "CharacterNotes")
            #expect(operation == "CharacterNotesRefetchQuery")
        }
        #expect(handle.error?.kind == .noData)
        #expect(try handle.lens.name == "Rick Sanchez")
    }

    @Test func aViewReadingTheLensReRendersWhenTheHandleIsRePointed() async throws {
        let environment = Spec.environment(ScriptedTransport { _, _ in Self.morty })
        let handle = RefetchHandle(try Self.screen(environment), variables: ["id": "1"], in: environment)
        let log = RenderLog()
        render("row", in: log) { _ = try? handle.lens.name }

        try await handle.refetch(variables: ["id": "2"])

        #expect(log.fired == ["row": 1])
    }

    @Test func aRecordWithoutTheLookupsKeyFieldIsARefusalAndNothingIsSent() async throws {
        let transport = ScriptedTransport { _, _ in Self.morty }
        let environment = Spec.environment(transport)
        let data = try load(
            NameOnlyRefetchQuery.self, variables: ["id": "1"],
            response: #"{"data":{"character":{"id":null,"name":"Rick Sanchez"}}}"#, into: environment)
        let handle = RefetchHandle(try #require(try data.character), in: environment)

        do {
            try await handle.refetch()
            Issue.record("a record without its key cannot be looked up")
        } catch {
            guard case .refused(.refetch(.missingKey(let fragment, let field, _))) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(fragment == "NameOnly")
            #expect(field == "id")
        }
        #expect(transport.count == 0)
        #expect(try handle.lens.name == "Rick Sanchez")
    }
}
