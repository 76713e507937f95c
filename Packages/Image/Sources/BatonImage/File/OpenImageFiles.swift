import Foundation
import Synchronization

/// This process's open image files, by path: an open of a path that is open already shares
/// its ``ImageFile`` (its connection, writer, names table and launch) instead of opening the
/// file a second time.
///
/// Two connections over one file in one process would not work together: each loads the
/// names table at its open, so the ids one adds the other adds again for other names (its
/// write fails) and its reads miss the rows the other wrote; each counts a launch, so the next
/// launch ages out the rows the first wrote as if a launch had passed without them; and their
/// writers meet at SQLite's lock. Files are held weakly: one goes when its last handle does.
/// Safe from any thread (the list is behind a mutex).
enum OpenImageFiles {
    private struct Entry {
        let path: String
        weak var file: ImageFile?
    }

    /// The open files: a process opens a few images, so a list searched in turn.
    private static let entries = Mutex<[Entry]>([])

    /// The key of `path` among the open files: the absolute path, with `.` and `..` resolved
    /// (links are not followed: ``ImageLock`` refuses a second path to one file). An absolute
    /// path with no `/.` in it is its own key, told without Foundation's `URL` (whose first
    /// use costs a launch about 26K instructions, on the main actor).
    static func key(of path: String) -> String {
        if path.utf8.first == UInt8(ascii: "/") && !path.contains("/.") { return path }
        return URL(filePath: path, directoryHint: .notDirectory).standardized.path
    }

    /// The file an open of `path` for `version` with `options` uses: the one open at that
    /// path, shared, when there is one and its version and options are the same; a new one
    /// that `make` makes (with no refusal) when there is none; else a new one, not kept, that
    /// `make` makes with the refusal its open fails with
    /// (``ImageError/openInThisProcess(path:reason:)``). A file that failed is not shared: the
    /// next open tries the path again (the process that held it may have gone).
    static func file(
        path: String, version: String, options: StoreImage.Options, make: (ImageError?) -> ImageFile
    ) -> ImageFile {
        let key = key(of: path)
        return entries.withLock { entries in
            entries.removeAll { $0.file == nil }
            if let index = entries.firstIndex(where: { $0.path == key }) {
                if let open = entries[index].file, !open.hasFailed {
                    if let reason = open.conflict(version: version, options: options) {
                        return make(.openInThisProcess(path: path, reason: reason))
                    }
                    if open.share() {
                        if let onError = options.onError {
                            open.addFaultHandler { fault in
                                if let error = fault.error as? ImageError { onError(error) }
                            }
                        }
                        return open
                    }
                }
                // Every open of it has closed or gone (it is closing, and this open starts a
                // new launch), or it failed.
                entries.remove(at: index)
            }
            let file = make(nil)
            entries.append(Entry(path: key, file: file))
            return file
        }
    }
}

extension ImageFile {
    /// Whether the file failed: it could not open, or it stopped being one the image may write.
    var hasFailed: Bool {
        if case .failed = status.withLock({ $0.state }) { return true }
        return false
    }

    /// Why an open for `version` with `options` cannot share this file, naming what differs;
    /// nil when it can.
    func conflict(version: String, options: StoreImage.Options) -> String? {
        if version != self.version {
            return "it is open for version \"\(self.version)\", not \"\(version)\""
        }
        let open = self.options
        var differences: [String] = []
        if options.sizeLimit != open.sizeLimit { differences.append("sizeLimit \(open.sizeLimit)") }
        if options.transientTypes != open.transientTypes {
            differences.append("transientTypes \(open.transientTypes.sorted())")
        }
        if options.transientRootFields != open.transientRootFields {
            differences.append("transientRootFields \(open.transientRootFields.sorted())")
        }
        if options.fileProtection != open.fileProtection {
            differences.append("fileProtection \(open.fileProtection.map { "\($0)" } ?? "nil")")
        }
        guard !differences.isEmpty else { return nil }
        return "it is open with other options (" + differences.joined(separator: ", ") + ")"
    }
}
