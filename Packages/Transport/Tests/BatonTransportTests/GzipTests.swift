import BatonTransport
import Foundation
import Testing

@Suite struct GzipWithZlib {
    static let text = Data(String(repeating: #"{"data":{"character":{"name":"Rick Sanchez"}}} "#, count: 200).utf8)

    @Test func roundTripsAndWritesAGzipMember() throws {
        let compressed = try Gzip.compress(Self.text)
        #expect(Gzip.hasGzipMagic(compressed))
        #expect(compressed.count < Self.text.count / 10)
        #expect(try Gzip.decompress(compressed) == Self.text)
    }

    @Test func inflatesChunkByChunkAsTheyArrive() throws {
        let compressed = try Gzip.compress(Self.text)
        let inflater = try Inflater()
        var out = Data()
        for byte in compressed { out.append(try inflater.append(Data([byte]))) }
        try inflater.finish()
        #expect(out == Self.text)
    }

    @Test func concatenatedMembersDecodeToTheirConcatenation() throws {
        let joined = try Gzip.compress(Data("first ".utf8)) + Gzip.compress(Data("second".utf8))
        #expect(try Gzip.decompress(joined) == Data("first second".utf8))
    }

    @Test func corruptAndTruncatedDataThrow() throws {
        let compressed = try Gzip.compress(Self.text)
        #expect(throws: GzipError.truncated) { try Gzip.decompress(compressed.prefix(compressed.count / 2)) }
        var corrupt = compressed
        corrupt[corrupt.startIndex + 12] ^= 0xFF
        corrupt[corrupt.startIndex + 20] ^= 0xFF
        #expect(throws: GzipError.self) { try Gzip.decompress(corrupt) }
    }

    @Test func aJSONBodyIsNeverMistakenForGzip() {
        #expect(!Gzip.hasGzipMagic(Data(#"{"data":null}"#.utf8)))
        #expect(!Gzip.hasGzipMagic(Data("\r\n---".utf8)))
        #expect(!Gzip.hasGzipMagic(Data()))
    }

    @Test func linksTheSystemZlib() {
        #expect(zlibLibraryVersion.hasPrefix("1."))
    }
}
