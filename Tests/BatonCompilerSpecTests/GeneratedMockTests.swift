import BatonLens
import BatonTesting
import Testing

/// Every operation the conformance documents define, mocked whole from its generated template
/// and `BatonSchema.selectedSchema` (lists of one, nullable fields filled): each mock passes the
/// builder's own ingest, then lands in a store through the ingest a fetch runs, under the
/// app's normalization, which has no schema.
@MainActor
@Suite struct GeneratedMockTests {
    static let mocks = try! MockBuilder(
        schema: BatonSchema.selectedSchema, normalization: BatonSchema.normalization,
        options: MockOptions(listLength: .one, fillsNullableFields: true))

    /// The variables the suite's first case of each operation runs it with, and those of the
    /// operations with non-null variables that no case runs.
    static let variables: [String: [String: JSONValue]] = {
        var variables: [String: [String: JSONValue]] = [
            "TestAssetQuery": ["uuid": "a-1"], "TestAuthorNotesQuery": ["id": "1"],
            "TestCharactersWithStatus": ["status": "ALIVE"],
            "TestFilteredCharacters": ["filters": .array([.object([("name", "Rick")])])],
            "TestFreshCharacter": ["id": "1"], "TestPricedAssetsQuery": ["price": "10.5"],
            "TestPinnedCharacter": ["id": "1"], "TestQuoteQuery": ["base": "EUR", "quote": "USD"],
            "TestRequiredOrigin": ["id": "1"], "TestSecrets": ["code": "c"],
        ]
        for entry in GeneratedTemplateTests.cases where variables[entry.operation] == nil {
            variables[entry.operation] = entry.variables
        }
        return variables
    }()

    @Test(arguments: GeneratedTemplateTests.operations.keys.sorted())
    func everyGeneratedOperationMocksWholeAndLandsInAStore(_ name: String) throws {
        let generated = try #require(GeneratedTemplateTests.operations[name])
        let variables = Self.variables[name] ?? [:]
        let plan = try OperationPlan(
            template: generated.template, variables: variables, normalization: BatonSchema.normalization)
        let type = try #require(GeneratedTemplateTests.types.first { $0.template?.name == name })
        let bytes = try Self.mocks.response(type, variables: variables)
        let store = Store(normalization: BatonSchema.normalization)
        store.commit(try Ingest().ingest(bytes, plan: plan).changes)
        #expect(bytes == (try Self.mocks.response(type, variables: variables)))
    }
}

extension MockBuilder {
    /// The bytes of a whole response to `operation`, which need not have a typed payload.
    func response(_ operation: any GraphQLOperation.Type, variables: [String: JSONValue]) throws -> [UInt8] {
        func open<Op: GraphQLOperation>(_ operation: Op.Type) throws -> JSONValue {
            try data(operation, variables: variables, partial: .object([]))
        }
        return JSONValue.object([("data", try open(operation))]).jsonBytes()
    }
}
