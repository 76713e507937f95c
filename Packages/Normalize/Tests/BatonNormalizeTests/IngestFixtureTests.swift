import Foundation
import Testing
import BatonNormalize
import BatonRecords
import BatonTestSupport

/// The seeds' benchmark fixture: 686,254 bytes, 899 records, no `__typename`, normalized by
/// the schema's types.
enum Fixture {
    static let schema = try! GraphQLSchema.parse(
        sdl: TestData.text("Conformance/baton-spec/rickandmorty/schema.graphql"))
    static let normalization = Normalization(schema: schema)
    static let plan = try! OperationPlan(
        TestData.text("Conformance/baton-spec/documents/Fixture.graphql"), variables: ["page": 1],
        normalization: normalization)
    static let response = try! TestData.data("Conformance/baton-spec/rickandmorty/characters-page-1.json")
    static let dump = try! JSONValue.parse(
        TestData.data("Conformance/baton-spec/rickandmorty/characters-page-1.store.json"))
}

/// The records of a dump, without the roots the store always holds and the ingest only
/// writes when the response names them.
func records(of dump: JSONValue, droppingUntouchedRoots written: ChangeSet) -> [String: JSONValue] {
    guard case .object(let members) = dump else { return [:] }
    var records: [String: JSONValue] = [:]
    for (key, value) in members {
        let recordKey = RecordKey(key)
        if recordKey.isRoot && written[recordKey] == nil { continue }
        records[key] = value
    }
    return records
}

@Suite struct IngestFixtureTests {
    @Test func fixtureIngestsToTheRecordsOfItsDump() throws {
        let result = try Ingest().ingest(Fixture.response, plan: Fixture.plan)
        #expect(result.hasData)
        #expect(result.errors.isEmpty)
        guard case .object(let ours) = result.changes.relayDump else { Issue.record("not an object"); return }
        let expected = records(of: Fixture.dump, droppingUntouchedRoots: result.changes)
        #expect(ours.count == expected.count)
        var mismatches = 0
        for (key, value) in ours {
            if expected[key] != value {
                mismatches += 1
                if mismatches <= 3 {
                    Issue.record("\(key): \(value.jsonText()) != \(expected[key]?.jsonText() ?? "absent")")
                }
            }
        }
        #expect(mismatches == 0)
    }

    @Test func fixtureRecordsAreKeyedByTypeAndIdOrEmbedded() throws {
        let changes = try Ingest().ingest(Fixture.response, plan: Fixture.plan).changes
        #expect(changes["Character:1"]?["name"] == .string("Rick Sanchez"))
        #expect(changes["client:root"]?["characters(page:1)"] == .link("client:root:characters(page:1)"))
        #expect(changes["client:root:characters(page:1):info"]?["count"] == .int(826))
        // An origin whose id is null has no identity: it is embedded under its character.
        #expect(changes["Character:10"]?["origin"] == .link("Character:10:origin"))
        #expect(changes["Character:10:origin"]?["name"] == .string("unknown"))
    }
}

@Suite struct MaterializeFixtureTests {
    @Test func fixtureMaterializesBackToItsResponse() throws {
        let result = try Ingest().ingest(Fixture.response, plan: Fixture.plan)
        let data = try Materializer().data(of: Fixture.plan, from: result.changes)
        let response = try JSONValue.parse(Fixture.response)
        #expect(data == response[member: "data"])
    }

    @Test func missingRecordNamesThePath() throws {
        var changes = try Ingest().ingest(Fixture.response, plan: Fixture.plan).changes
        changes.delete("Location:3")
        #expect(throws: MaterializeError.self) {
            try Materializer().data(of: Fixture.plan, from: changes)
        }
        do {
            _ = try Materializer().data(of: Fixture.plan, from: changes)
        } catch {
            #expect(error.record == "Location:3")
            #expect(error.missing.first == .key("characters"))
            #expect(error.missing.contains(.key("location")))
        }
    }
}
