import CZlib
import Foundation

/// One-shot gzip compression and decompression with the system zlib.
///
/// Stateless: safe on any thread. For bodies that arrive in pieces use `Inflater`.
public enum Gzip {
    /// True when `data` begins with the gzip magic bytes (1f 8b). JSON, multipart and
    /// event-stream text never do, so this tells an undecoded gzip body from a decoded one.
    public static func hasGzipMagic<Bytes: Collection>(_ data: Bytes) -> Bool where Bytes.Element == UInt8 {
        var iterator = data.makeIterator()
        return iterator.next() == 0x1f && iterator.next() == 0x8b
    }

    /// `data` as a single gzip member (RFC 1952), at zlib `level` (0...9, or -1 for the default).
    public static func compress(_ data: Data, level: Int32 = Z_DEFAULT_COMPRESSION) throws(GzipError) -> Data {
        let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        defer { deflateEnd(stream); stream.deinitialize(count: 1); stream.deallocate() }
        // windowBits 15 + 16: write a gzip header and trailer rather than a zlib one.
        let status = deflateInit2_(
            stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY,
            zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else { throw .initializationFailed(code: status) }

        var input = [UInt8](data)
        let bound = Int(deflateBound(stream, uLong(input.count)))
        var output = [UInt8](repeating: 0, count: bound + 32)
        let result: Int32 = input.withUnsafeMutableBufferPointer { inBuffer in
            output.withUnsafeMutableBufferPointer { outBuffer in
                stream.pointee.next_in = inBuffer.baseAddress
                stream.pointee.avail_in = uInt(inBuffer.count)
                stream.pointee.next_out = outBuffer.baseAddress
                stream.pointee.avail_out = uInt(outBuffer.count)
                return deflate(stream, Z_FINISH)
            }
        }
        guard result == Z_STREAM_END else {
            throw .corruptData(code: result, message: Self.message(of: stream))
        }
        return Data(output[0..<Int(stream.pointee.total_out)])
    }

    /// The decompressed bytes of a gzip (or zlib) stream; several concatenated gzip
    /// members decode to their concatenation.
    public static func decompress(_ data: Data) throws(GzipError) -> Data {
        let inflater = try Inflater()
        var out = try inflater.append(data)
        try inflater.finish()
        if out.isEmpty { out = Data() }
        return out
    }

    static func message(of stream: UnsafeMutablePointer<z_stream>) -> String {
        stream.pointee.msg.map { String(cString: $0) } ?? "no message"
    }
}
