/// An error a transport throws that says whether trying the same request again can succeed.
///
/// A subscription retries a dropped stream with backoff; it stops, failed, on an error that
/// ``isPermanent`` says cannot go away (the platform lacks the transport, the server refuses
/// the request itself). An error that does not conform is taken as transient.
public protocol TransportFailure: Error {
    /// Whether the same request fails again however often it is retried.
    var isPermanent: Bool { get }
}

extension TransportFailure {
    /// Whether an HTTP `status` refuses the request itself: a 4xx other than 408 (Request
    /// Timeout) and 429 (Too Many Requests), which say to try again later.
    public static func isPermanentHTTPStatus(_ status: Int) -> Bool {
        (400..<500).contains(status) && status != 408 && status != 429
    }
}
