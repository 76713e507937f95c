import CSQLite
import Foundation

/// What ``StoreImage/FileProtection`` does to the image's files: the SQLite open flag and the
/// file attribute that carry it on Apple platforms. Type-checked everywhere (corelibs
/// Foundation declares `FileProtectionType` too); only ``isEnforced`` platforms apply it.
///
/// Runs on the writer's queue, at the open.
enum ImageFileProtection {
    /// Whether this platform protects files: Apple's (Darwin), not Linux.
    #if canImport(Darwin)
    static let isEnforced = true
    #else
    static let isEnforced = false
    #endif

    /// The `FileProtectionType` that `protection` mirrors.
    static func protectionType(for protection: StoreImage.FileProtection) -> FileProtectionType {
        switch protection {
        case .unprotected: .none
        case .complete: .complete
        case .completeUnlessOpen: .completeUnlessOpen
        case .completeUntilFirstUserAuthentication: .completeUntilFirstUserAuthentication
        }
    }

    /// The `SQLITE_OPEN_FILEPROTECTION_*` flag for `protection`, or 0 for none asked and
    /// where SQLite has no such flags (every SQLite but Apple's).
    static func openFlag(for protection: StoreImage.FileProtection?) -> Int32 {
        guard let protection else { return 0 }
        let kind: Int32 =
            switch protection {
            case .complete: 1
            case .completeUnlessOpen: 2
            case .completeUntilFirstUserAuthentication: 3
            case .unprotected: 4
            }
        return baton_sqlite_file_protection_flag(kind)
    }

    /// The image's files at `path`: the database, its write-ahead log, its shared memory and
    /// its lock file (``ImageLock``). The lock file holds nothing, but the open must be able to
    /// open it: left at the system's default class, it would keep an `.unprotected` image from
    /// opening before the first unlock after a restart.
    static func files(of path: String) -> [String] {
        [path, path + "-wal", path + "-shm", ImageLock.lockPath(of: path)]
    }

    /// Sets `protection` on each of the image's files that exists. Throws
    /// ``ImageError/unavailable(path:reason:)`` naming the file and the class when the
    /// system refuses.
    static func protect(_ path: String, as protection: StoreImage.FileProtection) throws(ImageError) {
        let manager = FileManager.default
        for file in files(of: path) where manager.fileExists(atPath: file) {
            do {
                try manager.setAttributes([.protectionKey: protectionType(for: protection)], ofItemAtPath: file)
            } catch {
                throw .unavailable(
                    path: path, reason: "file protection \(protection) could not be set on \(file): \(error)")
            }
        }
    }
}
