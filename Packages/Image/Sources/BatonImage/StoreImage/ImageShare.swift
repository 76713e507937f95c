import Synchronization

/// One open's share of its ``ImageFile``, held by the handle ``StoreImage/open(at:version:options:)``
/// returned and by every handle ``StoreImage/removeAll()`` made from it.
///
/// Closing it (``StoreImage/close()``) commits what is queued and stops its handles: they read
/// nothing, their writes are dropped, their state is `.closed`; the file closes with the last
/// share. A share that goes without closing lets go of the file all the same (the file closes
/// when its last handle goes). Safe from any thread.
final class ImageShare: Sendable {
    let file: ImageFile
    private let closed = Atomic<Bool>(false)

    init(file: ImageFile) {
        self.file = file
    }

    /// Whether ``close()`` ran.
    var isClosed: Bool { closed.load(ordering: .acquiring) }

    /// Commits what is queued; closes the file when this is its last open share. Idempotent.
    func close() {
        guard !closed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        if file.letGo() {
            file.close()
        } else {
            file.waitForPendingWrites()
        }
    }

    deinit {
        if !closed.load(ordering: .acquiring) { _ = file.letGo() }
    }
}
