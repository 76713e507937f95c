extension StoreImage {
    /// How an image is kept. A value; crosses to the writer's queue.
    public struct Options: Sendable {
        /// The most bytes the file's rows may take. Over it, the rows of older launches go
        /// first; the last launch's stay even when they alone are over it. 64 MB by default.
        public var sizeLimit: Int
        /// Type names whose records never reach the image (matched on `__typename`, or on
        /// the type a key names — `Session` in `Session:1` — for a record without one).
        public var transientTypes: Set<String>
        /// Names of root fields (`viewerSession`, matching `viewerSession(id:1)` too) that
        /// never reach the image.
        public var transientRootFields: Set<String>
        /// Called once per open for the first fault (the file or its directory could not be
        /// made or opened, or is not an image, disk full, read-only, I/O error, the file
        /// deleted or replaced while open — the image then stops writing), on an arbitrary
        /// thread, never with the image's lock held. The store keeps working in memory
        /// whatever happens here. The same fault is ``StoreImage/fault`` and reaches the
        /// store (`Store.persistenceFault`) without it.
        public var onError: (@Sendable (ImageError) -> Void)?
        /// The Data Protection class of the image's files on Apple platforms
        /// (``StoreImage/FileProtection``); nil, the default, leaves the files as the system
        /// makes them (on iOS the app's default class, `completeUntilFirstUserAuthentication`
        /// unless its entitlement says otherwise). Accepted on Linux, with no effect. A class
        /// the system refuses to set fails the open (``ImageError/unavailable(path:reason:)``).
        public var fileProtection: FileProtection?

        public init(
            sizeLimit: Int = 64 << 20,
            transientTypes: Set<String> = [],
            transientRootFields: Set<String> = [],
            fileProtection: FileProtection? = nil,
            onError: (@Sendable (ImageError) -> Void)? = nil
        ) {
            self.sizeLimit = sizeLimit
            self.transientTypes = transientTypes
            self.transientRootFields = transientRootFields
            self.fileProtection = fileProtection
            self.onError = onError
        }
    }
}
