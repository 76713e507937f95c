import BatonNormalize
import BatonTransport
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension AgainstTestServer {
    /// Redirects followed by `HTTPTransport`'s session: the suite's server answers
    /// `/_test/redirect?to=<url>` with a 307 (Tools/TestServer/README.md), and the server the
    /// redirect names echoes the headers it received (`X-Test-Echo`).
    @Suite struct Redirects {
        static let query = GraphQLRequest(
            document: "query Rick { character(id: 1) { name } }", operationName: "Rick",
            headers: ["X-Test-Echo": "1", "X-Api-Key": "key-s3cr3t"])

        /// A transport whose endpoint is the suite server's redirect to `target`, with
        /// `Authorization` and a cookie on every request and `X-Api-Key` (named in another
        /// case) marked secret.
        static func transport(redirectingTo target: URL) throws -> HTTPTransport {
            var redirect = URLComponents(string: "http://127.0.0.1:\(try server().port)/_test/redirect")!
            redirect.queryItems = [URLQueryItem(name: "to", value: target.absoluteString)]
            var configuration = HTTPTransport.Configuration(
                url: try #require(redirect.url),
                headers: [
                    "Authorization": "Bearer token-s3cr3t", "Cookie": "session=cookie-s3cr3t", "X-Client": "baton",
                ])
            configuration.secretHeaders = ["x-api-key"]
            return HTTPTransport(configuration: configuration)
        }

        /// The headers the redirect's target received, and the character it answered.
        static func received(through transport: HTTPTransport) async throws -> (
            headers: [String: String], name: String?
        ) {
            let body = try await transport.send(query)
            let headers = try #require(try AgainstTestServer.echo(body)["headers"] as? [String: String])
            return (headers, value(try json(body), "data", "character", "name") as? String)
        }

        @Test func aRedirectToAnotherPortDropsAuthorizationAndEverySecretHeader() async throws {
            let other = try await TestServer.start()
            defer { other.stop() }
            let (headers, name) = try await Self.received(
                through: try Self.transport(redirectingTo: other.graphQLURL))
            #expect(headers["host"] == "127.0.0.1:\(other.port)", "the redirect was not followed to the other server")
            #expect(name == "Rick Sanchez", "the 307 did not carry the POST body to the other server")
            #expect(headers["authorization"] == nil)
            #expect(headers["cookie"] == nil)
            #expect(headers["x-api-key"] == nil)
            #expect(!headers.values.contains { $0.contains("s3cr3t") })
            #expect(headers["x-client"] == "baton", "a header nobody marked secret follows the redirect")
        }

        @Test func aRedirectOnTheSameOriginKeepsEverySecretHeader() async throws {
            let (headers, name) = try await Self.received(
                through: try Self.transport(redirectingTo: try server().graphQLURL))
            #expect(name == "Rick Sanchez")
            #expect(headers["authorization"] == "Bearer token-s3cr3t")
            #expect(headers["cookie"] == "session=cookie-s3cr3t")
            #expect(headers["x-api-key"] == "key-s3cr3t")
            #expect(headers["x-client"] == "baton")
        }

        @Test func a307ResendsAnUploadsBodyFromItsFile() async throws {
            let bytes = Data((0..<50_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
            let upload = Upload(data: bytes, filename: "big.bin", contentType: "application/octet-stream")
            let transport = try Self.transport(redirectingTo: try server().graphQLURL)
            let files = try UploadTests.uploaded(try await transport.send(UploadTests.filesRequest([upload])))
            #expect(files.first?["size"] as? Int == bytes.count)
            #expect(files.first?["sha256"] as? String == UploadTests.hex(bytes))
        }

        @Test func aRedirectLoopFailsAfterSixteenHops() async throws {
            let id = UUID().uuidString
            let loop = HTTPTransport(url: URL(string: "http://127.0.0.1:\(try server().port)/_test/redirect")!)
            var request = Self.query
            request.headers["X-Test-Id"] = id
            let error = await #expect(throws: TransportError.self) { try await loop.send(request) }
            guard case .transferFailed(_, let code, _) = error else {
                Issue.record("expected transferFailed, got \(String(describing: error))")
                return
            }
            #expect(code == URLError.Code.httpTooManyRedirects.rawValue)
            let hops = try await server().events(id).filter { $0 == "redirected 307" }.count
            #expect(hops == 17, "the first answer and sixteen redirects followed, then no more")
        }
    }
}
