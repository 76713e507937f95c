import Foundation
import Synchronization

/// One open's share of its ``ImageFile``, held by the handle ``StoreImage/open(at:version:options:)``
/// returned and by every handle ``StoreImage/removeAll()`` made from it.
///
/// Closing it (``StoreImage/close()``) commits what is queued and stops its handles: they read
/// nothing, their writes are dropped, their state is `.closed`; the file closes with the last
/// share. A share that goes without closing lets go of the file all the same; when it was the
/// last, the file closes on a queue of its own (a closed share's handles may still hold it).
/// Safe from any thread.
final class ImageShare: Sendable {
    let file: ImageFile
    /// This share's number among the file's, which its batches carry (``SharedWrites``).
    let number: UInt64
    private let closed = Atomic<Bool>(false)

    init(file: ImageFile) {
        self.file = file
        number = file.numberShare()
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
        guard !closed.load(ordering: .acquiring), file.letGo() else { return }
        // Not here: the close waits for the writer, and a deinit may run anywhere.
        let file = file
        DispatchQueue.global(qos: .utility).async { file.close() }
    }
}
