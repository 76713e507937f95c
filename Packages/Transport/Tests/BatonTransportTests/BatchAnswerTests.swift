import Foundation
import Testing

@testable import BatonTransport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// How the answer to a batch is split into each operation's own, without a server.
@Suite struct BatchAnswerSplitting {
    static let url = URL(string: "http://127.0.0.1/graphql")!

    static func head(_ status: Int, _ contentType: String = "application/json") -> HTTPURLResponse {
        HTTPURLResponse(
            url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: ["Content-Type": contentType])!
    }

    static func split(_ text: String, status: Int = 200, contentType: String = "application/json", operations: Int)
        -> [Result<Data, any Error>]
    {
        BatchAnswer.split(Data(text.utf8), head: head(status, contentType), url: url, operations: operations)
    }

    @Test func eachElementIsItsOperationsBytesInOrder() throws {
        let results = Self.split(#" [ {"data":{"a":1}} ,{"errors":[{"message":"no"}]},{"data":null}] "#, operations: 3)
        #expect(
            try results.map { String(decoding: try $0.get(), as: UTF8.self) } == [
                #"{"data":{"a":1}}"#, #"{"errors":[{"message":"no"}]}"#, #"{"data":null}"#,
            ])
    }

    @Test func anElementThatIsNoGraphQLResponseFailsOnlyItsOperation() throws {
        let results = Self.split(#"[{"data":{}},{"hello":"world"}]"#, operations: 2)
        #expect(throws: Never.self) { try results[0].get() }
        #expect(
            throws: TransportError.notGraphQLResponse(
                url: Self.url, status: 200, contentType: "application/json", body: Data(#"{"hello":"world"}"#.utf8))
        ) { try results[1].get() }
    }

    @Test func aCutOffArrayFailsEveryOperationAsMalformed() {
        for result in Self.split(#"[{"data":{}},{"da"#, operations: 2) {
            #expect {
                try result.get()
            } throws: { error in
                guard case BatchingError.malformedArray(Self.url, 2, _) = error else { return false }
                return true
            }
        }
    }

    @Test func aGraphQLResponseMediaType4xxStillCarriesTheElements() throws {
        let results = Self.split(
            #"[{"errors":[{"message":"bad"}]},{"data":{}}]"#, status: 400,
            contentType: "application/graphql-response+json", operations: 2)
        #expect(try results.map { try $0.get().count } == [30, 11])
    }

    @Test func aStatusWithoutGraphQLAnswersFailsEveryOperationWithIt() {
        let results = Self.split("[]", status: 502, contentType: "text/plain", operations: 2)
        #expect(results.count == 2)
        for result in results {
            #expect(throws: TransportError.httpStatus(url: Self.url, status: 502, body: Data("[]".utf8))) {
                try result.get()
            }
        }
    }
}
