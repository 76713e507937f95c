import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A connected blocking TCP socket (POSIX: Glibc on Linux, Darwin on Apple platforms).
///
/// Its calls block: it lives on a ``WebSocketClient``'s reader thread and write queue, never
/// on Swift concurrency's cooperative threads. `read` from one thread and `write` from
/// another may overlap; ``shutdown()`` from any thread, any number of times, wakes a blocked
/// `read`. The descriptor is closed when the last reference goes, so no call can reach a
/// descriptor number the system has given to another file.
final class TCPSocket: Sendable {
    let descriptor: Int32

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Resolves `host` and connects to the first address that answers, within `timeout`
    /// seconds per address (a send timeout bounds a blocking connect).
    static func connect(host: String, port: Int, timeout: TimeInterval) throws(WebSocketError) -> TCPSocket {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            throw .connectFailed(host: host, port: port, errno: 0, reason: String(cString: gai_strerror(status)))
        }
        defer { freeaddrinfo(first) }
        var lastError: Int32 = ECONNREFUSED
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let address = entry {
            entry = address.pointee.ai_next
            let fd = socket(address.pointee.ai_family, address.pointee.ai_socktype, address.pointee.ai_protocol)
            guard fd >= 0 else {
                lastError = errno
                continue
            }
            let connection = TCPSocket(descriptor: fd)
            connection.setTimeout(SO_SNDTIMEO, timeout)
            if systemConnect(fd, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 {
                connection.configure()
                return connection
            }
            lastError = errno
        }
        throw .connectFailed(host: host, port: port, errno: lastError, reason: String(cString: strerror(lastError)))
    }

    private func configure() {
        var one: Int32 = 1
        setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        #if canImport(Darwin)
        setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
        setTimeout(SO_SNDTIMEO, nil)
    }

    /// Sets a receive (`SO_RCVTIMEO`) or send (`SO_SNDTIMEO`) timeout; nil for none.
    func setTimeout(_ option: Int32, _ seconds: TimeInterval?) {
        let whole = seconds.map { max(0, $0) } ?? 0
        var value = timeval()
        value.tv_sec = .init(whole.rounded(.down))
        value.tv_usec = .init((whole - whole.rounded(.down)) * 1_000_000)
        setsockopt(descriptor, SOL_SOCKET, option, &value, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Writes all of `bytes`, blocking until the kernel took them.
    func write(_ bytes: [UInt8]) throws(WebSocketError) {
        var sent = 0
        while sent < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                #if canImport(Glibc)
                send(descriptor, buffer.baseAddress! + sent, buffer.count - sent, Int32(MSG_NOSIGNAL))
                #else
                send(descriptor, buffer.baseAddress! + sent, buffer.count - sent, 0)
                #endif
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw .connectionDropped(reason: "write failed: \(String(cString: strerror(errno)))")
            }
            sent += count
        }
    }

    /// Reads what is available into `buffer` (blocking until something is): the count read,
    /// 0 at the end of the stream; throws on a read error or a receive timeout.
    func read(into buffer: inout [UInt8]) throws(WebSocketError) -> Int {
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count >= 0 { return count }
            if errno == EINTR { continue }
            if errno == EAGAIN || errno == EWOULDBLOCK { throw .timedOut(waitingFor: "data", after: 0) }
            throw .connectionDropped(reason: "read failed: \(String(cString: strerror(errno)))")
        }
    }

    /// Ends both directions: a blocked `read` returns 0.
    func shutdown() {
        #if canImport(Glibc)
        _ = Glibc.shutdown(descriptor, Int32(SHUT_RDWR))
        #else
        _ = Darwin.shutdown(descriptor, SHUT_RDWR)
        #endif
    }

    deinit {
        #if canImport(Glibc)
        _ = Glibc.close(descriptor)
        #else
        _ = Darwin.close(descriptor)
        #endif
    }
}

private func systemConnect(_ fd: Int32, _ address: UnsafeMutablePointer<sockaddr>!, _ length: socklen_t) -> Int32 {
    #if canImport(Glibc)
    Glibc.connect(fd, address, length)
    #else
    Darwin.connect(fd, address, length)
    #endif
}
