import Foundation
import Testing
import BatonNormalize
import BatonRecords
import BatonTestSupport

/// Bad responses: each is a typed `IngestError` naming the response path where it went wrong,
/// or a well-defined result; the ingest returns a whole change set or throws, never part of one.
@Suite struct IngestBadInputTests {
    static let normalization = Normalization(
        schema: try! GraphQLSchema.parse(
            sdl: TestData.text("Conformance/baton-spec/tests/schema.graphql"),
            TestData.text("Conformance/baton-spec/tests/extensions.graphql")))

    static let document = """
        query Bad($id: ID!) {
          character(id: $id) { id name origin { id name } }
          charactersByIds(ids: ["1", "2", "3"]) { id name }
          search(name: "a") { __typename ... on Character { id status } ... on Location { id dimension } }
        }
        """

    func plan() throws -> OperationPlan {
        try OperationPlan(Self.document, variables: ["id": "1"], normalization: Self.normalization)
    }

    func ingest(_ text: String, _ completeness: Ingest.Completeness = .complete) throws(IngestError) -> IngestResult {
        let plan: OperationPlan
        do { plan = try self.plan() } catch { fatalError("\(error)") }
        return try Ingest(completeness: completeness).ingest(Array(text.utf8), plan: plan)
    }

    /// The error `text` ingests to, or nil when it ingests.
    func failure(_ text: String, _ completeness: Ingest.Completeness = .complete) -> IngestError? {
        do {
            _ = try ingest(text, completeness)
            return nil
        } catch {
            return error
        }
    }

    static let good = #"""
        {"data":{"character":{"id":"1","name":"Rick","origin":{"id":"9","name":"Earth"}},
        "charactersByIds":[{"id":"1","name":"Rick"},{"id":"2","name":"Morty"},{"id":"3","name":"Summer"}],
        "search":[{"__typename":"Character","id":"1","status":"Alive"},{"__typename":"Location","id":"9","dimension":"C-137"}]}}
        """#

    @Test func aWellFormedResponseIngests() throws {
        let result = try ingest(Self.good)
        #expect(result.hasData)
        #expect(result.changes["Character:1"]?["status"] == .string("Alive"))
        #expect(result.changes["Location:9"]?["dimension"] == .string("C-137"))
    }

    @Test func malformedJSONIsAMalformedJSONError() throws {
        let error = try #require(failure(#"{"data":{"character":{"id":"1",}}}"#))
        guard case .malformedJSON = error.kind else { Issue.record("\(error)"); return }
        let truncated = try #require(failure(String(Self.good.dropLast(3))))
        guard case .malformedJSON = truncated.kind else { Issue.record("\(truncated)"); return }
        let trailing = try #require(failure(Self.good + " {}"))
        guard case .malformedJSON = trailing.kind else { Issue.record("\(trailing)"); return }
    }

    @Test func aMissingTypenameWhereATypeConditionNeedsItNamesTheElement() throws {
        let text = Self.good.replacingOccurrences(of: #"{"__typename":"Location","id":"9""#, with: #"{"id":"9""#)
        let error = try #require(failure(text))
        #expect(error.kind == .missingTypename)
        #expect(error.pathText == "search.1")
    }

    @Test func aScalarWhereAnObjectWasSelectedIsAWrongType() throws {
        let text = Self.good.replacingOccurrences(
            of: #""origin":{"id":"9","name":"Earth"}"#, with: #""origin":"Earth""#)
        let error = try #require(failure(text))
        #expect(error.kind == .wrongType(expected: "an object", found: "a string"))
        #expect(error.pathText == "character.origin")
    }

    @Test func anObjectWhereAListWasSelectedIsAWrongType() throws {
        let text = #"{"data":{"character":null,"charactersByIds":{"id":"1","name":"Rick"},"search":[]}}"#
        let error = try #require(failure(text))
        #expect(error.kind == .wrongType(expected: "a list", found: "an object"))
        #expect(error.pathText == "charactersByIds")
    }

    @Test func aScalarInAListOfObjectsNamesItsIndex() throws {
        let text = Self.good.replacingOccurrences(of: #"{"id":"3","name":"Summer"}"#, with: "3")
        let error = try #require(failure(text))
        #expect(error.pathText == "charactersByIds.2")
    }

    @Test func aMissingFieldInACompleteResponseNamesTheObject() throws {
        let text = Self.good.replacingOccurrences(of: #"{"id":"2","name":"Morty"}"#, with: #"{"id":"2"}"#)
        let error = try #require(failure(text))
        #expect(error.kind == .missingField("name"))
        #expect(error.pathText == "charactersByIds.1")
        // A payload written by hand may leave it out: the record simply lacks the field.
        let partial = try ingest(text, .partial)
        #expect(partial.changes["Character:2"]?["name"] == nil)
        #expect(partial.changes["Character:2"]?["id"] == .string("2"))
    }

    @Test func aFailureLateInTheResponseLeavesNoChangeSet() throws {
        // Records 1 and 2 were read before the bad third element: the ingest still throws
        // instead of handing back the records it had.
        let text = Self.good.replacingOccurrences(of: #""name":"Summer""#, with: #""name":{"first":"Summer"}"#)
        let error = try #require(failure(text))
        #expect(error.kind == .wrongScalar(type: "String", expected: "a JSON string", found: "an object"))
        #expect(error.pathText == "charactersByIds.2.name")
    }

    @Test func errorsWithBogusPathsAreReportedUnplaced() throws {
        let errors =
            #"[{"message":"nowhere","path":["nope",3]},{"message":"into data","path":["character","name"]},"#
            + #"{"message":"past the end","path":["charactersByIds",7,"name"]},{"message":"float","path":["charactersByIds",0.5]}]"#
        let text: String = String(Self.good.dropLast(1)) + #","errors":"# + errors + "}"
        let result = try ingest(text)
        #expect(result.errors.map(\.message) == ["nowhere", "into data", "past the end", "float"])
        #expect(result.changes["Character:1"]?["name"] == .string("Rick"))
    }

    @Test func anErrorWithoutAMessageIsNotAResponse() throws {
        let error = try #require(failure(#"{"data":null,"errors":[{"path":["character"]}]}"#))
        guard case .notAResponse = error.kind else { Issue.record("\(error)"); return }
    }

    @Test func dataNullWithErrorsHasNoDataAndKeepsTheErrors() throws {
        let result = try ingest(
            #"{"data":null,"errors":[{"message":"boom"},{"message":"at root","path":["character"]}]}"#)
        #expect(!result.hasData)
        #expect(result.changes.isEmpty)
        #expect(result.errors.map(\.message) == ["boom", "at root"])
    }

    @Test func aTopLevelThatIsNotAResponseIsRejected() throws {
        for text in [#"[]"#, #"{"extensions":{}}"#, #""data""#] {
            let error = try #require(failure(text))
            guard case .notAResponse = error.kind else { Issue.record("\(text): \(error)"); continue }
        }
    }

    @Test func aNonStringTypenameIsAWrongType() throws {
        let text = Self.good.replacingOccurrences(of: #""__typename":"Character""#, with: #""__typename":7"#)
        let error = try #require(failure(text))
        guard case .wrongType = error.kind else { Issue.record("\(error)"); return }
        #expect(error.pathText == "search.0")
    }

    @Test func aSelectedFieldSentTwiceIsADuplicateFieldNamingItsPath() throws {
        // The second id would make the record's key (Character:1) disagree with its id cell.
        let twice = #"{"data":{"character":{"id":"1","name":"Rick","origin":{"id":"9","name":"Earth"},"id":"2"}}}"#
        let error = try #require(failure(twice, .partial))
        #expect(error.kind == .duplicateField("id"))
        #expect(error.pathText == "character")
        let nested = #"{"data":{"character":{"id":"1","name":"Rick","origin":{"id":"9","name":"A","name":"B"}}}}"#
        #expect(failure(nested, .partial)?.kind == .duplicateField("name"))
        #expect(failure(nested, .partial)?.pathText == "character.origin")
    }

    @Test func dataOrErrorsSentTwiceIsADuplicateField() throws {
        let data = #"{"data":{"character":null},"data":{"character":{"id":"1","name":"Rick","origin":null}}}"#
        #expect(failure(data, .partial)?.kind == .duplicateField("data"))
        let errors = #"{"data":{"character":null},"errors":[{"message":"a"}],"errors":[{"message":"b"}]}"#
        #expect(failure(errors, .partial)?.kind == .duplicateField("errors"))
    }

    @Test func anUnselectedMemberSentTwiceIsSkippedWithIt() throws {
        let text = #"{"data":{"character":{"id":"1","name":"Rick","extra":1,"extra":2,"origin":null}}}"#
        let result = try ingest(text, .partial)
        #expect(result.changes["Character:1"]?["name"] == .string("Rick"))
    }
}
