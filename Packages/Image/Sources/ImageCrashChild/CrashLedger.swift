import Foundation
import BatonImage

/// What the crash soak knows of one image file across the children it kills: the batches
/// each child reported committed and what it reported removed, checked against the file
/// after every kill. Strict: a batch reported committed is in the file after the kill, whole,
/// unless the child reported its removal (the ageing of `open L` drops launches before the last
/// launch before L that read rows, nothing when none did: a child reads the marker row at each
/// open, and only that read makes a launch count; `removed` empties the file) or an eviction
/// took it (eviction drops the oldest launches
/// first and never the newest, so an evicted batch leaves no older batch behind). A removed
/// batch never comes back. One thread.
struct CrashLedger {
    /// Batches reported committed (or found committed though the kill came before the
    /// report) and not removed since, with the launch they were written in.
    private(set) var live: [String: Int64] = [:]
    private var gone: Set<String> = []
    /// Every batch a child began to hand over: only these may be in the file.
    private var begun: Set<String> = []
    /// The launch of the last open (or removal) whose ageing was found committed.
    private var launch: Int64 = 0
    /// The launches of the file that read rows (reported, or found in the file's meta).
    private var activeLaunches: Set<Int64> = []
    private var removalPending = false

    var figures = Figures()
    /// What went wrong, for the summary: the first few.
    private(set) var problems: [String] = []

    struct Figures {
        var kills = 0
        var unopenable = 0
        /// Checks where `PRAGMA integrity_check` found the file damaged.
        var damaged = 0
        var undecodable = 0
        var lost = 0
        var torn = 0
        var resurrected = 0
        var unexpected = 0
        var commits = 0
        var opens = 0
        var removeAlls = 0
        var aged = 0
        var evicted = 0
        var removed = 0
        var killsDuring: [String: Int] = [:]
        var childFailures = 0
        /// Each `journal_mode synchronous` pair the children's connections reported.
        var settings: Set<String> = []
    }

    mutating func problem(_ text: String) {
        if problems.count < 8 { problems.append(text) }
    }

    /// Takes in what a killed child reported, in order.
    mutating func record(_ lines: [Substring]) {
        var activity = "start"
        for line in lines {
            let words = line.split(separator: " ")
            switch (words.first, words.count) {
            case ("begin", 2...):
                activity = String(words[1])
                if activity == "removeAll" { removalPending = true }
                if activity == "commit", words.count == 3 { begun.insert(String(words[2])) }
            case ("open", 2):
                figures.opens += 1
                if let reported = Int64(words[1]) { age(to: reported) }
                activity = "idle"
            case ("commit", 3):
                figures.commits += 1
                if let batchLaunch = Int64(words[2]) { live[String(words[1])] = batchLaunch }
                activity = "idle"
            case ("read", 2):
                if let readLaunch = Int64(words[1]) { activeLaunches.insert(readLaunch) }
                activity = "idle"
            case ("removed", 2):
                figures.removeAlls += 1
                removeEverything()
                launch = Int64(words[1]) ?? 1
                activity = "idle"
            case ("settings", 3):
                figures.settings.insert("\(words[1]) \(words[2])")
            case ("failed", _):
                figures.childFailures += 1
                problem("a child failed: \(line)")
            default:
                break
            }
        }
        figures.killsDuring[activity, default: 0] += 1
    }

    /// The oldest launch the ageing at the open of `newLaunch` keeps: the last launch before it
    /// that read rows, or 0 (every launch) when none did.
    private func oldestKept(at newLaunch: Int64) -> Int64 {
        activeLaunches.filter { $0 < newLaunch }.max() ?? 0
    }

    /// The ageing at the open of launch `newLaunch` committed: batches of launches before
    /// `oldestKept(at: newLaunch)` are gone.
    private mutating func age(to newLaunch: Int64) {
        let kept = oldestKept(at: newLaunch)
        for (id, batchLaunch) in live where batchLaunch < kept {
            live[id] = nil
            gone.insert(id)
            figures.aged += 1
        }
        launch = newLaunch
    }

    private mutating func removeEverything() {
        figures.removed += live.count
        gone.formUnion(live.keys)
        live.removeAll()
        activeLaunches.removeAll()
        removalPending = false
    }

    /// Checks the file at `path` as the last kill left it.
    mutating func check(_ path: String) {
        let inspector: ImageInspector
        do {
            guard FileManager.default.fileExists(atPath: path) else {
                throw ImageError.notAnImage(path: path, applicationID: 0)
            }
            inspector = try ImageInspector(path: path)
        } catch ImageError.notAnImage(_, 0) {
            // No file, or one the open had begun to make (no application id, no table yet):
            // an empty image, which is right only if nothing was committed or a removal was
            // under way.
            if removalPending { removeEverything() }
            if !live.isEmpty {
                figures.lost += live.count
                problem("the file is empty but \(live.count) committed batches were in it")
                live.removeAll()
            }
            activeLaunches.removeAll()
            launch = 0
            return
        } catch {
            figures.unopenable += 1
            problem("the file does not open: \(error)")
            return
        }
        do {
            try check(inspector)
        } catch {
            figures.unopenable += 1
            problem("the file does not read: \(error)")
        }
    }

    private mutating func check(_ inspector: ImageInspector) throws {
        let damage = try inspector.integrityProblems()
        figures.damaged += damage.isEmpty ? 0 : 1
        if !damage.isEmpty { problem("integrity_check: \(damage.prefix(3))") }
        let undecodable = try inspector.undecodableRows()
        figures.undecodable += undecodable.count
        if !undecodable.isEmpty { problem("rows that do not decode: \(undecodable.prefix(3))") }
        let stats = try inspector.stats()

        var keysByBatch: [String: [RecordKey]] = [:]
        for key in try inspector.keys() {
            if let id = SoakBatch.id(of: key) { keysByBatch[id, default: []].append(key) }
        }
        var present: [String: Int64] = [:]
        for (id, keys) in keysByBatch {
            switch try SoakBatch.presence(of: id, keys: keys, in: inspector) {
            case .whole(let batchLaunch): present[id] = batchLaunch
            case .torn:
                figures.torn += 1
                problem("batch \(id) is torn: \(keys.count) of its records")
            }
        }

        // A removal the kill interrupted happened if none of the batches before it is left and
        // the file is a new one (its launch starts again at 1).
        if removalPending {
            if !live.keys.contains(where: { present[$0] != nil }) && (stats.launch < launch || stats.launch == 1) {
                removeEverything()
                launch = stats.launch
            }
            removalPending = false
        }
        // An open the kill interrupted aged the file if the file's launch is newer. A read's
        // touch the kill came before the child reported is in the file's meta; it came after
        // that open's ageing, so it counts from the next open on.
        if stats.launch > launch {
            age(to: stats.launch)
        } else if stats.launch < launch {
            problem("the file's launch went back from \(launch) to \(stats.launch)")
            launch = stats.launch
        }
        if let active = stats.activeLaunch { activeLaunches.insert(active) }

        for id in gone where present[id] != nil {
            figures.resurrected += 1
            problem("batch \(id) was removed and is back")
        }
        for (id, batchLaunch) in present where live[id] == nil && !gone.contains(id) {
            if begun.contains(id) {
                // Committed, but the kill came before the child reported it.
                live[id] = batchLaunch
            } else {
                figures.unexpected += 1
                problem("batch \(id) is in the file but no child wrote it")
            }
        }
        for (id, batchLaunch) in live where present[id] == nil {
            live[id] = nil
            let olderLeft = live.contains { present[$0.key] != nil && $0.value <= batchLaunch }
            if batchLaunch < stats.launch && !olderLeft {
                gone.insert(id)
                figures.evicted += 1
            } else {
                figures.lost += 1
                problem(
                    "batch \(id) (launch \(batchLaunch)) was committed and is missing (file launch \(stats.launch))")
            }
        }
        let kept = oldestKept(at: stats.launch)
        for (id, batchLaunch) in live where batchLaunch < kept {
            figures.resurrected += 1
            problem("batch \(id) of launch \(batchLaunch) outlived the ageing of launch \(stats.launch)")
            live[id] = nil
        }
    }
}
