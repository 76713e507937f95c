import BatonNormalize
import Foundation
import Testing

@Suite struct SHA256Vectors {
    // FIPS 180-2 appendix B and the NIST example values.
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
        (
            "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
            "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
        ),
        (
            "The quick brown fox jumps over the lazy dog",
            "d7a8fbb307d7809469ca9abcb0082e4f8d5651e46d3cdb762d02d0bf37c9e592"
        ),
    ])
    func digestsMatchTheStandardVectors(_ input: String, _ expected: String) {
        #expect(SHA256.hexDigest(input) == expected)
    }

    @Test func aMillionAsMatchesTheLongVector() {
        #expect(
            SHA256.hash([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)).map { String(format: "%02x", $0) }
                .joined()
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func feedingInPiecesEqualsOneShotAtEveryBlockEdge() {
        let bytes = (0..<200).map { UInt8($0 % 251) }
        for split in [0, 1, 55, 56, 63, 64, 65, 119, 128, 199, 200] {
            var hasher = SHA256()
            hasher.update(bytes[..<split])
            hasher.update(bytes[split...])
            #expect(hasher.finalize() == SHA256.hash(bytes), "split at \(split)")
        }
    }
}
