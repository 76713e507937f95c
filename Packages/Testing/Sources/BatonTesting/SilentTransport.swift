import BatonNormalize
import Foundation

/// A `Transport` that never answers: each request waits until its task is cancelled, then
/// throws `CancellationError`. For showing what the store (or the image) alone
/// renders, with the network out of the picture.
///
/// Stateless: safe on any thread.
public struct SilentTransport: Transport {
    public init() {}

    public func send(_ request: GraphQLRequest) async throws -> Data {
        while true {
            do {
                try await Task.sleep(nanoseconds: 3_600_000_000_000)
            } catch {
                throw CancellationError()
            }
        }
    }

    public func payloads(for request: GraphQLRequest) -> AsyncThrowingStream<Data, any Error> {
        // Never yields; iteration ends only when the consuming task is cancelled.
        AsyncThrowingStream { _ in }
    }
}
