import BatonNormalize
import Foundation

/// Puts an access token on every request, and when the server refuses one (HTTP 401 by
/// default) refreshes the token once and sends the request once more.
///
/// Requests that meet the same refusal concurrently share one refresh: the first starts it,
/// the others wait for it, and a request whose token was already replaced is replayed with the
/// new one at once. A refresh that throws fails the request with
/// ``InterceptorError/tokenRefreshFailed(operation:reason:)``; a second refusal after the replay is
/// the transport's own error. Streams get the same treatment until their first event.
///
/// Thread-safe: the token and the refresh in flight live in an actor.
public struct AuthInterceptor: TransportInterceptor {
    /// The header the token goes in, and how its value is written from the token.
    public var header: String
    public var value: @Sendable (_ token: String) -> String
    /// The HTTP statuses that mean "this token is no good".
    public var refusals: Set<Int>
    let tokens: TokenCache

    /// - Parameters:
    ///   - header: the header the token goes in.
    ///   - value: the header's value made from the token.
    ///   - refusals: the HTTP statuses that mean the token is no good.
    ///   - token: the token to start with (from the keychain, say); called once, when the first
    ///     request needs it.
    ///   - refresh: a new token, given the one the server refused.
    public init(
        header: String = "Authorization", value: @escaping @Sendable (_ token: String) -> String = { "Bearer \($0)" },
        refusals: Set<Int> = [401], token: @escaping @Sendable () async throws -> String,
        refresh: @escaping @Sendable (_ refused: String) async throws -> String
    ) {
        self.header = header
        self.value = value
        self.refusals = refusals
        self.tokens = TokenCache(first: token, refresh: refresh)
    }

    public func send(_ request: GraphQLRequest, next: InterceptorNext) async throws -> Data {
        let token = try await tokens.current(for: request)
        do {
            return try await next.send(authorized(request, token))
        } catch  where isRefusal(error) {
            let fresh = try await tokens.replacing(token, for: request)
            return try await next.send(authorized(request, fresh))
        }
    }

    public func events(for request: GraphQLRequest, next: InterceptorNext) -> AsyncThrowingStream<
        StreamEvent, any Error
    > {
        AsyncThrowingStream.relaying { yield in
            let token = try await tokens.current(for: request)
            var delivered = false
            do {
                for try await event in next.events(for: authorized(request, token)) {
                    delivered = true
                    yield(event)
                }
                return
            } catch  where !delivered && isRefusal(error) {
                let fresh = try await tokens.replacing(token, for: request)
                for try await event in next.events(for: authorized(request, fresh)) { yield(event) }
            }
        }
    }

    func authorized(_ request: GraphQLRequest, _ token: String) -> GraphQLRequest {
        var request = request
        request.headers[header] = value(token)
        return request
    }

    func isRefusal(_ error: any Error) -> Bool {
        guard let status = TransportError.httpStatus(of: error) else { return false }
        return refusals.contains(status)
    }
}

/// The token an ``AuthInterceptor`` puts on requests, and the one refresh (or first fetch) in
/// flight that every request needing a token waits for.
actor TokenCache {
    let first: @Sendable () async throws -> String
    let refresh: @Sendable (_ refused: String) async throws -> String
    var token: String?
    /// The fetch or refresh in flight, and the token it replaces (nil for the first fetch).
    var pending: (replacing: String?, task: Task<String, any Error>)?

    init(
        first: @escaping @Sendable () async throws -> String,
        refresh: @escaping @Sendable (String) async throws -> String
    ) {
        self.first = first
        self.refresh = refresh
    }

    /// The token to send `request` with.
    func current(for request: GraphQLRequest) async throws -> String {
        if let token { return token }
        return try await settle(replacing: nil, for: request)
    }

    /// A token other than `refused`: the one another request's refresh already brought, or a
    /// refresh's, shared with every request that meets the refusal meanwhile.
    func replacing(_ refused: String, for request: GraphQLRequest) async throws -> String {
        if let token, token != refused { return token }
        return try await settle(replacing: refused, for: request)
    }

    private func settle(replacing refused: String?, for request: GraphQLRequest) async throws -> String {
        let task: Task<String, any Error>
        if let pending, pending.replacing == refused {
            task = pending.task
        } else {
            let first = self.first
            let refresh = self.refresh
            task = Task.detached {
                if let refused { try await refresh(refused) } else { try await first() }
            }
            pending = (refused, task)
        }
        do {
            let fresh = try await task.value
            if pending?.task == task {
                token = fresh
                pending = nil
            }
            return fresh
        } catch {
            if pending?.task == task { pending = nil }
            throw InterceptorError.tokenRefreshFailed(operation: request.operationName, reason: "\(error)")
        }
    }
}
