import Foundation
import BatonImage

/// The soak's two-processes part. In each round a holder process opens one image and commits
/// to it (``ChildWriter``, reporting each batch once committed) while other processes, two at
/// a time, try again and again to open the same file (``OpenAttempts``). Each attempt must
/// end at once with ``ImageError/heldByAnotherProcess(path:)``: never an open, a crash or a
/// hang. Then the holder ends, killed with SIGKILL in every other round and closing the image
/// itself in the others; the file must pass `integrity_check`, every row must decode and
/// every batch the holder reported must be there whole; and a new process must open it.
struct TwoProcessSoak {
    let seconds: Double
    let directory: String
    static let rounds = 4
    /// Attempts each trying process makes before it ends.
    static let attemptsPerProcess = 25

    struct Figures {
        var attempts = 0
        var held = 0
        var openedWhileHeld = 0
        var otherErrors = 0
        var crashes = 0
        var hangs = 0
        var attemptProcesses = 0
        var holderBatches = 0
        var holdersKilled = 0
        var holdersClosed = 0
        var holderFailures = 0
        var lost = 0
        var torn = 0
        var undecodable = 0
        var damaged = 0
        var unopenable = 0
        var reopenedAfterHolder = 0
        /// Batches the refused processes handed their image that reached the file.
        var foreignBatches = 0
    }

    func run() -> SoakReport {
        let started = Date()
        let path = (directory as NSString).appendingPathComponent("two-process.image")
        FileHeaderFiles.remove(path)
        var figures = Figures()
        var problems: [String] = []
        func problem(_ text: String) { if problems.count < 8 { problems.append(text) } }
        let roundSeconds = seconds / Double(Self.rounds)

        for round in 0..<Self.rounds {
            let killHolder = round % 2 == 0
            guard let holder = try? ChildProcess(["hold", path, "h\(round)"]),
                holder.waitForLine(timeout: 30, { $0.hasPrefix("open ") })
            else {
                problem("round \(round): the holder did not open the image")
                figures.holderFailures += 1
                continue
            }
            let end = Date(timeIntervalSinceNow: roundSeconds)
            while Date() < end {
                let trying = (0..<2).compactMap { _ in
                    try? ChildProcess(["attempt", path, String(Self.attemptsPerProcess)])
                }
                for process in trying {
                    let ending = process.wait(timeout: 30)
                    figures.attemptProcesses += 1
                    if ending.hung { figures.hangs += 1 }
                    if ending.killed || ending.status != 0 {
                        figures.crashes += 1
                        problem("an attempting process ended with \(ending.status): \(ending.errors.prefix(200))")
                    }
                    for line in ending.lines {
                        figures.attempts += 1
                        switch line {
                        case "held": figures.held += 1
                        case "opened":
                            figures.openedWhileHeld += 1
                            problem("a second process opened the image while the holder had it")
                        default:
                            figures.otherErrors += 1
                            problem("an attempt: \(line)")
                        }
                    }
                }
            }
            if killHolder { holder.kill() } else { holder.closeInput() }
            let ending = holder.wait(timeout: 60)
            if killHolder {
                figures.holdersKilled += ending.killed ? 1 : 0
            } else if ending.lines.last == "closed" && ending.status == 0 {
                figures.holdersClosed += 1
            } else {
                figures.holderFailures += 1
                problem(
                    "round \(round): the holder did not close: \(ending.lines.last ?? "") \(ending.errors.prefix(200))")
            }
            if ending.lines.contains(where: { $0.hasPrefix("failed") }) {
                figures.holderFailures += 1
                problem("round \(round): the holder's image failed: \(ending.lines.filter { $0.hasPrefix("failed") })")
            }
            let committed = ending.lines.compactMap { line -> String? in
                let words = line.split(separator: " ")
                return words.count == 3 && words[0] == "commit" ? String(words[1]) : nil
            }
            figures.holderBatches += committed.count
            check(path, committed: committed, &figures, problem)

            // Once the holder is gone, a new process opens the image.
            if let after = try? ChildProcess(["attempt", path, "1"]) {
                let ending = after.wait(timeout: 30)
                if ending.lines == ["opened"] {
                    figures.reopenedAfterHolder += 1
                } else {
                    problem("round \(round): after the holder ended, an open said \(ending.lines)")
                }
            }
        }
        FileHeaderFiles.remove(path)

        let seconds = Date().timeIntervalSince(started)
        let passed =
            problems.isEmpty && figures.attempts > 0 && figures.held == figures.attempts && figures.crashes == 0
            && figures.hangs == 0 && figures.lost == 0 && figures.torn == 0 && figures.undecodable == 0
            && figures.damaged == 0 && figures.unopenable == 0 && figures.reopenedAfterHolder == Self.rounds
            && figures.holderFailures == 0 && figures.foreignBatches == 0
        let summary =
            passed
            ? "\(figures.attempts) opens by \(figures.attemptProcesses) other processes while one held the image, "
                + "each ImageError.heldByAnotherProcess (0 opened, 0 crashes, 0 hangs, "
                + "their writes dropped); "
                + "\(figures.holderBatches) holder batches, 0 lost, 0 undecodable rows; "
                + "opened by a new process after each of \(Self.rounds) holders ended "
                + "(\(figures.holdersKilled) SIGKILLed, \(figures.holdersClosed) closed)"
            : "FAILED: \(figures.held) of \(figures.attempts) attempts held, \(figures.openedWhileHeld) opened, "
                + "\(figures.crashes) crashes, \(figures.hangs) hangs, \(figures.lost) lost batches; "
                + problems.joined(separator: "; ")
        return SoakReport(
            part: "two-processes", passed: passed,
            figures: [
                "attempts": figures.attempts, "held_errors": figures.held,
                "opened_while_held": figures.openedWhileHeld, "other_errors": figures.otherErrors,
                "crashes": figures.crashes, "hangs": figures.hangs, "attempt_processes": figures.attemptProcesses,
                "holder_batches": figures.holderBatches, "lost_batches": figures.lost, "torn_batches": figures.torn,
                "undecodable": figures.undecodable, "damaged": figures.damaged, "unopenable": figures.unopenable,
                "holders_killed": figures.holdersKilled, "holders_closed": figures.holdersClosed,
                "reopened_after_holder": figures.reopenedAfterHolder,
                "refused_batches_in_file": figures.foreignBatches, "rounds": Self.rounds,
                "seconds": (seconds * 10).rounded() / 10,
            ],
            summary: summary)
    }

    /// The file after a holder ended: whole, every row decodes, every batch in `committed` there.
    private func check(
        _ path: String, committed: [String], _ figures: inout Figures, _ problem: (String) -> Void
    ) {
        do {
            let inspector = try ImageInspector(path: path)
            let damage = try inspector.integrityProblems()
            if !damage.isEmpty {
                figures.damaged += 1
                problem("integrity_check: \(damage.prefix(3))")
            }
            let undecodable = try inspector.undecodableRows()
            figures.undecodable += undecodable.count
            var keysByBatch: [String: [RecordKey]] = [:]
            for key in try inspector.keys() {
                if let id = SoakBatch.id(of: key) { keysByBatch[id, default: []].append(key) }
            }
            let foreign = keysByBatch.keys.filter { $0.hasPrefix("t") }
            if !foreign.isEmpty {
                figures.foreignBatches += foreign.count
                problem("batches of the processes that were refused are in the file: \(foreign.prefix(3))")
            }
            for id in committed {
                guard let keys = keysByBatch[id] else {
                    figures.lost += 1
                    problem("batch \(id) was committed and is missing")
                    continue
                }
                if try SoakBatch.presence(of: id, keys: keys, in: inspector) == .torn {
                    figures.torn += 1
                    problem("batch \(id) is torn")
                }
            }
        } catch {
            figures.unopenable += 1
            problem("the file does not open: \(error)")
        }
    }
}
