import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// How an `HTTPTransport` follows a redirect (it follows them itself, see ``SessionDelegate``):
/// 307 and 308 resend the method and body, 303 (and 301 or 302 after a POST) turns into a
/// GET without a body, up to ``maxRedirects`` hops. Every header follows while the redirect
/// stays on the origin that answered it; on a redirect to another origin (scheme, host or port
/// differs) the request goes without ``HTTPTransport/Configuration/alwaysSecretHeaders`` and
/// without the configuration's ``HTTPTransport/Configuration/secretHeaders``, and what was
/// dropped stays dropped for the hops after.
///
/// A plain value: safe on any thread.
struct RedirectPolicy: Sendable {
    /// One hop: the request to send next and the file its body is read from, if any.
    struct Hop {
        var request: URLRequest
        var bodyFile: URL?
    }

    /// The most redirects one exchange follows, as URLSession's own limit on Apple platforms.
    static let maxRedirects = 16

    /// The secret names, lowercased: header names match whatever their case.
    let secretNames: Set<String>

    init(secretHeaders: Set<String>) {
        secretNames = Set(
            HTTPTransport.Configuration.alwaysSecretHeaders.union(secretHeaders).map { $0.lowercased() })
    }

    /// The hop that follows `head`, the answer to `request` (sent with its body from
    /// `bodyFile`, if any); nil when `head` is not a redirect to an `http` or `https` URL.
    func hop(after head: HTTPURLResponse, to request: URLRequest, bodyFile: URL?) -> Hop? {
        guard [301, 302, 303, 307, 308].contains(head.statusCode),
            let location = head.value(forHTTPHeaderField: "Location"),
            let target = URL(string: location, relativeTo: request.url)?.absoluteURL,
            ["http", "https"].contains(target.scheme?.lowercased())
        else { return nil }
        var next = request
        next.url = target
        var nextBodyFile = bodyFile
        let method = (request.httpMethod ?? "GET").uppercased()
        if (head.statusCode == 303 && method != "HEAD") || ([301, 302].contains(head.statusCode) && method == "POST") {
            next.httpMethod = "GET"
            next.httpBody = nil
            nextBodyFile = nil
            for name in ["Content-Type", "Content-Encoding", "Content-Length"] {
                next.setValue(nil, forHTTPHeaderField: name)
            }
        }
        return Hop(request: self.request(next, redirectedFrom: request.url), bodyFile: nextBodyFile)
    }

    /// `request`, a redirect from `previous` (the URL that answered the redirect), with its
    /// secret headers removed when it leaves that URL's origin, or when either URL is unknown.
    func request(_ request: URLRequest, redirectedFrom previous: URL?) -> URLRequest {
        if let target = request.url, let previous, Self.isSameOrigin(previous, target) { return request }
        var stripped = request
        for name in (request.allHTTPHeaderFields ?? [:]).keys where secretNames.contains(name.lowercased()) {
            stripped.setValue(nil, forHTTPHeaderField: name)
        }
        return stripped
    }

    /// Whether `a` and `b` share scheme, host and port (RFC 6454), case-insensitively and with
    /// a missing port read as the scheme's default (80 for http, 443 for https).
    static func isSameOrigin(_ a: URL, _ b: URL) -> Bool {
        a.scheme?.lowercased() == b.scheme?.lowercased() && a.host?.lowercased() == b.host?.lowercased()
            && effectivePort(a) == effectivePort(b)
    }

    private static func effectivePort(_ url: URL) -> Int? {
        if let port = url.port { return port }
        switch url.scheme?.lowercased() {
        case "http": return 80
        case "https": return 443
        default: return nil
        }
    }
}
