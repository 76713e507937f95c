import Testing
import BatonNormalize
import BatonRecords
import BatonTestSupport

/// A response that names a record more than once (a character under each of its episodes)
/// writes one snapshot for it, whatever spelling its id comes in, and shares the texts it repeats.
@Suite struct IngestRepeatedRecordTests {
    static let normalization = Normalization(
        schema: try! GraphQLSchema.parse(
            sdl: TestData.text("Conformance/baton-spec/tests/schema.graphql"),
            TestData.text("Conformance/baton-spec/tests/extensions.graphql")))

    func ingest(_ text: String) throws -> IngestResult {
        let plan = try OperationPlan(
            #"query Q { charactersByIds(ids: ["1", "2"]) { id name origin { id name } } }"#,
            normalization: Self.normalization)
        return try Ingest().ingest(Array(text.utf8), plan: plan)
    }

    @Test func aRecordNamedAgainMergesIntoItsFirstSnapshotAndTheLaterValueWins() throws {
        let result = try ingest(
            #"""
            {"data":{"charactersByIds":[
            {"id":"1","name":"Rick","origin":{"id":"9","name":"Earth"}},
            {"id":"2","name":"Morty","origin":{"id":"9","name":"Earth (C-137)"}},
            {"id":"1","name":"Rick Sanchez","origin":null}]}}
            """#)
        #expect(result.changes.snapshots.map(\.key) == ["Location:9", "Character:1", "Character:2", "client:root"])
        #expect(result.changes["Character:1"]?["name"] == .string("Rick Sanchez"))
        #expect(result.changes["Character:1"]?["origin"] == .null)
        #expect(result.changes["Location:9"]?["name"] == .string("Earth (C-137)"))
    }

    @Test func anIdWrittenWithEscapesIsTheRecordOfItsPlainSpelling() throws {
        let result = try ingest(
            #"""
            {"data":{"charactersByIds":[
            {"id":"\u0031","name":"Rick","origin":null},
            {"id":"1","name":"Rick Sanchez","origin":null}]}}
            """#)
        #expect(result.changes.snapshots.map(\.key) == ["Character:1", "client:root"])
        #expect(result.changes["Character:1"]?["name"] == .string("Rick Sanchez"))
    }

    @Test func theSameIdUnderTwoTypesNamesTwoRecords() throws {
        let result = try ingest(
            #"""
            {"data":{"charactersByIds":[
            {"id":"1","name":"Rick","origin":{"id":"1","name":"Earth"}},
            {"id":"1","name":"Rick","origin":{"id":"1","name":"Earth"}}]}}
            """#)
        #expect(result.changes.snapshots.map(\.key) == ["Location:1", "Character:1", "client:root"])
        #expect(result.changes["Location:1"]?["name"] == .string("Earth"))
        #expect(result.changes["Character:1"]?["name"] == .string("Rick"))
    }

    @Test func aLongTextTheResponseRepeatsIsOneSharedString() throws {
        let name = "Rick Sanchez of Earth (C-137)"
        let result = try ingest(
            #"""
            {"data":{"charactersByIds":[
            {"id":"1","name":"\#(name)","origin":null},
            {"id":"2","name":"\#(name)","origin":null}]}}
            """#)
        guard case .string(let first)? = result.changes["Character:1"]?["name"],
            case .string(let second)? = result.changes["Character:2"]?["name"]
        else { Issue.record("names not ingested"); return }
        #expect(first == name)
        #expect(first._isIdentical(to: second))
    }

    /// Enough records and texts to grow the walk's slots past their first 1024 several times:
    /// in a debug build each insertion and growth checks the tables' invariants.
    @Test func thousandsOfRecordsAndTextsAreEachFoundAgainAfterTheTablesGrow() throws {
        let count = 3000
        let first = (0..<count).map { #"{"id":"\#($0)","name":"name number \#($0) of many","origin":null}"# }
        let again = (0..<count).map { #"{"id":"\#($0)","name":"name number \#($0) of many","origin":null}"# }
        let result = try ingest(#"{"data":{"charactersByIds":["# + (first + again).joined(separator: ",") + "]}}")
        #expect(result.changes.snapshots.count == count + 1)
        for id in [0, 1023, 2047, count - 1] {
            #expect(
                result.changes[RecordKey(type: "Character", id: "\(id)")]?["name"]
                    == .string("name number \(id) of many"))
        }
    }
}
