#if os(Linux) && canImport(COpenSSL)
import COpenSSL
import Foundation

/// One TLS client connection through the system's OpenSSL: its `SSL_CTX` and `SSL`, and every
/// OpenSSL call BatonTransport makes. No other file touches OpenSSL.
///
/// It touches no socket: the session reads the network's bytes from a memory BIO that
/// ``feed(_:)`` fills, and writes its own into one that ``takeOutput()`` empties; ``TLSStream``
/// moves them over a ``TCPSocket`` (whose writes raise no SIGPIPE). Each call answers at once,
/// with a ``Progress`` saying whether it needs more of the network's bytes. Thread-safe: every
/// call on the `SSL` holds `lock`, so the reader thread and the write queue may call it at the
/// same time; OpenSSL's per-thread error queue is read under the same lock, right after the
/// call that failed.
final class TLSHandle: @unchecked Sendable {
    /// What a call did: finished with a count, or needs more bytes from the network.
    enum Progress: Equatable {
        case done(Int)
        case wantRead
        /// The peer closed the TLS session (close_notify).
        case closed
    }

    let host: String
    private let context: OpaquePointer
    private let connection: OpaquePointer
    /// The network's bytes in, the session's bytes out; owned by `connection`.
    private let incoming: OpaquePointer
    private let outgoing: OpaquePointer
    private let lock = NSLock()

    /// A client session for `host`: peer verification on, SNI with `host` unless it is an IP
    /// literal, the certificate checked against `host`, TLS 1.2 at least.
    init(host: String, configuration: WebSocketTLSConfiguration) throws(WebSocketError) {
        self.host = host
        guard let context = SSL_CTX_new(TLS_client_method()) else {
            throw .tlsHandshakeFailed(host: host, reason: "SSL_CTX_new: \(Self.drainErrors())")
        }
        do { try Self.configure(context, host: host, configuration) } catch {
            SSL_CTX_free(context)
            throw error
        }
        // After the context is configured: SSL_new copies its verify mode, options and mode.
        guard let connection = SSL_new(context) else {
            SSL_CTX_free(context)
            throw .tlsHandshakeFailed(host: host, reason: "SSL_new: \(Self.drainErrors())")
        }
        let input = BIO_new(BIO_s_mem())
        let output = BIO_new(BIO_s_mem())
        guard let incoming = input, let outgoing = output else {
            _ = input.map { BIO_free($0) }
            _ = output.map { BIO_free($0) }
            SSL_free(connection)
            SSL_CTX_free(context)
            throw .tlsHandshakeFailed(host: host, reason: "BIO_new: \(Self.drainErrors())")
        }
        SSL_set_bio(connection, incoming, outgoing)
        SSL_set_connect_state(connection)
        self.context = context
        self.connection = connection
        self.incoming = incoming
        self.outgoing = outgoing
        try expect(host)
    }

    private static func configure(_ context: OpaquePointer, host: String, _ configuration: WebSocketTLSConfiguration)
        throws(WebSocketError)
    {
        _ = baton_SSL_CTX_set_min_proto_version(context, baton_TLS1_2_VERSION)
        SSL_CTX_set_verify(context, SSL_VERIFY_PEER, nil)
        if configuration.trustsSystemRoots, SSL_CTX_set_default_verify_paths(context) != 1 {
            throw .tlsHandshakeFailed(host: host, reason: "no system trust store: \(Self.drainErrors())")
        }
        for pem in configuration.additionalTrustedCertificates { try trust(pem, in: context) }
    }

    /// Sends `host` as the server name (SNI) and has the certificate checked against it.
    private func expect(_ host: String) throws(WebSocketError) {
        if Self.isIPAddress(host) {
            guard X509_VERIFY_PARAM_set1_ip_asc(SSL_get0_param(connection), host) == 1 else {
                throw .tlsHandshakeFailed(host: host, reason: "cannot check the IP address \(host)")
            }
        } else {
            guard baton_SSL_set_tlsext_host_name(connection, host) == 1, SSL_set1_host(connection, host) == 1 else {
                throw .tlsHandshakeFailed(host: host, reason: "cannot set the server name: \(Self.drainErrors())")
            }
        }
    }

    /// Adds each certificate of `pem` to the context's trust store.
    private static func trust(_ pem: Data, in context: OpaquePointer) throws(WebSocketError) {
        let store = SSL_CTX_get_cert_store(context)
        let added = pem.withUnsafeBytes { bytes -> Int in
            guard let bio = BIO_new_mem_buf(bytes.baseAddress, Int32(bytes.count)) else { return 0 }
            defer { BIO_free(bio) }
            var count = 0
            while let certificate = PEM_read_bio_X509(bio, nil, nil, nil) {
                if X509_STORE_add_cert(store, certificate) == 1 { count += 1 }
                X509_free(certificate)
            }
            return count
        }
        let errors = Self.drainErrors()
        guard added > 0 else { throw .invalidTrustedCertificate(reason: "no PEM certificate could be read: \(errors)") }
    }

    /// One step of the client handshake; `.done` when it is complete. A certificate that
    /// failed verification throws ``WebSocketError/certificateRejected(host:code:reason:)``.
    func handshake() throws(WebSocketError) -> Progress {
        try call { SSL_connect(connection) }
    }

    /// Reads into `buffer`.
    func read(into buffer: inout [UInt8]) throws(WebSocketError) -> Progress {
        let capacity = Int32(clamping: buffer.count)
        return try buffer.withUnsafeMutableBytes { bytes in
            Result { () throws(WebSocketError) in try call { SSL_read(connection, bytes.baseAddress, capacity) } }
        }.get()
    }

    /// Writes `bytes[offset...]` (the same bytes again after a `.want…`).
    func write(_ bytes: [UInt8], from offset: Int) throws(WebSocketError) -> Progress {
        let count = Int32(clamping: bytes.count - offset)
        return try bytes.withUnsafeBytes { buffer in
            Result { () throws(WebSocketError) in
                try call { SSL_write(connection, buffer.baseAddress! + offset, count) }
            }
        }.get()
    }

    /// Hands the session bytes read from the network.
    func feed(_ bytes: ArraySlice<UInt8>) {
        lock.withLock {
            bytes.withUnsafeBytes { buffer in _ = BIO_write(incoming, buffer.baseAddress, Int32(buffer.count)) }
        }
    }

    /// The bytes the session has for the network, taken out of it; empty when none.
    func takeOutput() -> [UInt8] {
        lock.withLock {
            let count = Int(BIO_ctrl_pending(outgoing))
            guard count > 0 else { return [] }
            var bytes = [UInt8](repeating: 0, count: count)
            let read = bytes.withUnsafeMutableBytes { BIO_read(outgoing, $0.baseAddress, Int32(count)) }
            return Array(bytes.prefix(Int(max(0, read))))
        }
    }

    private func call(_ operation: () -> Int32) throws(WebSocketError) -> Progress {
        lock.lock()
        defer { lock.unlock() }
        ERR_clear_error()
        let result = operation()
        if result > 0 { return .done(Int(result)) }
        let code = SSL_get_error(connection, result)
        switch code {
        case SSL_ERROR_WANT_READ: return .wantRead
        case SSL_ERROR_ZERO_RETURN: return .closed
        default:
            let verification = SSL_get_verify_result(connection)
            if verification != X509_V_OK {
                _ = Self.drainErrors()
                throw .certificateRejected(
                    host: host, code: Int(verification),
                    reason: String(cString: X509_verify_cert_error_string(verification)))
            }
            throw .tlsHandshakeFailed(host: host, reason: Self.drainErrors())
        }
    }

    /// OpenSSL's queued error texts, oldest first, and an empty queue after.
    private static func drainErrors() -> String {
        var texts: [String] = []
        var buffer = [CChar](repeating: 0, count: 256)
        while case let code = ERR_get_error(), code != 0 {
            ERR_error_string_n(code, &buffer, buffer.count)
            texts.append(String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return texts.isEmpty ? "no OpenSSL error queued" : texts.joined(separator: "; ")
    }

    private static func isIPAddress(_ host: String) -> Bool {
        var v4 = in_addr()
        var v6 = in6_addr()
        return inet_pton(AF_INET, host, &v4) == 1 || inet_pton(AF_INET6, host, &v6) == 1
    }

    deinit {
        SSL_free(connection)
        SSL_CTX_free(context)
    }
}
#endif
