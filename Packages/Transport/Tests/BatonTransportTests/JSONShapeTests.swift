import BatonNormalize
import Foundation
import Testing

@testable import BatonTransport

@Suite struct JSONShapeReading {
    @Test func membersNameEachTopLevelValueAndWhereItLies() throws {
        let body = Data(#" { "type" : "next", "id":"1", "payload" : {"data":{"a":[1,"}"]}} } "#.utf8)
        let members = try JSONShape.members(of: body)
        #expect(members.map(\.name) == ["type", "id", "payload"])
        let payload = try #require(members.last)
        #expect(String(decoding: body[payload.value], as: UTF8.self) == #"{"data":{"a":[1,"}"]}}"#)
        #expect(String(decoding: body[members[1].value], as: UTF8.self) == #""1""#)
    }

    @Test func anEscapedMemberNameIsDecoded() throws {
        let members = try JSONShape.members(of: Data(#"{"p\u0061yload":null}"#.utf8))
        #expect(members.map(\.name) == ["payload"])
    }

    /// The structural scan this replaced took each of these for an object.
    @Test(arguments: [
        #"{"data": tru}"#, #"{"data": 01}"#, #"{"data": "\x"}"#, #"{"data": 1,}"#, #"{"data": [1 2]}"#,
        #"{"data": {"a" 1}}"#, #"{"data": 1} x"#, "{\"data\": \"\u{01}\"}",
    ])
    func aPartWithAnInvalidTokenHasNoMembers(_ text: String) {
        #expect(throws: JSONReadError.self) { try JSONShape.members(of: Data(text.utf8)) }
    }

    @Test func aResponseIsKnownByItsFirstDataOrErrorsMember() {
        #expect(JSONShape.isGraphQLResponse(Data(#"{"errors":[{"message":"no"}]}"#.utf8)))
        #expect(JSONShape.isGraphQLResponse(Data(#"{"extensions":{"cost":1},"data":{"a":1}}"#.utf8)))
        #expect(!JSONShape.isGraphQLResponse(Data(#"{"hello":"world"}"#.utf8)))
        #expect(!JSONShape.isGraphQLResponse(Data("<html>not a GraphQL response</html>".utf8)))
        #expect(!JSONShape.isGraphQLResponse(Data(#"["data"]"#.utf8)))
        // A fault before the member means no member is found.
        #expect(!JSONShape.isGraphQLResponse(Data(#"{"x": tru, "data": 1}"#.utf8)))
    }

    /// What follows the `data` member is the ingest's to validate: it reads the whole text
    /// and names the offset of the fault, which says more than "not a GraphQL response".
    @Test func aCutOffResponseIsPassedOnForTheIngestToReport() {
        #expect(JSONShape.isGraphQLResponse(Data(#"{"data":{"character":{"name":"Ri"#.utf8)))
    }
}
