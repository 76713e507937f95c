import Foundation
import Testing
import BatonLens
import BatonTestSupport

/// The conformance suite's documents compiled through the plugin: every generated template
/// plans as the runtime plans the generated document with the schema, and ingests every
/// response of the suite's cases into the same change set, with no schema at run time.
struct GeneratedTemplateTests {
    /// The conformance suite in the repository's test data, where `baton.json` finds its schema too.
    static let spec = TestData.suite

    /// What the test reads of a generated operation.
    struct Generated: Sendable {
        let template: OperationTemplate
        let document: String

        init(_ operation: any GraphQLOperation.Type) {
            template = operation.template!
            document = operation.document
        }
    }

    /// Every operation the documents define, by its GraphQL name.
    static let operations: [String: Generated] = Dictionary(
        uniqueKeysWithValues: types.map { ($0.template!.name!, Generated($0)) })

    /// Every operation type the documents define.
    static var types: [any GraphQLOperation.Type] {
        [
            FixtureQuery.self, TestAddNoteMutation.self, TestAddNoteFirstMutation.self, TestAddNoteNodeMutation.self,
            TestAddNoteNodeFirstMutation.self, TestAssetPricesQuery.self, TestAssetQuery.self, TestAssetsQuery.self,
            TestAuthorNotesQuery.self, TestCharacterSecretQuery.self, TestCharactersWithStatusQuery.self,
            TestConditionsQuery.self, TestDeleteNoteMutation.self, TestDraftsQuery.self, TestEpisodesQuery.self,
            TestFilteredCharactersQuery.self, TestFreshCharacterQuery.self, TestHeaderQuery.self, TestKeysQuery.self,
            TestNodeDeferredQuery.self, TestNodeFieldsQuery.self, TestNoteAddedSubscription.self,
            TestNotesPaginationQuery.self, TestNotesQuery.self, TestPinnedCharacterQuery.self,
            TestPricedAssetsQuery.self, TestQuoteQuery.self, TestQuotesQuery.self, TestRecentNotesPaginationQuery.self,
            TestRecentNotesQuery.self, TestRemoveNoteMutation.self, TestRenameMutation.self,
            TestRequiredOriginQuery.self, TestRootNotesQuery.self, TestSearchQuery.self, TestSearchOriginsQuery.self,
            TestSecretsQuery.self, TestSetFavoriteMutation.self, TestSetStatusesMutation.self, TestStrictQuery.self,
            TestTokenizerQuery.self, TestUnionQuery.self,
        ]
    }

    /// The runtime's rules with the schema, as an app that parses its documents has them: the
    /// extensions are the client's, as `baton.json`'s `schemaExtensions` are.
    static let withSchema: Normalization = {
        let sdl = ["tests/schema.graphql", "tests/extensions.graphql"].map { path in
            (try? String(contentsOf: Self.spec.appendingPathComponent(path), encoding: .utf8)) ?? ""
        }
        return Normalization(
            schema: try! GraphQLSchema.parse(sdl: [sdl[0]], clientExtensions: [sdl[1]]),
            cacheKeys: BatonSchema.cacheKeys)
    }()

    /// The suite's cases whose operation is generated here and whose responses the data set
    /// holds: name, operation, variables, responses.
    static let cases:
        [(name: String, operation: String, variables: [String: JSONValue], responses: [String], complete: Bool)] = {
            guard
                let manifest = try? JSONValue.parse(
                    Data(contentsOf: Self.spec.appendingPathComponent("manifest.json"))),
                case .array(let cases)? = manifest[member: "cases"]
            else { return [] }
            return cases.compactMap { json in
                guard case .string(let name)? = json[member: "name"],
                    case .string(let operation)? = json[member: "operation"],
                    operations[operation] != nil, case .array(let responses)? = json[member: "responses"]
                else { return nil }
                var variables: [String: JSONValue] = [:]
                if case .object(let members)? = json[member: "variables"] {
                    for (key, value) in members { variables[key] = value }
                }
                let complete = json[member: "complete"] != .bool(false)
                let paths = responses.compactMap { if case .string(let path) = $0 { path } else { nil } }
                guard
                    paths.allSatisfy({
                        FileManager.default.fileExists(atPath: Self.spec.appendingPathComponent($0).path)
                    })
                else { return nil }
                return (name, operation, variables, paths, complete)
            }
        }()

    @Test func everyOperationOfTheDocumentsIsGeneratedWithATemplate() {
        #expect(Self.operations.count == 42)
        #expect(Self.cases.count >= 30)
    }

    @Test("a generated template plans as its document does", arguments: operations.keys.sorted())
    func aGeneratedTemplatePlansAsItsDocumentDoes(_ name: String) throws {
        let operation = try #require(Self.operations[name])
        let variableSets = Self.cases.filter { $0.operation == name }.map(\.variables)
        for variables in variableSets.isEmpty ? [Self.placeholderVariables(operation)] : variableSets {
            let fromTemplate = try OperationPlan(
                template: operation.template, variables: variables, normalization: BatonSchema.normalization)
            let fromDocument = try OperationPlan(
                operation.document, variables: variables, normalization: Self.withSchema)
            #expect(PlanText.of(fromTemplate) == PlanText.of(fromDocument), "\(variables)")
            #expect(fromTemplate.text == fromDocument.text)
            #expect(fromTemplate.deferLabels == fromDocument.deferLabels)
        }
    }

    @Test("a case's responses ingest alike through the template without a schema", arguments: cases.map(\.name))
    func aCasesResponsesIngestAlike(_ name: String) throws {
        let testCase = try #require(Self.cases.first { $0.name == name })
        let operation = try #require(Self.operations[testCase.operation])
        let fromTemplate = try OperationPlan(
            template: operation.template, variables: testCase.variables, normalization: BatonSchema.normalization)
        let fromDocument = try OperationPlan(
            operation.document, variables: testCase.variables, normalization: Self.withSchema)
        let ingest = Ingest(completeness: testCase.complete ? .complete : .partial)
        var targets: (template: [DeferredTarget], document: [DeferredTarget]) = ([], [])
        for response in testCase.responses {
            let bytes = try Data(contentsOf: Self.spec.appendingPathComponent(response))
            let viaTemplate = Result { try ingest.ingest(bytes, plan: fromTemplate, after: targets.template) }
            let viaDocument = Result { try ingest.ingest(bytes, plan: fromDocument, after: targets.document) }
            switch (viaTemplate, viaDocument) {
            case (.success(let a), .success(let b)):
                #expect(a.changes == b.changes, "\(response)")
                targets.template += a.deferredTargets
                targets.document += b.deferredTargets
            case (.failure(let a), .failure(let b)):
                #expect("\(a)" == "\(b)")
            default:
                Issue.record("\(response): through the template \(viaTemplate), through the document \(viaDocument)")
            }
        }
    }

    /// Variables for an operation no case runs: its non-null variables given a string.
    static func placeholderVariables(_ operation: Generated) -> [String: JSONValue] {
        var variables: [String: JSONValue] = [:]
        for variable in operation.template.variables where variable.isNonNull {
            variables[variable.name] = .string("1")
        }
        return variables
    }
}

/// A plan written out field by field, to compare two plans and show where they differ.
enum PlanText {
    static func of(_ plan: OperationPlan) -> String {
        var text = "\(plan.kind) \(plan.name ?? "-") root \(plan.rootKey) \(plan.rootTypename)\n"
        write(plan.root, depth: 1, to: &text)
        return text
    }

    private static func write(_ selection: SelectionPlan, depth: Int, to text: inout String) {
        let indent = String(repeating: "  ", count: depth)
        text +=
            "\(indent)on \(selection.staticType ?? "-") typename:\(selection.needsTypename) abstract:\(selection.isAbstract)\n"
        write(selection.common, depth: depth, to: &text)
        for (typename, resolved) in selection.byType.sorted(by: { $0.key < $1.key }) {
            text += "\(indent)case \(typename)\n"
            write(resolved, depth: depth + 1, to: &text)
        }
    }

    private static func write(_ resolved: ResolvedSelection, depth: Int, to text: inout String) {
        let indent = String(repeating: "  ", count: depth)
        for field in resolved.fields {
            let arguments = field.arguments.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.jsonText())" }
            text +=
                "\(indent)\(field.responseKey): \(field.name) [\(field.storageKey)] args(\(arguments.joined(separator: ",")))"
            text +=
                " type:\(field.typeName ?? "-") list:\(field.isList.map(String.init) ?? "-") key:\(field.isKeyField)"
            text += " leaf:\(field.isPlainLeaf) defer:\(field.deferLabel ?? "-")"
            if let connection = field.connection { text += " connection:\(connection.field) \(connection.direction)" }
            if let write = field.edgeWrite { text += " edges:\(write.kind) \(write.connections)" }
            if field.deletesRecord { text += " deletes:\(field.deletedTypeName ?? "-")" }
            if field.isClientOnly { text += " client-only" }
            text += "\n"
            if let child = field.selection { write(child, depth: depth + 1, to: &text) }
        }
    }
}
