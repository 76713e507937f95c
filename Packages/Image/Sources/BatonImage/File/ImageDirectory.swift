import Foundation

/// The directory an image's file lives in, made when it is missing: on a fresh install the
/// place an app puts its image (Application Support, say) does not exist yet.
///
/// Runs with the open, before the file is opened. Only missing directories are made;
/// nothing that exists is changed or removed.
enum ImageDirectory {
    /// New directories are the owner's alone: the image holds the user's data.
    static let mode: mode_t = 0o700

    /// Makes the directory holding `path` and every missing parent, each with ``mode``;
    /// throws ``ImageError/directoryNotCreated(path:directory:errno:)`` naming the first that
    /// could not be made, or the entry in the way that is not a directory.
    static func create(for path: String) throws(ImageError) {
        let directory = (path as NSString).deletingLastPathComponent
        guard !directory.isEmpty else { return }
        var missing: [String] = []
        var existing = directory
        while !isDirectory(existing) {
            if exists(existing) {
                // Another image may have made it between the two looks.
                if isDirectory(existing) { break }
                throw .directoryNotCreated(path: path, directory: existing, errno: ENOTDIR)
            }
            missing.append(existing)
            let parent = (existing as NSString).deletingLastPathComponent
            if parent == existing || parent.isEmpty { break }
            existing = parent
        }
        for directory in missing.reversed() where mkdir(directory, mode) != 0 {
            let reason = errno
            // Another process (or another image) made it first.
            if reason == EEXIST, isDirectory(directory) { continue }
            throw .directoryNotCreated(path: path, directory: directory, errno: reason)
        }
    }

    /// Whether `path` is a directory, following symbolic links.
    private static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    /// Whether anything is at `path` (a dangling link counts).
    private static func exists(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }
}
