extension StoreImage {
    /// Where the image's file is in its life: whether the store's commits reach the disk.
    /// A value: safe on any thread.
    public enum State: Sendable, Hashable {
        /// The file is opening, ahead of the writer's queue; a read waits for it (or, when the
        /// open's thread has not begun, opens the file itself).
        case opening
        /// The file is open: the check draws from it and commits are written behind it.
        case open
        /// The file could not be opened, or stopped being one the image may write (deleted
        /// or replaced while open): for the rest of this launch the store works in memory
        /// only; reads miss and writes are dropped. The error is the image's ``fault``,
        /// unless a fault came first while it was open.
        case failed(ImageError)
        /// ``close()`` ran (or the store that owned the image ended).
        case closed
    }
}

extension StoreImage.State {
    /// The state the app sees of the file's `state`.
    init(_ state: ImageFile.State) {
        switch state {
        case .opening: self = .opening
        case .open: self = .open
        case .unavailable(let error): self = .failed(error)
        case .closed: self = .closed
        }
    }
}
