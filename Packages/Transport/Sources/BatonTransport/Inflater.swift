import CZlib
import Foundation

/// Streaming gzip/zlib decompression: feed compressed chunks as they arrive, get the
/// bytes they complete.
///
/// Not thread-safe: one owner at a time (the transport keeps one per response, behind
/// that response's lock). The zlib stream lives at a fixed heap address, as zlib requires.
public final class Inflater {
    private let stream: UnsafeMutablePointer<z_stream>
    private var ended = false
    private var sawInput = false

    public init() throws(GzipError) {
        stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        // windowBits 15 + 32: accept a gzip or a zlib header, whichever the data has.
        let status = inflateInit2_(stream, 15 + 32, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else {
            stream.deinitialize(count: 1)
            stream.deallocate()
            throw .initializationFailed(code: status)
        }
    }

    deinit {
        inflateEnd(stream)
        stream.deinitialize(count: 1)
        stream.deallocate()
    }

    /// Decompresses `chunk` and answers with the bytes it completes (possibly none).
    public func append(_ chunk: Data) throws(GzipError) -> Data {
        guard !chunk.isEmpty else { return Data() }
        sawInput = true
        var input = [UInt8](chunk)
        var output = Data()
        var buffer = [UInt8](repeating: 0, count: max(16_384, chunk.count * 4))
        var failure: GzipError?
        input.withUnsafeMutableBufferPointer { inBuffer in
            stream.pointee.next_in = inBuffer.baseAddress
            stream.pointee.avail_in = uInt(inBuffer.count)
            drain: while true {
                if ended {
                    guard stream.pointee.avail_in > 0 else { break drain }
                    // Another gzip member follows the one that ended: start it afresh.
                    guard inflateReset(stream) == Z_OK else {
                        failure = .corruptData(code: Z_STREAM_ERROR, message: "could not reset for the next member")
                        return
                    }
                    ended = false
                }
                let (status, produced) = buffer.withUnsafeMutableBufferPointer { outBuffer in
                    stream.pointee.next_out = outBuffer.baseAddress
                    stream.pointee.avail_out = uInt(outBuffer.count)
                    let status = inflate(stream, Z_NO_FLUSH)
                    return (status, outBuffer.count - Int(stream.pointee.avail_out))
                }
                output.append(contentsOf: buffer[0..<produced])
                switch status {
                case Z_STREAM_END:
                    ended = true
                case Z_OK:
                    // Stop when the input is used up and zlib had room to spare (nothing pending).
                    if stream.pointee.avail_in == 0 && produced < buffer.count { break drain }
                case Z_BUF_ERROR:
                    break drain  // no progress possible until more input arrives
                default:
                    failure = .corruptData(code: status, message: Gzip.message(of: stream))
                    return
                }
            }
            stream.pointee.next_in = nil
        }
        if let failure { throw failure }
        return output
    }

    /// Checks that the compressed stream ended; throws `.truncated` if it stopped midway.
    public func finish() throws(GzipError) {
        if sawInput && !ended { throw .truncated }
    }
}
