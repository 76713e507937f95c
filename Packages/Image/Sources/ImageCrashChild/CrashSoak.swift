import Foundation
import BatonImage

/// The soak's crashes part: `kills` children in turn write to one image (``ChildWriter``,
/// every kind of write at random) and are killed with SIGKILL at a random moment; after each
/// kill the file is checked against everything the children reported (``CrashLedger``). Then
/// the image opens once more, as an app's next launch would.
struct CrashSoak {
    let kills: Int
    let directory: String
    let seed: UInt64

    func run() -> SoakReport {
        let started = Date()
        let path = (directory as NSString).appendingPathComponent("crash-soak.image")
        FileHeaderFiles.remove(path)
        var generator = SeededGenerator(seed: seed)
        var ledger = CrashLedger()
        var walEveryTime = true
        for run in 0..<kills {
            let child: ChildProcess
            do {
                child = try ChildProcess(["writes", path, "r\(run)", String(generator.next() >> 1)])
            } catch {
                ledger.problem("the child could not start: \(error)")
                break
            }
            // A quarter of the kills in the first milliseconds (the open and its ageing), the
            // rest anywhere in the first 300 ms of writes.
            _ = child.waitForLine(timeout: 10)
            let delay =
                Int.random(in: 0..<4, using: &generator) == 0
                ? Double.random(in: 0...0.015, using: &generator) : Double.random(in: 0...0.3, using: &generator)
            Thread.sleep(forTimeInterval: delay)
            child.kill()
            let ending = child.wait(timeout: 10)
            if ending.killed {
                ledger.figures.kills += 1
            } else {
                ledger.problem("a child was not killed: \(ending.errors)")
            }
            ledger.record(ending.lines)
            ledger.check(path)
            walEveryTime = walEveryTime && FileHeaderFiles.isWALOrAbsent(path)
        }
        // The next launch opens the file the last kill left.
        let image = StoreImage.open(at: URL(fileURLWithPath: path), version: ChildWriter.version)
        do {
            try image.waitUntilOpen()
        } catch {
            ledger.figures.unopenable += 1
            ledger.problem("the last file does not open: \(error)")
        }
        image.close()
        FileHeaderFiles.remove(path)

        let figures = ledger.figures
        let seconds = Date().timeIntervalSince(started)
        let passed =
            ledger.problems.isEmpty && figures.kills == kills && figures.unopenable == 0 && figures.damaged == 0
            && figures.undecodable == 0
            && figures.lost == 0 && figures.torn == 0 && figures.resurrected == 0 && figures.unexpected == 0
            && walEveryTime && figures.settings == ["wal 1"]
        let during = ["commit", "open", "read", "reopen", "removeAll"].map { "\(figures.killsDuring[$0] ?? 0) \($0)" }
        let summary =
            passed
            ? "\(figures.kills) kills (during \(during.joined(separator: ", "))), \(figures.unopenable) unopenable, "
                + "\(figures.damaged) damaged, \(figures.undecodable) undecodable, \(figures.lost) lost batches of "
                + "\(figures.commits) reported committed (later \(figures.evicted) evicted, \(figures.aged) aged, "
                + "\(figures.removed) removed by \(figures.removeAlls) removeAll, none back); WAL with "
                + "synchronous=NORMAL is durable across a process crash (not a power loss)"
            : "FAILED after \(figures.kills) kills: \(figures.unopenable) unopenable, \(figures.damaged) damaged, "
                + "\(figures.undecodable) undecodable, \(figures.lost) lost, \(figures.torn) torn, "
                + "\(figures.resurrected) back after removal"
                + (walEveryTime ? "" : ", the file left WAL mode")
                + (figures.settings == ["wal 1"]
                    ? "" : ", connections ran with \(figures.settings.sorted()) (want wal 1)")
                + "; " + ledger.problems.joined(separator: "; ")
        return SoakReport(
            part: "crashes", passed: passed,
            figures: [
                "kills": figures.kills, "unopenable": figures.unopenable, "damaged": figures.damaged,
                "undecodable": figures.undecodable,
                "lost_batches": figures.lost, "torn_batches": figures.torn,
                "removed_batches_back": figures.resurrected, "unexpected_batches": figures.unexpected,
                "child_failures": figures.childFailures,
                "writes": [
                    "commits": figures.commits, "opens_with_ageing": figures.opens, "remove_alls": figures.removeAlls,
                    "batches_aged": figures.aged, "batches_evicted": figures.evicted,
                    "batches_removed": figures.removed,
                ],
                "kills_during": figures.killsDuring, "file_header_wal": walEveryTime,
                "connection_settings": figures.settings.sorted(), "seed": Int(seed),
                "seconds": (seconds * 10).rounded() / 10,
            ],
            summary: summary)
    }
}

/// The image's files as the soak sees them from outside.
enum FileHeaderFiles {
    /// Removes the image at `path` and the files SQLite and the lock keep beside it.
    static func remove(_ path: String) {
        for suffix in ["", "-wal", "-shm", "-journal", "-lock"] { unlink(path + suffix) }
    }

    /// Whether the database's header says WAL (its read and write versions are 2), or the
    /// file is not an image yet (no header, or no application id: the open was making it).
    static func isWALOrAbsent(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return true }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: 72), data.count == 72 else { return true }
        let header = [UInt8](data)
        guard header[68..<72].contains(where: { $0 != 0 }) else { return true }
        return header[18] == 2 && header[19] == 2
    }
}
