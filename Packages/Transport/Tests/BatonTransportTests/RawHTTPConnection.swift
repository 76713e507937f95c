import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One TCP connection to 127.0.0.1 that writes requests byte for byte and reads responses
/// with `Content-Length` bodies: for tests of what a server does on a kept-alive connection,
/// which URLSession does not let a test control. Every read gives up after 5 s.
///
/// Not thread-safe: one test owns it.
final class RawHTTPConnection {
    struct Response {
        var status: Int
        /// Names lowercased.
        var headers: [String: String]
        var body: Data
    }

    enum Failure: Error, CustomStringConvertible {
        case socket(String, errno: Int32)
        case closedBeforeResponse(received: Data)
        case malformedResponse(String)

        var description: String {
            switch self {
            case .socket(let call, let code): "\(call) failed: \(String(cString: strerror(code)))"
            case .closedBeforeResponse(let received):
                "the connection closed after \(received.count) bytes: \(String(decoding: received, as: UTF8.self))"
            case .malformedResponse(let head): "not an HTTP response head: \(head)"
            }
        }
    }

    private let descriptor: Int32
    private var received = Data()

    init(port: Int) throws {
        #if canImport(Glibc)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw Failure.socket("socket", errno: errno) }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr = in_addr(s_addr: inet_addr("127.0.0.1"))
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            let code = errno
            close(fd)
            throw Failure.socket("connect", errno: code)
        }
        descriptor = fd
    }

    deinit {
        close(descriptor)
    }

    func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            guard n > 0 else { throw Failure.socket("write", errno: errno) }
            sent += n
        }
    }

    /// The next response on the connection.
    func readResponse() throws -> Response {
        let separator = Data("\r\n\r\n".utf8)
        while received.range(of: separator) == nil { try receive() }
        let headEnd = received.range(of: separator)!
        let head = String(decoding: received[..<headEnd.lowerBound], as: UTF8.self)
        received.removeSubrange(..<headEnd.upperBound)
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, statusLine[0].hasPrefix("HTTP/"), let status = Int(statusLine[1]) else {
            throw Failure.malformedResponse(head)
        }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        let length = Int(headers["content-length"] ?? "0") ?? 0
        while received.count < length { try receive() }
        let body = Data(received.prefix(length))
        received.removeFirst(length)
        return Response(status: status, headers: headers, body: body)
    }

    private func receive() throws {
        var chunk = [UInt8](repeating: 0, count: 16384)
        let n = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if n < 0 { throw Failure.socket("read", errno: errno) }
        if n == 0 { throw Failure.closedBeforeResponse(received: received) }
        received.append(contentsOf: chunk[..<n])
    }
}
