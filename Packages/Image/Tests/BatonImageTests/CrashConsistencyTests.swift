import Foundation
import Testing
@_spi(Baton) @testable import BatonImage
import BatonTestSupport

@Suite struct CrashConsistencyTests {
    /// A child commits in a loop, reporting each batch once `waitUntilCommitted()` returned,
    /// and is killed with SIGKILL at random moments; after each kill the file opens as an
    /// image, every row decodes, and every batch the child reported is there, whole.
    @Test func aChildKilledMidCommitNeverLeavesTheFileUnreadableOrLosesAReportedCommit() async throws {
        let scratch = Scratch()
        guard let child = Products.url("ImageCrashChild") else {
            Issue.record("ImageCrashChild is not built beside the tests")
            return
        }
        var generator = SystemRandomNumberGenerator()
        var totalCommits = 0
        // How long after its first line (before its open) a child may live. A child killed
        // before its first commit doubles it for the next (up to 2 s): on a loaded machine, or
        // under a sanitizer, the open alone can take longer than 60 ms, and every kill would
        // land before a commit.
        var longestLife = 0.06
        // 16 kills at least, and more (48 at most) until 16 reported batches have been
        // checked: on a loaded machine a child may be killed before its first commit.
        for run in 0..<48 where run < 16 || totalCommits < 16 {
            // The child runs and is killed off the cooperative pool (the test only suspends).
            let result = try await ChildProcessResult.run(
                child, ["commits", scratch.file.path, "r\(run)"],
                killAfterFirstOutput: Double.random(in: 0...longestLife, using: &generator))
            #expect(result.killedBySignal)
            // The last piece may be a line cut short by the kill.
            let lines = result.outputText.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            let reported = lines.compactMap { line -> String? in
                let words = line.split(separator: " ")
                return words.count == 3 && words[0] == "commit" ? String(words[1]) : nil
            }
            totalCommits += reported.count

            // A kill before the first commit may leave no image yet; after one, the file is an image.
            if reported.isEmpty {
                longestLife = min(longestLife * 2, 2)
                continue
            }
            // Read before any open: an open ages the file, and this run's rows must all be there.
            let inspector = try ImageInspector(path: scratch.file.path)
            #expect(try inspector.integrityProblems().isEmpty)
            #expect(try inspector.undecodableRows().isEmpty)
            var missing: [String] = []
            for id in reported {
                for i in 0..<25 {
                    let record = try inspector.record(RecordKey(type: "Item", id: "\(id)-\(i)"))
                    if record?["batch"] != .string(id) || record?["index"] != .int(i) || record?["text"] == nil {
                        missing.append("\(id)-\(i)")
                    }
                }
            }
            #expect(
                missing.isEmpty,
                "run \(run): \(missing.count) records of reported batches missing: \(missing.prefix(5))")
        }
        // The kills landed while the child was committing, not before it began.
        #expect(totalCommits >= 16)
        let image = StoreImage.open(at: scratch.file, version: "crash-test")
        defer { image.close() }
        try image.waitUntilOpen()
    }

    /// The soak's crashes part, short: children making every kind of write (commits of
    /// random sizes, reopens that age the file, removeAll, eviction under a small size limit)
    /// are killed at random; the file is checked after each kill against what they reported.
    @Test func childrenKilledDuringEveryKindOfWriteLoseNothingTheyReportedAndBringNothingBack() async throws {
        let scratch = Scratch()
        guard let child = Products.url("ImageCrashChild") else {
            Issue.record("ImageCrashChild is not built beside the tests")
            return
        }
        let seed = UInt64.random(in: 0..<1 << 32)
        let result = try await ChildProcessResult.run(child, ["soak-crashes", "12", scratch.directory.path, "\(seed)"])
        #expect(result.status == 0, "\(result.errorText)")
        let last = result.outputText.split(separator: "\n").last.map(String.init) ?? ""
        let report = try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any]
        let figures = report?["figures"] as? [String: Any]
        #expect(report?["passed"] as? Bool == true, "seed \(seed): \(report?["summary"] ?? last)")
        #expect(figures?["kills"] as? Int == 12)
        #expect(figures?["lost_batches"] as? Int == 0)
        #expect(figures?["undecodable"] as? Int == 0)
        #expect((figures?["writes"] as? [String: Any])?["commits"] as? Int ?? 0 > 0)
    }
}
