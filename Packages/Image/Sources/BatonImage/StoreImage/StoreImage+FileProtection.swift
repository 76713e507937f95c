extension StoreImage {
    /// How the system keeps the image's files encrypted while the device is locked: Data
    /// Protection on iOS, iPadOS, watchOS, tvOS and visionOS (and Apple silicon Macs), the
    /// classes of Foundation's `FileProtectionType`. Set in ``Options/fileProtection``.
    ///
    /// On Apple platforms the class is passed to SQLite (`SQLITE_OPEN_FILEPROTECTION_*`, so
    /// the files SQLite makes beside the database, its `-wal` and `-shm`, get it too) and set
    /// on the database, those files and the image's `-lock` file as they are at the open
    /// (`FileAttributeKey.protectionKey`).
    /// Elsewhere (Linux) it is accepted and has no effect: there is no file protection to set.
    /// A value; safe on any thread.
    public enum FileProtection: Sendable, Hashable, CaseIterable {
        /// No protection: readable whenever the device is on. `FileProtectionType.none`
        /// (named apart from it so that `fileProtection = .unprotected` cannot read as nil).
        case unprotected
        /// Readable only while the device is unlocked: a read or write while it is locked
        /// fails, and the image faults (the store goes on in memory). `.complete`.
        case complete
        /// Files open when the device locks stay readable; a new file can be made while
        /// locked. `.completeUnlessOpen`.
        case completeUnlessOpen
        /// Readable from the first unlock after a restart on, locked or not: what an app
        /// that refreshes in the background needs, and the system's default for app files.
        /// `.completeUntilFirstUserAuthentication`.
        case completeUntilFirstUserAuthentication
    }
}
