import Foundation
import Synchronization

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A new folder in the temporary directory for files a test process needs until it ends (a
/// test server's certificates or manifest, which the server reads for its whole life): removed
/// when the process exits normally, as `swift test` does, by an `atexit` handler.
///
/// A process killed by a signal cannot remove anything; the folder's name starts with its
/// prefix, so what such a run left is easy to find. Thread-safe: the folders to remove are
/// behind a mutex.
public enum ProcessScopedFolder {
    private static let folders = Mutex<[URL]?>(nil)

    /// Makes a folder named `prefix` and a UUID, removed when the process exits.
    public static func make(prefix: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "\(prefix)\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        folders.withLock { folders in
            if folders == nil { atexit { ProcessScopedFolder.removeAll() } }
            folders = (folders ?? []) + [folder]
        }
        return folder
    }

    /// Removes every folder made so far; the exit handler.
    static func removeAll() {
        let made = folders.withLock { folders in
            defer { folders = [] }
            return folders ?? []
        }
        for folder in made { try? FileManager.default.removeItem(at: folder) }
    }
}
