import Foundation

/// How a `wss://` connection of ``WebSocketClient`` checks the server it reaches.
///
/// By default the server's certificate chain must lead to a root of the system's trust store
/// and name the URL's host (a DNS name, or an IP address literal); the host name also goes out
/// as the TLS server name (SNI). Extra certificate authorities, as PEM, are trusted beside the
/// system's (a private CA, a test's own). A value: safe on any thread.
public struct WebSocketTLSConfiguration: Sendable, Hashable {
    /// Whether the system's trust store (OpenSSL's default paths on Linux) is trusted.
    public var trustsSystemRoots: Bool
    /// More certificate authorities to trust, each PEM text holding one or more certificates.
    public var additionalTrustedCertificates: [Data]

    public init(trustsSystemRoots: Bool = true, additionalTrustedCertificates: [Data] = []) {
        self.trustsSystemRoots = trustsSystemRoots
        self.additionalTrustedCertificates = additionalTrustedCertificates
    }

    /// The system's trust store and the PEM certificates of the file at `pemFile`. Throws
    /// ``WebSocketError/invalidTrustedCertificate(reason:)`` when the file cannot be read.
    public static func trusting(pemFile: URL, trustsSystemRoots: Bool = true) throws(WebSocketError) -> Self {
        do {
            let pem = try Data(contentsOf: pemFile)
            return Self(trustsSystemRoots: trustsSystemRoots, additionalTrustedCertificates: [pem])
        } catch {
            throw .invalidTrustedCertificate(reason: "cannot read \(pemFile.path): \(error.localizedDescription)")
        }
    }
}
