import Testing
import BatonNormalize
import BatonRecords

@Test func requestsWithEqualPartsAreEqual() {
    let a = GraphQLRequest(document: "{ a }", variables: ["x": 1])
    let b = GraphQLRequest(document: "{ a }", variables: ["x": 1])
    #expect(a == b)
    #expect(a != GraphQLRequest(document: "{ a }", variables: ["x": 2]))
}
