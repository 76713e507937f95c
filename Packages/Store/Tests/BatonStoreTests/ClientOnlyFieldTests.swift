import Foundation
import Testing
import BatonStore

/// Client-only fields in the store: the availability check passes over them (no fetch
/// answers them), and a server response, which never carries them, leaves their values be.
@MainActor @Suite struct ClientOnlyFieldTests {
    static let schema = try! GraphQLSchema.parse(
        sdl: ["type Query { character(id: ID!): Character } type Character { id: ID!, name: String }"],
        clientExtensions: [
            """
            extend type Character { isFavorite: Boolean, draft: Draft }
            type Draft { id: ID, text: String }
            extend type Query { drafts: [Draft] }
            """
        ])
    static let normalization = Normalization(schema: schema)
    static let plan = try! OperationPlan(
        "query Q { character(id: 1) { id name isFavorite draft { id text } } drafts { id text } }",
        normalization: normalization)
    static let response = Array(#"{"data":{"character":{"id":"1","name":"Rick"}}}"#.utf8)

    static func serverChanges() throws -> ChangeSet {
        try Ingest().ingest(response, plan: plan).changes
    }

    @Test func aQueryWhoseServerFieldsAreCachedIsAvailableWithoutItsClientOnlyFields() throws {
        let store = Store(normalization: Self.normalization)
        #expect(store.check(Self.plan).availability == .missing([[.key("character")]]))
        store.commit(try Self.serverChanges())
        let result = store.check(Self.plan)
        #expect(result.availability == .available)
        #expect(result.source == .memory)
    }

    @Test func whatAClientOnlyLinkLeadsToIsNoGapEither() throws {
        let store = Store(normalization: Self.normalization)
        var changes = try Self.serverChanges()
        // A draft the app linked but whose text it never wrote.
        changes.write(.link("Draft:d1"), to: Slot("draft"), of: "Character:1")
        changes.write(.string("Draft"), to: Slot("__typename"), of: "Draft:d1")
        store.commit(changes)
        #expect(store.check(Self.plan).availability == .available)
    }

    @Test func aServerFieldMissingUnderTheClientOnlyFieldsIsStillAGap() throws {
        let store = Store(normalization: Self.normalization)
        var changes = ChangeSet()
        changes.write(.link("Character:1"), to: Slot("character(id:1)"), of: .root)
        changes.write(.string("Character"), to: Slot("__typename"), of: "Character:1")
        changes.write(.string("1"), to: Slot("id"), of: "Character:1")
        changes.write(.bool(true), to: Slot("isFavorite"), of: "Character:1")
        store.commit(changes)
        #expect(store.check(Self.plan).availability == .missing([[.key("character"), .key("name")]]))
    }

    @Test func theCheckReadingTheImagePassesOverClientOnlyFieldsToo() throws {
        let disk = FakePersistence(rows: try Self.serverChanges().snapshots)
        let store = Store(normalization: Self.normalization, persistence: disk)
        let result = store.check(Self.plan)
        #expect(result.availability == .available)
        #expect(result.source == .image)
    }

    @Test func aServerResponseKeepsTheClientOnlyValueTheStoreHolds() throws {
        let store = Store(normalization: Self.normalization)
        store.commit(try Self.serverChanges())
        var local = ChangeSet()
        local.write(.bool(true), to: Slot("isFavorite"), of: "Character:1")
        store.commit(local)
        let refetched = try Ingest().ingest(
            Array(#"{"data":{"character":{"id":"1","name":"Rick Sanchez"}}}"#.utf8), plan: Self.plan
        ).changes
        store.commit(refetched)
        let character = try #require(store.record("Character:1"))
        #expect(character[untracked: Slot("name")] == .string("Rick Sanchez"))
        #expect(character[untracked: Slot("isFavorite")] == .bool(true))
    }
}
