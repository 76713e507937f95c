import BatonNormalize
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Splits a server's answer to a batch into each operation's own answer, by position.
///
/// A stateless namespace: safe on any thread.
enum BatchAnswer {
    /// One result per operation sent: its element of the answer's array when that is a
    /// GraphQL response (`errors` and all), `TransportError.notGraphQLResponse` when it is
    /// not; for every operation alike, `TransportError.httpStatus` for a status that carries
    /// no GraphQL answer and ``BatchingError`` for an answer that is no array of `operations`
    /// elements.
    static func split(_ body: Data, head: HTTPURLResponse, url: URL, operations: Int) -> [Result<Data, any Error>] {
        let contentType = head.value(forHTTPHeaderField: "Content-Type")
        do {
            return try elements(of: body, head: head, url: url, operations: operations).map { element in
                guard JSONShape.isGraphQLResponse(element) else {
                    return .failure(
                        TransportError.notGraphQLResponse(
                            url: url, status: head.statusCode, contentType: contentType, body: element))
                }
                return .success(element)
            }
        } catch {
            return Array(repeating: .failure(error), count: operations)
        }
    }

    /// The elements of the answer's top-level array, exactly `operations` of them.
    static func elements(of body: Data, head: HTTPURLResponse, url: URL, operations: Int) throws -> [Data] {
        let status = head.statusCode
        // As for one operation (GraphQL over HTTP): a 4xx in application/graphql-response+json
        // still carries GraphQL answers; any other status outside 2xx carries none.
        let graphQLMediaType =
            head.value(forHTTPHeaderField: "Content-Type")?.lowercased()
            .hasPrefix("application/graphql-response+json") == true
        guard (200..<300).contains(status) || ((400..<500).contains(status) && graphQLMediaType) else {
            throw TransportError.httpStatus(url: url, status: status, body: body)
        }
        var reader = JSONReader(body)
        do {
            try reader.beginArray()
        } catch {
            throw BatchingError.notAnArray(url: url, status: status, operations: operations, body: body)
        }
        var ranges: [Range<Int>] = []
        do {
            while try reader.nextElement() {
                _ = try reader.peekKind()
                let start = reader.currentOffset
                try reader.skipValue()
                ranges.append(start..<reader.currentOffset)
            }
            try reader.finish()
        } catch {
            throw BatchingError.malformedArray(
                url: url, operations: operations, reason: String(describing: reader.locating(error)))
        }
        guard ranges.count == operations else {
            throw BatchingError.countMismatch(url: url, sent: operations, received: ranges.count)
        }
        let base = body.startIndex
        return ranges.map { Data(body[(base + $0.lowerBound)..<(base + $0.upperBound)]) }
    }
}
