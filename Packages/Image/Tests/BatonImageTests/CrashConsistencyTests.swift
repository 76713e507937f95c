import Foundation
import Testing
@_spi(Baton) @testable import BatonImage
import BatonTestSupport

@Suite struct CrashConsistencyTests {
    /// A child commits in a loop and is killed with SIGKILL at random moments; after each
    /// kill the file opens as an image, every row decodes, and every commit the child said
    /// was complete (but for the last two) is there.
    @Test func aChildKilledMidCommitNeverLeavesTheFileUnreadableOrLosesCompletedCommits() async throws {
        let scratch = Scratch()
        guard let child = Products.url("ImageCrashChild") else {
            Issue.record("ImageCrashChild is not built beside the tests")
            return
        }
        var generator = SystemRandomNumberGenerator()
        var totalCommits = 0
        for run in 0..<24 {
            // The child runs and is killed off the cooperative pool (the test only suspends).
            let result = try await ChildProcessResult.run(
                child, [scratch.file.path, "r\(run)"],
                killAfterFirstOutput: Double.random(in: 0...0.06, using: &generator))
            #expect(result.killedBySignal)
            let output = result.output

            let lines = String(decoding: output, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            // The last piece may be a line cut short by the kill.
            let completed = lines.dropLast().compactMap { Int($0) }
            totalCommits += completed.count
            let mustHold = completed.dropLast(2)

            let image = StoreImage.open(at: scratch.file, version: "crash-test")
            try image.waitUntilOpen()
            let missing = try image.withReadTransaction { reader throws in
                var missing: [String] = []
                for commit in mustHold {
                    for i in [0, 12, 24] {
                        let key = RecordKey(type: "Item", id: "r\(run)-\(commit)-\(i)")
                        let row = try reader.snapshot(of: key, fields: [])
                        if row?["commit"] != .int(commit) || row?["text"] == nil { missing.append(key.rawValue) }
                    }
                }
                if let last = mustHold.last,
                    case .int(let counter)? = try reader.snapshot(
                        of: RecordKey(type: "Counter", id: "r\(run)"), fields: [])?["last"],
                    counter < last
                {
                    missing.append("Counter:r\(run) at \(counter) < \(last)")
                }
                return missing
            }
            image.close()
            #expect(missing.isEmpty, "run \(run): \(missing.prefix(5))")
            let inspector = try ImageInspector(path: scratch.file.path)
            #expect(try inspector.undecodableRows().isEmpty)
            #expect(try inspector.stats().records >= mustHold.count * 25)
        }
        // The kills landed while the child was committing, not before it began.
        #expect(totalCommits > 24)
    }
}
