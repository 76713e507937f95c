import Testing
import BatonCompiler
import BatonNormalize

/// `@refetchable(queryName:)`: the refetch query the compiler writes for a fragment on the
/// query type, on a `Node`, or on a type a configured lookup finds; its text, hash and Swift;
/// and the fragments it refuses, each at the directive.
struct RefetchableTests {
    static let characterNotes = """
        fragment CharacterNotes on Character @refetchable(queryName: "CharacterNotesRefetchQuery") {
          name
          notes(first: $count, after: $cursor) @connection(key: "CharacterNotes_notes") {
            edges { cursor node { id text } }
            pageInfo { endCursor hasNextPage }
          }
        }
        query Screen($id: ID!, $count: Int, $cursor: String) { character(id: $id) { ...CharacterNotes } }
        """

    /// The text sent for operation `name`, from the manifest.
    static func sent(_ name: String, in output: Compiler.Output) -> String? {
        output.manifest.operations.first { $0.name == name }?.body
    }

    @Test func aFragmentOnALookedUpTypeIsRefetchedThroughItsLookupWithTheVariablesItUses() throws {
        let output = SpecSchema.compile(Self.characterNotes)
        #expect(output.errors.isEmpty, "\(output.errors)")
        let sent = try #require(Self.sent("CharacterNotesRefetchQuery", in: output))
        #expect(
            sent.hasPrefix(
                "query CharacterNotesRefetchQuery($id:ID!,$count:Int,$cursor:String){character(id:$id){...CharacterNotes"
            ), "\(sent)")
        #expect(sent.contains("fragment CharacterNotes on Character{"), "\(sent)")
        #expect(!sent.contains("refetchable"), "the directive is the client's")
        #expect(output.swift.contains("enum CharacterNotesRefetchQuery: TypedVariablesOperation, PayloadOperation"))
        #expect(output.swift.contains("static let persistedQueryHash = \"\(SHA256.hexDigest(sent))\""))
        #expect(output.swift.contains("extension CharacterNotes: RefetchableFragment {"))
        #expect(output.swift.contains("typealias RefetchQuery = CharacterNotesRefetchQuery"))
        #expect(
            output.swift.contains(
                #"static let refetchTarget = RefetchTarget.lookup(field: "character", arguments: [.init(argument: "id", keyField: "id")])"#
            ))
        let document = try #require(
            ConfigurationTests.stringLiteral(
                after: "static let document = ",
                in: String(output.swift[output.swift.range(of: "enum CharacterNotesRefetchQuery")!.lowerBound...])))
        let plan = try OperationPlan(
            document: Document.parse(document), variables: ["id": "1", "count": 2],
            normalization: SpecSchema.normalization)
        #expect(plan.text == sent, "the runtime sends what the compiler hashed")
    }

    @Test func aFragmentsOwnArgumentsAreItsRefetchQuerysVariablesWithTheirDefaults() throws {
        let output = SpecSchema.compile(
            """
            fragment CharacterNotes on Character
              @refetchable(queryName: "CharacterNotesRefetchQuery")
              @argumentDefinitions(count: {type: "Int", defaultValue: 3}, cursor: {type: "String"}) {
              name
              notes(first: $count, after: $cursor) @connection(key: "CharacterNotes_notes") {
                edges { cursor node { id text } }
                pageInfo { endCursor hasNextPage }
              }
            }
            query Screen($id: ID!) { character(id: $id) { ...CharacterNotes @arguments(count: 2) } }
            """)
        #expect(output.errors.isEmpty, "\(output.errors)")
        let sent = try #require(Self.sent("CharacterNotesRefetchQuery", in: output))
        #expect(
            sent.hasPrefix(
                "query CharacterNotesRefetchQuery($id:ID!,$count:Int=3,$cursor:String){character(id:$id){...CharacterNotes_"
            ), "the spread passes the query's variables to the fragment's arguments: \(sent)")
        #expect(sent.contains("notes(first:$count,after:$cursor)"), "\(sent)")
        #expect(!sent.contains("argumentDefinitions") && !sent.contains("@arguments"), "\(sent)")
        let document = try #require(
            ConfigurationTests.stringLiteral(
                after: "static let document = ",
                in: String(output.swift[output.swift.range(of: "enum CharacterNotesRefetchQuery")!.lowerBound...])))
        let plan = try OperationPlan(
            document: Document.parse(document), variables: ["id": "1", "count": 2],
            normalization: SpecSchema.normalization)
        #expect(plan.text == sent, "the runtime sends what the compiler hashed")
    }

    @Test func aFragmentArgumentNamedAsAVariableASpreadFragmentUsesIsRefused() {
        let output = SpecSchema.compile(
            """
            fragment NoteText on Note { text @include(if: $count) }
            fragment CharacterNotes on Character
              @refetchable(queryName: "CharacterNotesRefetchQuery")
              @argumentDefinitions(count: {type: "Int", defaultValue: 3}) {
              notes(first: $count) { edges { node { id ...NoteText } } }
            }
            """)
        #expect(
            output.errors.map(\.message).contains { $0.contains("declares the argument 'count'") }, "\(output.errors)")
    }

    @Test func aFragmentOnANodeTypeWithoutALookupOfItsOwnIsRefetchedThroughNode() throws {
        let output = SpecSchema.compile(
            """
            fragment NoteRow on Note @refetchable(queryName: "NoteRowRefetch") { text }
            """)
        #expect(output.errors.isEmpty, "\(output.errors)")
        let sent = try #require(Self.sent("NoteRowRefetch", in: output))
        #expect(sent.hasPrefix("query NoteRowRefetch($id:ID!){node(id:$id){...NoteRow"), "\(sent)")
        #expect(
            output.swift.contains("enum NoteRowRefetchQuery: TypedVariablesOperation"),
            "Query is added to the type's name")
        #expect(output.swift.contains("typealias RefetchQuery = NoteRowRefetchQuery"))
        #expect(
            output.swift.contains(
                #"RefetchTarget.lookup(field: "node", arguments: [.init(argument: "id", keyField: "id")])"#))
    }

    @Test func aFragmentOnTheQueryTypeIsSpreadAtTheRoot() throws {
        let output = SpecSchema.compile(
            """
            fragment Lookup on Query @refetchable(queryName: "LookupRefetchQuery") {
              character(id: $who) { name }
            }
            """)
        #expect(output.errors.isEmpty, "\(output.errors)")
        let sent = try #require(Self.sent("LookupRefetchQuery", in: output))
        #expect(sent.hasPrefix("query LookupRefetchQuery($who:ID!){...Lookup}"), "\(sent)")
        #expect(output.swift.contains("static let refetchTarget = RefetchTarget.root"))
        #expect(output.swift.contains("enum LookupRefetchQuery: TypedVariablesOperation"))
    }

    @Test func aTypeKeyedByTheConfigurationIsLookedUpByItsKeyFields() throws {
        let output = SpecSchema.compile(
            "fragment AssetRow on Asset @refetchable(queryName: \"AssetRowRefetchQuery\") { name }")
        #expect(output.errors.isEmpty, "\(output.errors)")
        let sent = try #require(Self.sent("AssetRowRefetchQuery", in: output))
        #expect(sent.hasPrefix("query AssetRowRefetchQuery($uuid:String!){asset(uuid:$uuid){...AssetRow"), "\(sent)")
        #expect(output.swift.contains(#"arguments: [.init(argument: "uuid", keyField: "uuid")]"#))
    }

    @Test func aVariableUsedNonNullSomewhereIsDeclaredNonNull() throws {
        let output = SpecSchema.compile(
            """
            fragment Both on Query @refetchable(queryName: "BothQuery") {
              a: character(id: $id) { name @include(if: $on) }
              b: location(id: $id) { name }
            }
            """)
        #expect(output.errors.isEmpty, "\(output.errors)")
        let sent = try #require(Self.sent("BothQuery", in: output))
        #expect(sent.hasPrefix("query BothQuery($id:ID!,$on:Boolean!){...Both}"), "\(sent)")
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let document: String
        let message: String
        var testDescription: String { name }
    }

    @Test(arguments: [
        Case(
            name: "a type with no way to look it up",
            document: "fragment T on Tokenizer @refetchable(queryName: \"TQuery\") { __typename }",
            message: "which it cannot be fetched again through"),
        Case(
            name: "a query name another operation has",
            document: """
                fragment C on Character @refetchable(queryName: "Screen") { name }
                query Screen { character(id: 1) { ...C } }
                """,
            message: "names operation 'Screen'"),
        Case(
            name: "a query whose Swift type a fragment has",
            document: """
                fragment CQuery on Character { name }
                fragment C on Character @refetchable(queryName: "C") { name }
                """,
            message: "names fragment 'CQuery' (Swift type 'CQuery')"),
        Case(
            name: "a query name another refetchable fragment takes",
            document: """
                fragment D on Character @refetchable(queryName: "Same") { name }
                fragment C on Character @refetchable(queryName: "SameQuery") { name }
                """,
            message: "names the refetch query of 'D'"),
        Case(
            name: "an empty query name",
            document: "fragment C on Character @refetchable(queryName: \"\") { name }",
            message: "@refetchable needs a queryName"),
        Case(
            name: "a variable the lookup takes",
            document:
                "fragment C on Character @refetchable(queryName: \"CQuery\") { location { residents { name } } origin { name @include(if: $id) } }",
            message: "uses '$id', which its refetch query's lookup 'character' takes"),
    ])
    func aFragmentThatCannotBeRefetchedIsAnErrorAtItsDirective(_ test: Case) throws {
        let output = SpecSchema.compile(test.document)
        let error = try #require(output.errors.first, "\(test.name)")
        #expect(error.rule == .clientDirective, "\(output.errors)")
        #expect(error.message.contains(test.message), "\(error.message)")
        let lines = test.document.split(separator: "\n", omittingEmptySubsequences: false)
        let line = try #require(
            lines.lastIndex { $0.contains("@refetchable") }, "the later definition is the one in error")
        #expect(error.line == line + 1)
        #expect(
            error.column == lines[line].distance(
                from: lines[line].startIndex, to: lines[line].range(of: "@refetchable")!.lowerBound) + 1)
        #expect(error.file == "Doc.graphql")
        #expect(output.swift.isEmpty)
    }

    @Test func aMissingQueryNameIsARequiredArgument() {
        let output = SpecSchema.compile("fragment C on Character @refetchable { name }")
        #expect(output.errors.map(\.rule) == [.requiredArguments], "\(output.errors)")
        #expect(output.errors.first?.message.contains("queryName") == true, "\(output.errors)")
        #expect(output.errors.first.map { [$0.line, $0.column] } == [1, 25])
    }

    @Test func refetchableMarksOnlyFragmentDefinitions() {
        let output = SpecSchema.compile("query Q @refetchable(queryName: \"X\") { character(id: 1) { name } }")
        #expect(output.errors.map(\.rule) == [.directiveDefinedAndPlaced], "\(output.errors)")
    }

    @Test func aLookupTheConfigurationNamesMustBeARootFieldTakingItsArguments() throws {
        let configuration = CompilerConfiguration(
            lookups: [.init(field: "Query.character", type: "Character", arguments: ["key"])],
            text: #"{"lookups": [{"field": "Query.character", "type": "Character", "argument": "key"}]}"#)
        let schema = GraphQLSource(
            file: "schema.graphql", text: "type Query { character(id: ID!): Character } type Character { id: ID }")
        #expect(throws: CompilerError.self) { try CompilerSchema(sources: [schema], configuration: configuration) }
        do {
            _ = try CompilerSchema(sources: [schema], configuration: configuration)
        } catch {
            #expect(error.message.contains("names argument 'key', which the field does not take"), "\(error)")
            #expect([error.line, error.column] == [1, 76])
        }
    }

    @Test func theConfigurationReadsLookupsWithOneArgumentOrSeveral() throws {
        let configuration = try CompilerConfiguration.parse(
            #"{"lookups": [{"field": "Query.character", "type": "Character", "argument": "id"}, {"field": "quote", "type": "Quote", "arguments": ["base", "quote"]}]}"#,
            file: "baton.json")
        #expect(
            configuration.lookups == [
                .init(field: "character", type: "Character", arguments: ["id"]),
                .init(field: "quote", type: "Quote", arguments: ["base", "quote"]),
            ])
    }
}
