import BatonNormalize
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension HTTPTransport {
    /// One whole answer to `request`: through the batcher when the transport batches and
    /// `request` may join a batch, else a request of its own.
    func sendWhole(_ request: GraphQLRequest, mode: HTTPRequestBuilder.DocumentMode) async throws -> Data {
        guard let batcher, Self.mayBatch(request, under: batcher.batching),
            let (body, key) = try await batchElement(for: request, mode: mode)
        else { return try await sendOnce(request, mode: mode) }
        return try await batcher.answer(body, key: key) { batch in await self.sendBatch(batch) }
    }

    /// `request`'s JSON object as an element of a batch, and the headers it would go with;
    /// nil when its request is not a plain JSON POST (it goes alone then).
    private func batchElement(
        for request: GraphQLRequest, mode: HTTPRequestBuilder.DocumentMode
    ) async throws -> (Data, Batch.Key)? {
        var elementConfiguration = configuration
        elementConfiguration.usesGETForQueries = false
        elementConfiguration.compressesRequestsLargerThan = nil
        let urlRequest = try await HTTPRequestBuilder(configuration: elementConfiguration).urlRequest(
            for: request, mode: mode, accept: HTTPRequestBuilder.jsonAccept, timeout: configuration.timeout)
        guard urlRequest.httpMethod == "POST", let body = urlRequest.httpBody,
            urlRequest.value(forHTTPHeaderField: "Content-Type") == "application/json",
            urlRequest.value(forHTTPHeaderField: "Content-Encoding") == nil
        else { return nil }
        var headers: [String: String] = [:]
        for (name, value) in urlRequest.allHTTPHeaderFields ?? [:] { headers[name.lowercased()] = value }
        return (body, Batch.Key(headers: headers))
    }

    /// Sends `batch` as one POST of a JSON array and answers each of its operations, in order;
    /// a batch of one operation (its window ended before another came) goes as a plain POST
    /// of its object, which any server takes.
    func sendBatch(_ batch: Batch) async -> [Result<Data, any Error>] {
        let url = configuration.url
        let isLone = batch.bodies.count == 1
        do {
            var urlRequest = URLRequest(url: url)
            urlRequest.httpMethod = "POST"
            for (name, value) in batch.key.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
            var body = isLone ? batch.bodies[0] : Data("[".utf8)
            if !isLone {
                for (index, element) in batch.bodies.enumerated() {
                    if index > 0 { body.append(UInt8(ascii: ",")) }
                    body.append(element)
                }
                body.append(UInt8(ascii: "]"))
            }
            if let limit = configuration.compressesRequestsLargerThan, body.count > limit {
                body = try Gzip.compress(body)
                urlRequest.setValue("gzip", forHTTPHeaderField: "Content-Encoding")
            }
            urlRequest.httpBody = body
            urlRequest.timeoutInterval = configuration.timeout
            let (head, answer) = try await exchange(urlRequest, deadlineCovers: .wholeExchange) { head, events in
                var decoder = BodyDecoder(contentEncoding: head.value(forHTTPHeaderField: "Content-Encoding"))
                var answer = Data()
                while let event = try await events.next() {
                    if case .data(let chunk) = event { answer.append(try decoder.decode(chunk)) }
                }
                answer.append(try decoder.finish())
                return (head, answer)
            }
            if isLone { return [Result { try Self.validatedWholeBody(answer, head: head, url: url) }] }
            return BatchAnswer.split(answer, head: head, url: url, operations: batch.bodies.count)
        } catch {
            return Array(repeating: .failure(error), count: batch.bodies.count)
        }
    }
}
