import Foundation
import Synchronization
@_spi(Baton) import BatonImage

/// A child process's writes to one image, each reported on standard output only once the
/// writer says it is committed (``StoreImage/waitUntilCommitted()``):
///
/// - `begin open`, then `settings JOURNAL SYNCHRONOUS` (the connection's `journal_mode` and
///   `synchronous`) and `open L` once the open's ageing is committed (launch L);
/// - after each open, as an app's launch draws from its image (with `everyKind`, two opens in
///   three; the third is a background launch that only writes): `begin read`, then `read L`
///   once the reading of the marker row an earlier launch wrote is committed (the launch is
///   then one the next open ages by); then the marker written again for the next;
/// - `begin commit ID` as each batch is handed over, then `commit ID L` once it is committed;
/// - `begin reopen` before a close (its checkpoint) and a new open, which ages the file;
/// - `begin removeAll`, then `removed L` once the file is empty again (launch L, a new file);
/// - `failed ERROR` and exit 3 when the image fails: the soak counts it.
///
/// Runs on the main thread, one write at a time; the image's writer does the work behind it.
struct ChildWriter {
    /// Which writes the child makes.
    enum Mix {
        /// One batch of 25 records at a time (the holder of the two-process soak, the unit test).
        case commitsOnly
        /// Each step at random: one to three batches of random sizes committed together
        /// (94%), a close and reopen (4%), a `removeAll()` (2%); the size limit is small, so
        /// commits evict older launches' rows.
        case everyKind
    }

    static let version = "crash-test"
    /// The size limit of `everyKind`: a few launches' batches fit.
    static let smallSizeLimit = 384 << 10

    let path: String
    let run: String
    let seed: UInt64
    let mix: Mix

    /// Writes until killed, or with `stop`, until it says so and then closes the image.
    func run(until stop: InputEnd?) {
        var generator = SeededGenerator(seed: seed)
        let options = StoreImage.Options(sizeLimit: mix == .everyKind ? Self.smallSizeLimit : 64 << 20)
        report("begin open")
        var image = StoreImage.open(at: URL(fileURLWithPath: path), version: Self.version, options: options)
        var launch = committed(image, "open")
        beginLaunch(image, launch, drawing: launchDraws(&generator))
        var next = 0
        while !(stop?.hasEnded ?? false) {
            let step = mix == .everyKind ? Int.random(in: 0..<100, using: &generator) : 0
            if step < 94 {
                let together = mix == .everyKind ? Int.random(in: 1...3, using: &generator) : 1
                var ids: [String] = []
                for _ in 0..<together {
                    let batch = SoakBatch(
                        id: "\(run).\(next)", launch: launch,
                        count: mix == .everyKind ? Int.random(in: 1...40, using: &generator) : 25,
                        textLength: mix == .everyKind ? Int.random(in: 20...700, using: &generator) : 300)
                    next += 1
                    report("begin commit \(batch.id)")
                    image.write(batch.persistenceBatch)
                    ids.append(batch.id)
                }
                _ = committed(image, nil)
                for id in ids { report("commit \(id) \(launch)") }
                // The holder of the two-process soak leaves the others time to try.
                if stop != nil { usleep(5_000) }
            } else if step < 98 {
                report("begin reopen")
                image.close()
                report("begin open")
                image = StoreImage.open(at: URL(fileURLWithPath: path), version: Self.version, options: options)
                launch = committed(image, "open")
                beginLaunch(image, launch, drawing: launchDraws(&generator))
            } else {
                report("begin removeAll")
                image = image.removeAll()
                launch = committed(image, "removed")
                beginLaunch(image, launch, drawing: launchDraws(&generator))
            }
        }
        image.close()
        report("closed")
    }

    /// The record a launch that draws reads, and every launch writes again: not a batch's (the
    /// checker passes it by), its reading is what makes a launch one that read rows.
    static let marker = RecordKey(type: "Marker", id: "launch")

    /// Whether a launch draws from the image: always with `commitsOnly`, two in three with
    /// `everyKind`, whose other launches only write, as a background refresh does.
    private func launchDraws(_ generator: inout SeededGenerator) -> Bool {
        mix == .commitsOnly || Int.random(in: 0..<3, using: &generator) != 0
    }

    /// With `drawing`, reads the marker as a launch's first screen reads its rows, and reports
    /// `read L` once the read's touch is committed when the marker was there (written by an
    /// earlier launch); then writes the marker for the next launch.
    private func beginLaunch(_ image: StoreImage, _ launch: Int64, drawing: Bool) {
        if drawing {
            report("begin read")
            do {
                let rows = try image.withReadTransaction { try $0.readRows([Self.marker]) }
                if case .found = rows.first {
                    _ = committed(image, nil)
                    report("read \(launch)")
                }
            } catch {
                report("failed \(error)")
                exit(3)
            }
        }
        let marker = RecordSnapshot(key: Self.marker, values: ["launch": .int(Int(launch))])
        image.write(PersistenceBatch(entries: [.init(snapshot: marker, rowWasRead: false)]))
    }

    /// Waits until everything handed to `image` is committed and returns the file's launch;
    /// reports `event L` first when `event` is given. A failure ends the process.
    private func committed(_ image: StoreImage, _ event: String?) -> Int64 {
        do {
            try image.waitUntilOpen()
            try image.waitUntilCommitted()
            let launch = try ImageInspector(path: path).stats().launch
            if event == "open", let settings = try image.connectionSettings() {
                report("settings \(settings.journalMode) \(settings.synchronous)")
            }
            if let event { report("\(event) \(launch)") }
            return launch
        } catch {
            report("failed \(error)")
            exit(3)
        }
    }
}

/// Set once standard input reaches its end: how a parent tells a holding child to close
/// (closing the pipe). Read from the child's main thread; a thread of its own waits for the end.
final class InputEnd: Sendable {
    private let ended = Atomic<Bool>(false)

    init() {
        Thread.detachNewThread { [self] in
            _ = FileHandle.standardInput.readDataToEndOfFile()
            ended.store(true, ordering: .sequentiallyConsistent)
        }
    }

    var hasEnded: Bool { ended.load(ordering: .sequentiallyConsistent) }
}
