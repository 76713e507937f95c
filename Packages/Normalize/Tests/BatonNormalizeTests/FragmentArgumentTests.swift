import Testing
import BatonNormalize
import BatonRecords

/// Relay's fragment arguments (`@argumentDefinitions` on a fragment, `@arguments` on a
/// spread): the plan and the text sent are both made from the document with each spread's
/// values applied, so a response lands under the storage keys the spread's values make.
@Suite struct FragmentArgumentTests {
    static let normalization = Normalization(schema: PlanTests.schema)

    static let notes = """
        fragment Notes on Character @argumentDefinitions(count: {type: "Int", defaultValue: 10}, cursor: {type: "String"}) {
          notes(first: $count, after: $cursor) { edges { cursor } }
        }
        """

    func plan(_ text: String, variables: [String: JSONValue] = [:]) throws -> OperationPlan {
        try OperationPlan(text, variables: variables, normalization: Self.normalization)
    }

    func ingest(_ plan: OperationPlan, _ response: String) throws -> ChangeSet {
        try Ingest().ingest(Array(response.utf8), plan: plan).changes
    }

    @Test func theTextSentNamesACopyPerSpreadsValuesWithoutTheDirectives() throws {
        let plan = try plan(
            #"query Q { a: character(id: "1") { id ...Notes @arguments(count: 2) } b: character(id: "2") { id ...Notes } }"#
                + "\n" + Self.notes)
        let copy = "Notes_" + SHA256.hexDigest("count:2").prefix(8)
        #expect(
            plan.request.document
                == #"query Q{a:character(id:"1"){id,...\#(copy)},b:character(id:"2"){id,...Notes}}"#
                + #"fragment \#(copy) on Character{notes(first:2){edges{cursor}}}"#
                + #"fragment Notes on Character{notes(first:10){edges{cursor}}}"#)
        #expect(!plan.request.document.contains("argument"))
    }

    @Test func twoSpreadsWithDifferentValuesLandUnderTheirOwnStorageKeys() throws {
        let plan = try plan(
            #"query Q { a: character(id: "1") { id ...Notes @arguments(count: 2, cursor: "c9") } b: character(id: "2") { id ...Notes } }"#
                + "\n" + Self.notes)
        let changes = try ingest(
            plan,
            #"{"data":{"a":{"id":"1","notes":{"edges":[{"cursor":"c10"}]}},"b":{"id":"2","notes":{"edges":[]}}}}"#)
        let first = try #require(changes["Character:1"])
        let second = try #require(changes["Character:2"])
        #expect(first.cells.map(\.storageKey).contains(#"notes(after:"c9",first:2)"#))
        #expect(second.cells.map(\.storageKey).contains("notes(first:10)"))
        #expect(!second.cells.map(\.storageKey).contains { $0.contains("after") })
    }

    @Test func aVariableOfTheOperationPassedAsAnArgumentStaysAVariable() throws {
        let text = """
            query Q($p: Int) { ...Page @arguments(page: $p) }
            fragment Page on Query @argumentDefinitions(page: {type: "Int"}) { characters(page: $page) { info { count } } }
            """
        let plan = try plan(text, variables: ["p": .int(2)])
        let copy = "Page_" + SHA256.hexDigest("page:$p").prefix(8)
        #expect(
            plan.request.document
                == "query Q($p:Int){...\(copy)}fragment \(copy) on Query{characters(page:$p){info{count}}}")
        let changes = try ingest(plan, #"{"data":{"characters":{"info":{"count":7}}}}"#)
        let root = try #require(changes.snapshots.first { $0.key == .root })
        #expect(root.cells.map(\.storageKey).contains("characters(page:2)"))
    }

    @Test func aLocalVariableShadowsTheOperationsOfTheSameName() throws {
        let text = """
            query Q($count: Int) { character(id: "1") { id ...Notes @arguments(count: 3) } other: character(id: "2") { id notes(first: $count) { edges { cursor } } } }
            \(Self.notes)
            """
        let plan = try plan(text, variables: ["count": .int(5)])
        let changes = try ingest(
            plan,
            #"{"data":{"character":{"id":"1","notes":{"edges":[]}},"other":{"id":"2","notes":{"edges":[]}}}}"#)
        #expect(try #require(changes["Character:1"]).cells.map(\.storageKey).contains("notes(first:3)"))
        #expect(try #require(changes["Character:2"]).cells.map(\.storageKey).contains("notes(first:5)"))
    }

    @Test func aFragmentPassesItsOwnArgumentOnToAnotherFragment() throws {
        let text = """
            query Q { character(id: "1") { id ...Outer @arguments(n: 4) } }
            fragment Outer on Character @argumentDefinitions(n: {type: "Int", defaultValue: 1}) { name ...Notes @arguments(count: $n) }
            \(Self.notes)
            """
        let plan = try plan(text)
        let changes = try ingest(
            plan, #"{"data":{"character":{"id":"1","name":"Rick","notes":{"edges":[]}}}}"#)
        #expect(try #require(changes["Character:1"]).cells.map(\.storageKey).contains("notes(first:4)"))
        #expect(!plan.request.document.contains("$n"))
    }

    @Test func aLocalVariableInAConditionIsReplacedToo() throws {
        let text = """
            query Q { character(id: "1") { id ...Named @arguments(withName: false) } }
            fragment Named on Character @argumentDefinitions(withName: {type: "Boolean!", defaultValue: true}) {
              name @include(if: $withName)
            }
            """
        let plan = try plan(text)
        let copy = "Named_" + SHA256.hexDigest("withName:false").prefix(8)
        #expect(
            plan.request.document.hasSuffix("fragment \(copy) on Character{name@include(if:false)}"),
            "\(plan.request.document)")
        #expect(!plan.root.common.fields[0].selection!.common.fields.map(\.responseKey).contains("name"))
    }

    @Test func aFragmentsLocalVariableIsDefinedButAnUndeclaredOneIsNot() throws {
        let defined = try Document.parse(
            #"query Q { character(id: "1") { ...Notes } }"# + "\n" + Self.notes)
        #expect(defined.validationErrors().isEmpty)
        let undefined = try Document.parse(
            """
            query Q { character(id: "1") { ...Notes } }
            fragment Notes on Character @argumentDefinitions(count: {type: "Int"}) { notes(first: $count, after: $cursor) { edges { cursor } } }
            """)
        #expect(undefined.validationErrors().map(\.description).count == 1)
        #expect(undefined.validationErrors().first.map { "\($0)".contains("cursor") } == true)
    }

    @Test func aFragmentsPayloadDocumentReadsTheDefaultsUnderItsOwnName() throws {
        let document = try Document.parse(Self.notes).applyingFragmentArgumentDefaults()
        #expect(document.compactText == "fragment Notes on Character{notes(first:10){edges{cursor}}}")
    }

    @Test func aDocumentWithoutFragmentArgumentsIsSentAsBefore() throws {
        let text = #"query Q { character(id: "1") { ...Row } } fragment Row on Character { id name }"#
        let document = try Document.parse(text)
        let operation = try #require(document.operations.first)
        #expect(document.applyingFragmentArguments(to: operation).document == document)
        #expect(try plan(text).request.document == document.compactText)
    }
}
