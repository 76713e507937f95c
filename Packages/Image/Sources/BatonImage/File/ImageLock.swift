import Foundation
import Synchronization

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A process's hold on one image file: an exclusive `flock` on the empty file `<image>-lock`
/// beside it, so that no two processes write one image.
///
/// The open takes it before it looks at the file, so a second process fails with
/// ``ImageError/heldByAnotherProcess(path:)`` before it reads, removes or writes anything (a
/// file it found mid-write could look truncated, and the open deletes a truncated file). It is
/// kept across ``StoreImage/removeAll()`` (which deletes and makes the database again) until
/// the image closes. Within one process the opens of one path share one ``ImageFile`` and so
/// one lock; a file whose opens have all closed may still be closing while the next open of its
/// path takes the lock, so holds under one path share one, counted: the last to let go
/// unlocks, before it closes the descriptor, so that a child
/// process forked meanwhile, which shares the open file until it execs, does not keep it
/// locked. The kernel unlocks when the process ends, killed or not, so a later open succeeds.
/// The lock file is never removed: a process that removed it while another had it open could
/// let two processes lock two different files.
///
/// The descriptor is close-on-exec: a child process the app starts does not inherit the hold.
/// Safe from any thread (the table of holds is behind a mutex).
final class ImageLock: Sendable {
    /// The lock file, by device and inode.
    private struct FileID: Equatable {
        let device: UInt64
        let inode: UInt64
    }

    private struct Hold {
        let id: FileID
        let descriptor: Int32
        var count: Int
        /// The image's path as the first holder named it (``OpenImageFiles/key(of:)``).
        let path: String
    }

    /// This process's holds, one per lock file: a process holds a few images, so a list
    /// searched in turn. (A dictionary keyed by `FileID` cost a new process's first open about
    /// 0.39M instructions: the runtime looks `FileID`'s `Hashable` conformance up by scanning
    /// every conformance record the process has loaded, on the launch's path.)
    private static let holds = Mutex<[Hold]>([])

    private let id: FileID
    private let released = Atomic<Bool>(false)

    /// The lock file of the image at `path`.
    static func lockPath(of path: String) -> String { path + "-lock" }

    /// Takes (or, when this process holds it already, shares) the lock of the image at `path`,
    /// whose directory exists. Throws ``ImageError/heldByAnotherProcess(path:)`` at once when
    /// another process holds it (it never waits), and ``ImageError/unavailable(path:reason:)``
    /// when the lock file cannot be made or locked (with the system's reason). A hold this
    /// process has on the same lock file under another path (a link to it) is not shared:
    /// ``ImageError/openInThisProcess(path:reason:)``, as the opens of one path share one
    /// ``ImageFile`` and opens of two paths would each open the file.
    init(imagePath path: String) throws(ImageError) {
        let key = OpenImageFiles.key(of: path)
        let lockPath = Self.lockPath(of: path)
        let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw .unavailable(path: path, reason: "its lock file \(lockPath) could not be opened: \(Self.reason())")
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let reason = Self.reason()
            close(descriptor)
            throw .unavailable(path: path, reason: "its lock file \(lockPath) could not be read: \(reason)")
        }
        let id = FileID(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
        let failure = Self.holds.withLock { holds -> ImageError? in
            if let index = holds.firstIndex(where: { $0.id == id }) {
                close(descriptor)
                guard holds[index].path == key else {
                    return .openInThisProcess(
                        path: path, reason: "it is the file open as \(holds[index].path), another path to it")
                }
                holds[index].count += 1
                return nil
            }
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
                let code = errno
                close(descriptor)
                if code == EWOULDBLOCK { return .heldByAnotherProcess(path: path) }
                return .unavailable(
                    path: path,
                    reason: "its lock file \(lockPath) could not be locked: \(String(cString: strerror(code)))")
            }
            holds.append(Hold(id: id, descriptor: descriptor, count: 1, path: key))
            return nil
        }
        if let failure { throw failure }
        self.id = id
    }

    deinit {
        release()
    }

    /// Lets go of this share of the hold; the last share unlocks the file. Idempotent.
    func release() {
        guard !released.exchange(true, ordering: .sequentiallyConsistent) else { return }
        Self.holds.withLock { holds in
            guard let index = holds.firstIndex(where: { $0.id == id }) else { return }
            holds[index].count -= 1
            if holds[index].count == 0 {
                let hold = holds.remove(at: index)
                // Unlocked before the close: a child forked since the open (between its fork and
                // its exec, or for good if it never execs) shares the open file, and the close
                // alone would leave it locked until that child let go of it.
                flock(hold.descriptor, LOCK_UN)
                close(hold.descriptor)
            }
        }
    }

    /// The descriptor of the hold this lock shares, while it is held.
    var descriptor: Int32? {
        Self.holds.withLock { holds in holds.first(where: { $0.id == id })?.descriptor }
    }

    private static func reason() -> String {
        let code = errno
        return "\(String(cString: strerror(code))) (errno \(code))"
    }
}
