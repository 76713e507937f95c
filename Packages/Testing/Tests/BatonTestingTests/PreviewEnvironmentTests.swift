import BatonLens
import BatonTesting
import Foundation
import Testing

/// `CharacterQuery`'s typed payload, as the compiler would generate it.
extension CharacterQuery: PayloadOperation {
    struct Payload: GraphQLInputValue {
        var character: Character?
        struct Character: GraphQLInputValue {
            var id: String
            var name: String
            var inputValue: JSONValue { ["__typename": "Character", "id": .string(id), "name": .string(name)] }
        }
        var inputValue: JSONValue { ["character": character?.inputValue ?? .null] }
    }
}

/// The preview environment: a store seeded in one call, a transport that never answers.
@MainActor
struct PreviewEnvironmentTests {
    /// A directory of recorded responses, removed with the test.
    final class Recordings {
        let directory = FileManager.default.temporaryDirectory.appending(path: "baton-preview-\(UUID().uuidString)")
        var transport: RecordedTransport { RecordedTransport(directory: directory) }

        init() throws {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        }

        deinit { try? FileManager.default.removeItem(at: directory) }

        func record(_ operationName: String, _ body: String) throws {
            try Data(body.utf8).write(to: directory.appending(path: "\(operationName).json"))
        }
    }

    @Test func aRecordedResponseSeedsAScreenThatNeverAsksTheTransport() async throws {
        let recordings = try Recordings()
        try recordings.record("Character", #"{"data":{"character":{"id":"1","name":"Rick Sanchez"}}}"#)
        let transport = ScriptedTransport()
        let environment = try GraphQLEnvironment.preview(Cast.normalization, transport: transport) { seed in
            try seed.recorded(CharacterQuery.self, variables: ["id": "1"], from: recordings.transport)
        }
        let handle = QueryHandle(CharacterQuery.self, variables: ["id": "1"], in: environment)
        #expect(handle.phase == QueryPhase.ready)
        #expect(try handle.data?.character?.name == "Rick Sanchez")
        for _ in 0..<20 { await Task.yield() }
        #expect(transport.requests.isEmpty, "a response seeded counts as a fetch: cacheFirst reads it")
    }

    @Test func aTypedPayloadAndHandWrittenDataSeedTheStoreAsWritesDo() throws {
        let environment = try GraphQLEnvironment.preview(Cast.normalization) { seed in
            try seed.payload(
                CharacterQuery.self, variables: ["id": "1"], .init(character: .init(id: "1", name: "Rick")))
            try seed.data(CharacterQuery.self, variables: ["id": "2"], Cast.character("Morty", id: "2"))
        }
        let rick = QueryHandle(CharacterQuery.self, variables: ["id": "1"], in: environment)
        let morty = QueryHandle(CharacterQuery.self, variables: ["id": "2"], in: environment)
        #expect(try rick.data?.character?.name == "Rick")
        #expect(try morty.data?.character?.name == "Morty")
    }

    @Test func whatIsNotSeededStaysLoadingOverTheSilentTransport() async throws {
        let environment = try GraphQLEnvironment.preview(Cast.normalization)
        let handle = QueryHandle(CharacterQuery.self, variables: ["id": "1"], in: environment)
        for _ in 0..<20 { await Task.yield() }
        #expect(handle.phase == .loading)
        #expect(handle.data == nil)
    }

    @Test func aSeedTheOperationCannotHoldIsRefusedNamingTheOperation() throws {
        #expect {
            _ = try GraphQLEnvironment.preview(Cast.normalization) { seed in
                try seed.data(CharacterQuery.self, variables: ["id": "1"], ["character": ["id": "1", "age": 70]])
            }
        } throws: { error in
            guard case .rejectedWrite(_, let operation)? = error as? PreviewSeedError else { return false }
            return operation == "CharacterQuery" && "\(error)".contains("age")
        }
    }

    @Test func aMissingRecordingNamesTheFilesLookedFor() throws {
        let recordings = try Recordings()
        #expect {
            _ = try GraphQLEnvironment.preview(Cast.normalization) { seed in
                try seed.recorded(CharacterQuery.self, variables: ["id": "1"], from: recordings.transport)
            }
        } throws: { error in
            guard case .notRecorded(.noRecordedResponse(let name, _, _, let tried))? = error as? PreviewSeedError
            else { return false }
            return name == "Character" && tried.last == "Character.json"
        }
    }

    @Test func aResponseThatIsNotJSONIsMalformedAndLeavesTheStoreEmpty() throws {
        var seeded: GraphQLEnvironment?
        #expect {
            _ = try GraphQLEnvironment.preview(Cast.normalization) { seed in
                seeded = seed.environment
                try seed.response(CharacterQuery.self, variables: ["id": "1"], body: Data("{\"data\":".utf8))
            }
        } throws: { error in
            guard case .malformedResponse(_, let operation)? = error as? PreviewSeedError else { return false }
            return operation == "Character"
        }
        let empty = try GraphQLEnvironment.preview(Cast.normalization)
        #expect(seeded?.store.recordCount == empty.store.recordCount)
    }
}
