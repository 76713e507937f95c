import Foundation
import Testing
import BatonImage
import BatonLens
import BatonTesting
import BatonTransport

/// An app that passes no `onError` still learns that its image failed: the environment's log
/// receives `LensEvent.persistenceFailed` carrying the image's `ImageError`, and the app goes on
/// in memory.
@MainActor
@Suite struct ImageFaultLogTests {
    @Test func anEnvironmentOverAnImageUnderARegularFileLogsTheImageErrorAndWorksInMemory() async throws {
        let scratch = IntegrationScratch()
        let blocker = scratch.directory.appendingPathComponent("Application Support")
        try Data("a file where the app expected a directory".utf8).write(to: blocker)
        let file = blocker.appendingPathComponent("Baton/store.image")
        let logged = try await LoggedEnvironment.firstEvent(overImageAt: file)
        defer { logged.end() }
        let (image, environment, events) = (logged.image, logged.environment!, logged.events)

        let expected = ImageError.directoryNotCreated(path: file.path, directory: blocker.path, errno: ENOTDIR)
        #expect(events == [.persistenceFailed(PersistenceFault(expected))])
        guard case .persistenceFailed(let fault)? = events.first else { return }
        #expect(fault.error as? ImageError == expected)
        #expect(image.state == .failed(expected))

        // In memory, as before: a commit is there for the next check.
        let fixture = IntegrationFixtureScreenQuery.fixture
        let plan = try fixture.plan()
        environment.store.commit(
            try fixture.ingest.ingest(fixture.responseBytes(), plan: plan).changes, fetched: plan.identity)
        #expect(environment.store.check(plan).source == .memory)
    }

    /// An image another process holds (its lock taken as that process's image takes it: an
    /// exclusive `flock` on `<image>-lock`) reaches the log as `heldByAnotherProcess`.
    @Test func anEnvironmentOverAnImageAnotherProcessHoldsLogsHeldByAnotherProcess() async throws {
        let scratch = IntegrationScratch()
        let file = scratch.directory.appendingPathComponent("store.image")
        let lock = open(file.path + "-lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        #expect(lock >= 0)
        defer { close(lock) }
        #expect(flock(lock, LOCK_EX | LOCK_NB) == 0)

        let logged = try await LoggedEnvironment.firstEvent(overImageAt: file)
        defer { logged.end() }

        let expected = ImageError.heldByAnotherProcess(path: file.path)
        #expect(logged.events == [.persistenceFailed(PersistenceFault(expected))])
        #expect(logged.environment.store.persistenceFault?.error as? ImageError == expected)
        #expect(!FileManager.default.fileExists(atPath: file.path), "the held image was not touched")
    }
}

/// An environment over a new image at a file, with a silent transport, and what its log received.
@MainActor
final class LoggedEnvironment {
    let image: StoreImage
    private(set) var environment: GraphQLEnvironment!
    private(set) var events: [LensEvent] = []

    private init(imageAt file: URL) {
        image = StoreImage.open(at: file, version: "integration-1")
        environment = GraphQLEnvironment(
            store: Store(normalization: IntegrationFixtureScreenQuery.normalization, persistence: image),
            transport: SilentTransport(), log: { [unowned self] in events.append($0) })
    }

    /// Makes one over the image at `file` and waits (at most 2 s) until its log has an event.
    static func firstEvent(overImageAt file: URL) async throws -> LoggedEnvironment {
        let logged = LoggedEnvironment(imageAt: file)
        for _ in 0..<2_000 where logged.events.isEmpty { try await Task.sleep(for: .milliseconds(1)) }
        return logged
    }

    func end() {
        environment.end()
        image.close()
    }
}
