import Testing
import BatonNormalize
import BatonRecords

/// A payload given as a `JSONValue` tree (what app code writes) is walked as it is, never
/// written to text: it ingests to exactly the changes, and throws exactly the errors (kind and
/// path), that the bytes of the same payload ingest to.
@Suite struct IngestTreeTests {
    static let normalization = Normalization(schema: PlanTests.schema)
    static let grids = Normalization(
        schema: try! GraphQLSchema.parse(
            sdl: """
                type Query { grid: [[Cell]] scores: [[Int]] rows: [[[String]]] }
                type Cell { id: ID label: String }
                """))

    /// The outcome of one ingest: its changes and whether it had data, or its error.
    enum Outcome: Equatable {
        case ingested(ChangeSet, hasData: Bool, deferred: Int)
        case refused(IngestError)
    }

    static func outcome(_ body: () throws(IngestError) -> IngestResult) -> Outcome {
        do {
            let result = try body()
            return .ingested(result.changes, hasData: result.hasData, deferred: result.deferredTargets.count)
        } catch {
            return .refused(error)
        }
    }

    /// The ingest of `data` as a tree and as the bytes of `{"data": data}`, with `ingest`.
    func bothWays(
        _ document: String, _ data: JSONValue, ingest: Ingest = .handWritten,
        normalization: Normalization = Self.normalization
    ) throws -> (tree: Outcome, bytes: Outcome) {
        let plan = try OperationPlan(document, normalization: normalization)
        let tree = Self.outcome { () throws(IngestError) in try ingest.ingest(data: data, plan: plan) }
        let bytes = Self.outcome { () throws(IngestError) in
            try ingest.ingest(JSONValue.object([("data", data)]).jsonBytes(), plan: plan)
        }
        return (tree, bytes)
    }

    /// The error both forms are refused with, having checked that they are refused alike.
    func refusal(
        _ document: String, _ data: JSONValue, ingest: Ingest = .handWritten,
        normalization: Normalization = Self.normalization
    ) throws -> IngestError {
        let (tree, bytes) = try bothWays(document, data, ingest: ingest, normalization: normalization)
        #expect(tree == bytes)
        guard case .refused(let error) = tree else {
            Issue.record("the tree was not refused: \(tree)")
            throw IngestError(.notAResponse("ingested"))
        }
        return error
    }

    @Test func theFixtureAsATreeIngestsToTheChangesOfItsBytes() throws {
        let data = try #require(try JSONValue.parse(Fixture.response)[member: "data"])
        let tree = Self.outcome { () throws(IngestError) in
            try Ingest.handWritten.ingest(data: data, plan: Fixture.plan)
        }
        let server = Self.outcome { () throws(IngestError) in try Ingest().ingest(Fixture.response, plan: Fixture.plan)
        }
        let written = Self.outcome { () throws(IngestError) in
            try Ingest.handWritten.ingest(JSONValue.object([("data", data)]).jsonBytes(), plan: Fixture.plan)
        }
        guard case .ingested(let changes, true, _) = tree else {
            Issue.record("the tree did not ingest: \(tree)")
            return
        }
        #expect(changes.snapshots.count > 800)
        #expect(tree == written)
        #expect(tree == server)
    }

    /// The reader copies each key's bytes once per string it meets (by the string's bits):
    /// hundreds of distinct keys, short and past the 15 bytes a string holds inline, sharing
    /// the cache's slots, each still reads as itself.
    @Test func manyDistinctKeysShortAndLongIngestAlikeFromATree() throws {
        let aliases = (0..<600).map { $0.isMultiple(of: 2) ? "k\($0)" : "aLongAliasPastInlineStrings_\($0)" }
        let document = "{ grid { " + aliases.map { "\($0): label" }.joined(separator: " ") + " id } }"
        let cells: JSONValue = .array([
            .array(
                (0..<3).map { row in
                    .object(
                        [("__typename", .string("Cell")), ("id", .string("c\(row)"))]
                            + aliases.map { ($0, JSONValue.string("\($0)@\(row)")) })
                })
        ])
        let (tree, bytes) = try bothWays(document, .object([("grid", cells)]), normalization: Self.grids)
        guard case .ingested(let changes, true, _) = tree else {
            Issue.record("the tree did not ingest: \(tree)")
            return
        }
        #expect(tree == bytes)
        #expect(changes.snapshots.count == 4)
    }

    @Test func aliasesConnectionsUnionsAndCustomScalarsIngestAlikeFromATree() throws {
        let document = """
            {
              hero: character(id: "1") {
                id name state: status
                episode { id name }
                notes(first: 2) @connection(key: "Hero_notes") {
                  edges { cursor node { id text } } pageInfo { hasNextPage endCursor } totalCount
                }
              }
              tokenizer { id json jsons ratio ratios counts flags strings }
              search(name: "R") { __typename ... on Character { id name } ... on Location { id dimension } }
            }
            """
        let data: JSONValue = .object([
            (
                "hero",
                .object([
                    ("id", "1"), ("name", "Rick \"C-137\"\n"), ("state", .null),
                    ("episode", .array([.object([("id", "28"), ("name", "Pilot")]), .null])),
                    (
                        "notes",
                        .object([
                            (
                                "edges",
                                .array([
                                    .object([("cursor", "c1"), ("node", .object([("id", "n1"), ("text", "hi")]))])
                                ])
                            ),
                            ("pageInfo", .object([("hasNextPage", true), ("endCursor", "c1")])),
                            ("totalCount", 1),
                        ])
                    ),
                ])
            ),
            (
                "tokenizer",
                .object([
                    ("id", "t"),
                    ("json", .object([("a", .double(2.0)), ("b", .array([.double(1.5), .double(.infinity), "x"]))])),
                    ("jsons", .array([.object([]), .array([]), .null, .double(1e20)])),
                    ("ratio", .double(3.0)), ("ratios", .array([.double(0.25), .int(4), .null])),
                    ("counts", .array([.double(7.0), .int(-1)])), ("flags", .array([true, false])),
                    ("strings", .array(["ü ✓", "\u{0}"])),
                ])
            ),
            (
                "search",
                .array([
                    .object([("__typename", "Location"), ("id", "9"), ("dimension", "C-137")]),
                    .object([("__typename", "Character"), ("name", "Morty"), ("id", "2")]),
                ])
            ),
        ])
        let (tree, bytes) = try bothWays(document, data)
        guard case .ingested(let changes, _, _) = tree else {
            Issue.record("the tree did not ingest: \(tree)")
            return
        }
        #expect(tree == bytes)
        #expect(changes["Character:1"]?["status"] == .null)
        #expect(changes["Location:9"]?["dimension"] == .string("C-137"))
        #expect(changes.snapshots.contains { $0.key.description.contains("Hero_notes") })
    }

    @Test func listsOfListsIngestAlikeFromATree() throws {
        let cell: (String) -> JSONValue = { .object([("id", .string($0)), ("label", .string("cell " + $0))]) }
        let data: JSONValue = .object([
            ("grid", .array([.array([cell("a"), .null]), .array([]), .null, .array([cell("b")])])),
            ("scores", .array([.array([1, .double(2.0)]), .null, .array([])])),
            ("rows", .array([.array([.array(["x", .null])])])),
        ])
        let (tree, bytes) = try bothWays(
            "{ grid { id label } scores rows }", data, normalization: Self.grids)
        guard case .ingested(let changes, _, _) = tree else {
            Issue.record("the tree did not ingest: \(tree)")
            return
        }
        #expect(tree == bytes)
        #expect(changes["Cell:b"]?["label"] == .string("cell b"))
    }

    @Test func deferredFieldsLeftOutOfACompleteTreeAreNoGap() throws {
        let document = #"{ character(id: "1") { id ... @defer(label: "more") { name status } } }"#
        let data: JSONValue = .object([("character", .object([("id", "1")]))])
        let (tree, bytes) = try bothWays(document, data, ingest: Ingest())
        guard case .ingested(_, true, let deferred) = tree else {
            Issue.record("the tree did not ingest: \(tree)")
            return
        }
        #expect(deferred == 1)
        #expect(tree == bytes)
    }

    @Test func eachErrorOfAHandWrittenTreeIsTheBytesErrorAtTheSamePath() throws {
        let character = #"{ character(id: "1") { id name origin { id } episode { id } } }"#
        func at(_ members: [(String, JSONValue)]) -> JSONValue { .object([("character", .object(members))]) }

        let typo = try refusal(character, at([("id", "1"), ("nmae", "Rick")]))
        #expect(typo.kind == .unselectedKey("nmae", nearest: "name"))
        #expect(typo.pathText == "character")

        let number = try refusal(character, at([("name", .double(4.5))]))
        #expect(number.kind == .wrongScalar(type: "String", expected: "a JSON string", found: "4.5"))
        #expect(number.pathText == "character.name")

        let scalar = try refusal(character, at([("origin", "Earth")]))
        #expect(scalar.kind == .wrongType(expected: "an object", found: "a string"))
        #expect(scalar.pathText == "character.origin")

        let object = try refusal(character, at([("episode", .object([("id", "1")]))]))
        #expect(object.kind == .wrongType(expected: "a list", found: "an object"))

        let inList = try refusal(character, at([("episode", .array([.object([("id", "1")]), 7]))]))
        #expect(inList.pathText == "character.episode.1")

        let leaf = try refusal(character, at([("name", .object([("first", "Rick")]))]))
        #expect(leaf.kind == .wrongScalar(type: "String", expected: "a JSON string", found: "an object"))

        let nested = try refusal(character, at([("origin", .object([("id", "9"), ("name", "Earth")]))]))
        #expect(nested.kind == .unselectedKey("name", nearest: nil))
        #expect(nested.pathText == "character.origin")

        let null = try refusal("mutation { setLists { ids } }", .object([("setLists", .object([("ids", .null)]))]))
        #expect(null.kind == .nullInNonNull(type: "[ID!]!"))

        let missing = try refusal(
            character, at([("id", "1")]), ingest: Ingest(completeness: .complete, rejectsUnselectedKeys: true))
        #expect(missing.kind == .missingField("name"))

        let untyped = try refusal(
            #"{ search(name: "R") { __typename ... on Character { id } } }"#,
            .object([("search", .array([.object([("id", "1")])]))]), ingest: Ingest(completeness: .partial))
        #expect(untyped.kind == .missingTypename)
        #expect(untyped.pathText == "search.0")
    }

    @Test func anIntegralDoubleIsAnIntAsItsTextWouldBe() throws {
        let (tree, bytes) = try bothWays(
            "{ tokenizer { id count ratio } }",
            .object([("tokenizer", .object([("id", "t"), ("count", .double(3.0)), ("ratio", .double(2.0))]))]))
        guard case .ingested(let changes, _, _) = tree else {
            Issue.record("the tree did not ingest: \(tree)")
            return
        }
        #expect(tree == bytes)
        #expect(changes["Tokenizer:t"]?["count"] == .int(3))
    }

    @Test func anObjectAsATreeIngestsIntoItsRecordAsItsBytesDo() throws {
        let plan = try FragmentPlan(
            "Row", in: IngestRecordTests.document, normalization: IngestRecordTests.normalization)
        let object: JSONValue = .object([
            ("__typename", "Character"), ("name", "Rick"), ("origin", .object([("id", "9"), ("name", "Earth")])),
            ("episode", .array([.object([("id", "28"), ("name", "Pilot")]), .null])), ("status", "Alive"),
        ])
        let tree = Self.outcome { () throws(IngestError) in
            try Ingest.handWritten.ingest(object: object, into: "Character:1", plan: plan)
        }
        let bytes = Self.outcome { () throws(IngestError) in
            try Ingest.handWritten.ingest(object.jsonBytes(), into: "Character:1", plan: plan)
        }
        #expect(tree == bytes)
        guard case .ingested(let changes, _, _) = tree else {
            Issue.record("the tree did not ingest: \(tree)")
            return
        }
        #expect(changes["Character:1"]?["origin"] == .link("Location:9"))

        let typo: JSONValue = .object([("origin", .object([("id", "9"), ("nmae", "Earth")]))])
        let treeError = Self.outcome { () throws(IngestError) in
            try Ingest.handWritten.ingest(object: typo, into: "Character:1", plan: plan)
        }
        let bytesError = Self.outcome { () throws(IngestError) in
            try Ingest.handWritten.ingest(typo.jsonBytes(), into: "Character:1", plan: plan)
        }
        #expect(treeError == bytesError)
        guard case .refused(let error) = treeError else {
            Issue.record("the typo was not refused")
            return
        }
        #expect(error.kind == .unselectedKey("nmae", nearest: "name"))
        #expect(error.pathText == "origin")
    }
}
