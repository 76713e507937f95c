import Foundation

/// Undoes `Content-Encoding: gzip` where the platform has not already.
///
/// Apple's URLSession always inflates gzip bodies, and so does FoundationNetworking on
/// Linux (libcurl, which advertises `Accept-Encoding: deflate, gzip, br, zstd`), yet
/// both keep the `Content-Encoding` header. So the header alone cannot decide: the body
/// is inflated only when the header says gzip *and* the bytes start with gzip's magic
/// number, which no JSON, multipart or event-stream body does. Never decodes twice.
///
/// Not thread-safe: one owner (the exchange reading a response).
struct BodyDecoder {
    private let declaresGzip: Bool
    private var decided = false
    private var head = Data()
    private var inflater: Inflater?

    init(contentEncoding: String?) {
        declaresGzip = contentEncoding?.lowercased().contains("gzip") ?? false
    }

    /// True once the body was found to need inflating here.
    var inflates: Bool { inflater != nil }

    /// The decoded bytes `chunk` completes.
    mutating func decode(_ chunk: Data) throws(GzipError) -> Data {
        if decided {
            return try inflater?.append(chunk) ?? chunk
        }
        guard declaresGzip else {
            decided = true
            return chunk
        }
        head.append(chunk)
        guard head.count >= 2 else { return Data() }
        decided = true
        let bytes = head
        head = Data()
        if Gzip.hasGzipMagic(bytes) {
            let inflater = try Inflater()
            self.inflater = inflater
            return try inflater.append(bytes)
        }
        return bytes
    }

    /// Answers any byte held back and checks a gzip stream ended.
    mutating func finish() throws(GzipError) -> Data {
        try inflater?.finish()
        let rest = head
        head = Data()
        return rest
    }
}
