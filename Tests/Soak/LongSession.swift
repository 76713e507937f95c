import BatonImage
import BatonLens
import BatonTestSupport
import BatonTransport
import Foundation
import Observation

/// `make soak`'s long session: an app's path (a `GraphQLEnvironment` over `HTTPTransport` to
/// the local test server, a store over a size-limited image, query handles whose lenses views
/// read under observation, fragment observers, optimistic note edits) for many screen loads,
/// with collection and a release buffer; the resident memory sampled as it goes, weak
/// references to a sample of what each screen let go checked at the end. Main actor, as an
/// app's screens are.
@MainActor
struct LongSession {
    /// Screens loaded: three character details (the server's 493, visited in a stride) to one
    /// page of the list (its 25), each fetched (cache and network) and committed.
    var loads = 10_000
    /// Loads before memory is taken as settled: every character and page has been seen.
    var warmUp = 2_000
    var sampleEvery = 500
    /// Loads between collections.
    var collectEvery = 50
    /// Loads between optimistic note edits (each a mutation and its commit).
    var editEvery = 10
    /// Loads between weak-reference samples (the handle, its fragment observer, its record).
    var weakSampleEvery = 100
    var releaseBufferSize = 10
    /// The image's size limit (`StoreImage.Options.sizeLimit`), which its file and WAL
    /// together are held to.
    var imageLimit = 8 << 20
    /// The allowed growth of the resident memory over its value after warm-up.
    var flatWithin = 0.10

    static let characters = 493
    static let pages = 25

    /// What the session let go, held weakly: each must be gone once the last screen is.
    private final class Released {
        weak var handle: AnyObject?
        weak var observer: AnyObject?
        weak var record: AnyObject?
        var alive: Int { [handle, observer, record].filter { $0 != nil }.count }
    }

    func run() async -> SoakReport {
        let started = ContinuousClock.now
        let server: LocalTestServer
        do { server = try await LocalTestServer.start() } catch {
            return SoakReport(part: "session", passed: false, figures: [:], summary: "no test server: \(error)")
        }
        defer { server.stop() }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "baton-soak-session-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let imageURL = directory.appendingPathComponent("session.image")
        let image = StoreImage.open(at: imageURL, version: "soak", options: .init(sizeLimit: imageLimit))
        let environment = GraphQLEnvironment(
            store: Store(
                normalization: SoakSchema.normalization, persistence: image, releaseBufferSize: releaseBufferSize),
            transport: HTTPTransport(url: server.graphQLURL))

        var failures: [String] = []
        var released: [Released] = []
        var commits = 0
        var rss: [(load: Int, megabytes: Double)] = []
        var imageBytes: [Int] = []
        var renders = 0
        for load in 1...loads {
            let sample = load % weakSampleEvery == 0 ? Released() : nil
            if load % 4 == 0 {
                let page = (load / 4) % Self.pages + 1
                let handle = QueryHandle(
                    SessionPageQuery.self, variables: SessionPageQuery.variables(page), policy: .cacheAndNetwork,
                    in: environment)
                await handle.refetch()
                if let error = handle.error { failures.append("page \(page): \(error)") }
                let mount = Mount()
                renders += Self.render(mount) { try Self.rows(handle.data) }
                mount.isMounted = false
                sample?.handle = handle
            } else {
                let id = (load * 37) % Self.characters + 1
                let handle = QueryHandle(
                    SessionCharacterQuery.self, variables: SessionCharacterQuery.variables(id),
                    policy: .cacheAndNetwork, in: environment)
                await handle.refetch()
                if let error = handle.error { failures.append("character \(id): \(error)") }
                let header = FragmentObserver(
                    SessionCharacterQuery.Character.self, key: RecordKey(type: "Character", id: String(id)),
                    in: environment)
                let mount = Mount()
                renders += Self.render(mount) { try Self.detail(handle.data, header.lens) }
                mount.isMounted = false
                sample?.handle = handle
                sample?.observer = header
                sample?.record = environment.store.record(RecordKey(type: "Character", id: String(id)))
            }
            commits += 1
            if let sample { released.append(sample) }
            if load % editEvery == 0 {
                let note = "note-\((load / editEvery) % 3 + 1)"
                let text = "visit \(load)"
                let edit = MutationHandle(SessionEditNoteMutation.self, in: environment)
                do {
                    let data = try await edit.perform(
                        variables: SessionEditNoteMutation.variables(note, text),
                        optimisticResponse: SessionEditNoteMutation.optimistic(note, text))
                    if try data.editNote?.text != text {
                        failures.append("edit \(load): the answer is not the text sent")
                    }
                    commits += 1
                } catch {
                    failures.append("edit \(load): \(error)")
                }
            }
            if load % collectEvery == 0 { environment.collect() }
            if load % sampleEvery == 0 {
                rss.append((load, ResidentMemory.megabytes()))
                imageBytes.append(Self.onDisk(imageURL).total)
            }
        }

        // The last screens are gone too: nothing is retained or buffered, so collection frees
        // every record but the roots, and everything sampled must have gone with them.
        // (A turn first: the last handle's fetch task lets go of it after the loop moved on.)
        try? await Task.sleep(for: .milliseconds(100))
        environment.store.releaseBufferSize = 0
        environment.collect()
        let leaked = released.reduce(0) { $0 + $1.alive }
        let recordsLeft = environment.store.recordCount
        image.waitForPendingWrites()
        let disk = Self.onDisk(imageURL)
        imageBytes.append(disk.total)
        environment.end()
        image.close()

        let settled = rss.filter { $0.load >= warmUp }
        let start = settled.first?.megabytes ?? 0
        let end = settled.last?.megabytes ?? 0
        let peak = settled.map(\.megabytes).max() ?? 0
        let growth = start > 0 ? (end - start) / start : 0
        let peakGrowth = start > 0 ? (peak - start) / start : 0
        let largestImage = imageBytes.max() ?? 0
        let seconds = (ContinuousClock.now - started) / .seconds(1)
        let flat = start > 0 && peakGrowth <= flatWithin
        let passed = failures.isEmpty && flat && largestImage <= imageLimit && leaked == 0
        let figures: [String: Any] = [
            "loads": loads, "commits": commits,
            "rss_start_mb": SoakReport.rounded(start), "rss_end_mb": SoakReport.rounded(end),
            "rss_peak_mb": SoakReport.rounded(peak),
            "rss_growth_pct": SoakReport.rounded(growth * 100),
            "rss_samples_mb": rss.map { SoakReport.rounded($0.megabytes) },
            "image_bytes": largestImage, "image_file_bytes": disk.file, "image_wal_bytes": disk.wal,
            "image_limit_bytes": imageLimit,
            "leaked_records": leaked, "weak_samples": released.count * 3, "records_left": recordsLeft,
            "failed_loads": failures.count, "renders": renders,
            "duration_s": SoakReport.rounded(seconds),
        ]
        var summary =
            "\(loads) screen loads and \(commits) commits over HTTP (collection every \(collectEvery) loads, a release buffer of \(releaseBufferSize)) in \(Int(seconds)) s: RSS \(SoakReport.rounded(start)) MB after \(warmUp) loads, "
            + "\(SoakReport.rounded(end)) MB at the end (\(SoakReport.rounded(growth * 100))%, peak +\(SoakReport.rounded(peakGrowth * 100))%, flat within \(Int(flatWithin * 100))%: \(flat ? "yes" : "no")), "
            + "image at most \(largestImage) of \(imageLimit) bytes on disk (at the end \(disk.file) in the file, \(disk.wal) in SQLite's WAL), "
            + "\(leaked) of \(released.count * 3) weak references to released handles, observers and records alive"
        if let first = failures.first { summary += "; \(failures.count) failed loads, first: \(first)" }
        return SoakReport(part: "session", passed: passed, figures: figures, summary: summary)
    }

    /// Runs `body` as a view's body: under observation tracking, as a SwiftUI body or the
    /// example's render loop does, reading `mount` first. Returns 1 when it read without throwing.
    private static func render(_ mount: Mount, _ body: () throws -> Int) -> Int {
        withObservationTracking {
            guard mount.isMounted else { return 0 }
            return (try? body()) == nil ? 0 : 1
        } onChange: {
        }
    }

    /// Whether a screen's view is on screen. SwiftUI ends a view's tracking when the view
    /// goes; `withObservationTracking` has no public way to, so the body reads this and the
    /// screen's end changes it, which ends the tracking everywhere it registered (the query
    /// root, which lives on, included).
    @Observable
    final class Mount {
        var isMounted = true
    }

    private static func rows(_ data: SessionPageQuery.Data?) throws -> Int {
        var read = 0
        for row in try data?.characters?.results ?? [] {
            if let row { read += (try row.name?.count ?? 0) + (try row.status?.count ?? 0) }
        }
        return read
    }

    private static func detail(_ data: SessionCharacterQuery.Data?, _ header: SessionCharacterQuery.Character?) throws
        -> Int
    {
        guard let character = try data?.character else { return 0 }
        var read = try character.name?.count ?? 0
        read += try header?.status?.count ?? 0
        read += try character.origin?.name?.count ?? 0
        read += try character.location?.dimension?.count ?? 0
        for episode in try character.episode { read += try episode?.name?.count ?? 0 }
        for edge in try character.notes.edges { read += try edge.node.text.count }
        return read
    }

    /// The image's bytes on disk: its file and SQLite's write-ahead log beside it.
    private static func onDisk(_ url: URL) -> (file: Int, wal: Int, total: Int) {
        func size(_ path: String) -> Int {
            ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
        }
        let file = size(url.path)
        let wal = size(url.path + "-wal")
        return (file, wal, file + wal)
    }
}
