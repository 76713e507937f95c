import BatonTestSupport
import Foundation
import Testing

/// A certificate authority and a server certificate it signed for `DNS:localhost` (and no IP
/// address), made at test time by the `openssl` command line tool in a fresh temporary folder.
///
/// Immutable after it is made: safe on any thread. The test server reads the files for its
/// whole life, so they stay until the process exits, which removes them
/// (``ProcessScopedFolder``).
struct TestCertificates: Sendable {
    /// The authority's certificate, PEM: what a client trusts.
    let authority: URL
    /// The server's certificate and its key, PEM: what the test server serves.
    let serverCertificate: URL
    let serverKey: URL

    /// Makes the authority and the server certificate (P-256 keys, valid one day).
    static func make() throws -> TestCertificates {
        let folder = try ProcessScopedFolder.make(prefix: "baton-tls-")
        let file = { (name: String) in folder.appendingPathComponent(name).path }
        let key = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
        try openssl(
            ["req", "-x509"] + key + [
                "-keyout", file("ca.key"), "-out", file("ca.pem"), "-days", "1", "-subj", "/CN=Baton Test CA",
                "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign",
            ])
        try openssl(
            ["req"] + key + ["-keyout", file("server.key"), "-out", file("server.csr"), "-subj", "/CN=localhost"])
        try Data("subjectAltName=DNS:localhost\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n".utf8)
            .write(to: URL(fileURLWithPath: file("server.ext")))
        try openssl([
            "x509", "-req", "-in", file("server.csr"), "-CA", file("ca.pem"), "-CAkey", file("ca.key"),
            "-CAcreateserial", "-out", file("server.pem"), "-days", "1", "-extfile", file("server.ext"),
        ])
        return TestCertificates(
            authority: URL(fileURLWithPath: file("ca.pem")),
            serverCertificate: URL(fileURLWithPath: file("server.pem")),
            serverKey: URL(fileURLWithPath: file("server.key")))
    }

    private static func openssl(_ arguments: [String]) throws {
        let process = Process()
        let tool = ["/usr/bin/openssl", "/opt/homebrew/bin/openssl", "/usr/local/bin/openssl"]
            .first { FileManager.default.isExecutableFile(atPath: $0) }
        process.executableURL = URL(fileURLWithPath: try #require(tool, "no openssl command line tool"))
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(
            process.terminationStatus == 0,
            "openssl \(arguments.joined(separator: " ")): \(String(decoding: message, as: UTF8.self))")
    }
}
