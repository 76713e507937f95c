import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@testable import BatonTransport

/// Which redirects keep a request's secret headers: only those to its own origin.
@Suite struct RedirectPolicyTests {
    static let policy = RedirectPolicy(secretHeaders: ["X-Api-Key"])

    static func request(to url: String) -> URLRequest {
        var request = URLRequest(url: URL(string: url)!)
        request.setValue("Bearer t", forHTTPHeaderField: "authorization")
        request.setValue("p", forHTTPHeaderField: "Proxy-Authorization")
        request.setValue("c=1", forHTTPHeaderField: "Cookie")
        request.setValue("k", forHTTPHeaderField: "x-api-key")
        request.setValue("1", forHTTPHeaderField: "X-Other")
        return request
    }

    @Test(arguments: [
        "https://api.example.com/graphql", "http://api.example.com:443/graphql", "https://cdn.example.com/graphql",
        "https://api.example.com:8443/graphql", "https://example.com/graphql",
    ])
    func anotherSchemeHostOrPortDropsEverySecretHeader(_ target: String) throws {
        let followed = Self.policy.request(
            Self.request(to: target), redirectedFrom: URL(string: "http://api.example.com/graphql"))
        #expect(followed.allHTTPHeaderFields ?? [:] == ["X-Other": "1"])
    }

    @Test(arguments: [
        "https://api.example.com/v2/graphql", "https://API.example.com/graphql", "HTTPS://api.example.com:443/x",
    ])
    func theSameOriginKeepsEveryHeader(_ target: String) throws {
        let request = Self.request(to: target)
        let followed = Self.policy.request(request, redirectedFrom: URL(string: "https://api.example.com/graphql"))
        #expect(followed.allHTTPHeaderFields == request.allHTTPHeaderFields)
        #expect(followed.allHTTPHeaderFields?.count == 5)
    }

    @Test func anUnknownRedirectingURLDropsEverySecretHeader() {
        let followed = Self.policy.request(Self.request(to: "https://api.example.com/graphql"), redirectedFrom: nil)
        #expect(followed.allHTTPHeaderFields ?? [:] == ["X-Other": "1"])
    }

    static func post(to url: String) -> URLRequest {
        var request = request(to: url)
        request.httpMethod = "POST"
        request.httpBody = Data("{}".utf8)
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        return request
    }

    static func head(_ status: Int, location: String?) -> HTTPURLResponse {
        HTTPURLResponse(
            url: URL(string: "https://api.example.com/graphql")!, statusCode: status, httpVersion: "HTTP/1.1",
            headerFields: location.map { ["Location": $0] } ?? [:])!
    }

    @Test(arguments: [307, 308])
    func a307Or308ResendsTheMethodAndBody(_ status: Int) throws {
        let file = URL(fileURLWithPath: "/tmp/body")
        let hop = try #require(
            Self.policy.hop(
                after: Self.head(status, location: "/v2/graphql"), to: Self.post(to: "https://api.example.com/graphql"),
                bodyFile: file))
        #expect(hop.request.url?.absoluteString == "https://api.example.com/v2/graphql")
        #expect(hop.request.httpMethod == "POST")
        #expect(hop.request.httpBody == Data("{}".utf8))
        #expect(hop.bodyFile == file)
        #expect(hop.request.value(forHTTPHeaderField: "Authorization") == "Bearer t")
    }

    @Test(arguments: [301, 302, 303])
    func a303OrAMovedPostBecomesAGetWithoutABody(_ status: Int) throws {
        let hop = try #require(
            Self.policy.hop(
                after: Self.head(status, location: "https://cdn.example.com/graphql"),
                to: Self.post(to: "https://api.example.com/graphql"), bodyFile: URL(fileURLWithPath: "/tmp/body")))
        #expect(hop.request.httpMethod == "GET")
        #expect(hop.request.httpBody == nil && hop.bodyFile == nil)
        #expect(hop.request.value(forHTTPHeaderField: "Content-Type") == nil)
        #expect(hop.request.allHTTPHeaderFields ?? [:] == ["X-Other": "1"], "another origin: no secret header")
    }

    @Test(arguments: [
        (200, "https://api.example.com/x"), (304, "https://api.example.com/x"), (307, nil), (307, "ftp://x/y"),
    ])
    func noRedirectToFollowIsNoHop(_ status: Int, _ location: String?) {
        let hop = Self.policy.hop(
            after: Self.head(status, location: location), to: Self.post(to: "https://api.example.com/graphql"),
            bodyFile: nil)
        #expect(hop == nil)
    }
}
