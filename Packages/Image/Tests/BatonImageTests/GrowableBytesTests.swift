import Testing

@testable import BatonImage

/// The encoder's buffer: every byte appended, one at a time or in runs longer than what it
/// holds, reads back in order.
@Suite struct GrowableBytesTests {
    @Test func bytesAppendedPastTheCapacityReadBackInOrder() {
        var bytes = GrowableBytes(capacity: 16)
        var expected: [UInt8] = []
        for round in 0..<40 {
            let byte = UInt8(truncatingIfNeeded: round &* 37)
            bytes.append(byte)
            expected.append(byte)
            // Runs of 0 to 99 bytes: some fit, some outgrow the buffer twice over.
            let run = (0..<(round * 5 % 100)).map { UInt8(truncatingIfNeeded: $0 &+ round) }
            run.withUnsafeBytes { bytes.append($0) }
            expected += run
        }
        #expect(bytes.count == expected.count)
        #expect(bytes.copiedToArray == expected)
    }

    @Test func removeAllForgetsTheBytesAndTheBufferTakesNewOnes() {
        var bytes = GrowableBytes(capacity: 16)
        let long = [UInt8](repeating: 7, count: 300)
        long.withUnsafeBufferPointer { bytes.append($0) }
        bytes.removeAll()
        #expect(bytes.count == 0)
        bytes.withUnsafeBytes { #expect($0.isEmpty) }
        bytes.append(1)
        bytes.append(2)
        #expect(bytes.copiedToArray == [1, 2])
    }
}
