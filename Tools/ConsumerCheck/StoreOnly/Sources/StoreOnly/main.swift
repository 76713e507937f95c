import BatonStore
import Foundation

// Ingests a response through a plan made from a document and a schema, commits it, and
// reads a field back: the Store layer alone, in memory.

@MainActor
func run() throws -> Int32 {
    let schema = try GraphQLSchema.parse(sdl: "type Query { hero(id: ID!): Hero } type Hero { id: ID! name: String! }")
    let normalization = Normalization(schema: schema)
    let plan = try OperationPlan(
        "query Hero($id: ID!) { hero(id: $id) { id name } }", operationName: "Hero", variables: ["id": .string("h1")],
        normalization: normalization)
    let result = try Ingest().ingest(
        Data(#"{"data":{"hero":{"__typename":"Hero","id":"h1","name":"Ada"}}}"#.utf8), plan: plan)
    let store = Store(normalization: normalization)
    _ = store.commit(result.changes)
    let check = store.check(plan)
    print("store only: the hero is \(check.isAvailable ? "available" : "missing") after one commit")
    return check.isAvailable ? 0 : 1
}

exit(try MainActor.assumeIsolated { try run() })
