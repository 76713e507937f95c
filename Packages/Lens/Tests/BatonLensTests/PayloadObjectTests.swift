import Testing
import BatonLens

/// The object a generated payload writes: its `__typename` under every key the selection gives
/// it, then its members in order, an absent one left out and an explicit null kept.
struct PayloadObjectTests {
    @Test func aPayloadObjectWritesItsTypenameUnderEachKeyAndLeavesAbsentMembersOut() {
        let object = JSONValue.payload(
            "Note", at: ["__typename", "kind"], [("id", .string("n1")), ("text", nil), ("tags", .null)])
        let expected: JSONValue = .object([
            ("__typename", .string("Note")), ("kind", .string("Note")), ("id", .string("n1")), ("tags", .null),
        ])
        #expect(object == expected)
        #expect(JSONValue.payload("Query") == .object([("__typename", .string("Query"))]))
    }
}
