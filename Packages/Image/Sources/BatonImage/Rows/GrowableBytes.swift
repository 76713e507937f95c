/// A run of bytes that grows as it is appended to, owning its memory: the buffer the row
/// encoder writes rows into and the writer binds keys from. Appending a byte is a capacity
/// test and a store, and appending a run of bytes a `memcpy`, where an array's append tests
/// its buffer's uniqueness each time and takes a run through the generic sequence path.
///
/// Not copyable, so its memory has one owner and is freed with it. Belongs to whoever holds
/// it; it takes no lock.
struct GrowableBytes: ~Copyable {
    private var start: UnsafeMutableRawPointer
    /// How many bytes have been appended since the last ``removeAll()``.
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int = 256) {
        self.capacity = max(capacity, 16)
        start = .allocate(byteCount: self.capacity, alignment: 8)
    }

    deinit { start.deallocate() }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if count == capacity { grow(toHold: 1) }
        start.storeBytes(of: byte, toByteOffset: count, as: UInt8.self)
        count &+= 1
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress else { return }
        if capacity &- count < bytes.count { grow(toHold: bytes.count) }
        (start + count).copyMemory(from: source, byteCount: bytes.count)
        count &+= bytes.count
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        append(UnsafeRawBufferPointer(bytes))
    }

    /// Forgets the bytes, keeping the memory.
    mutating func removeAll() { count = 0 }

    /// Calls `body` with the bytes, valid only for the call.
    func withUnsafeBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        try body(UnsafeRawBufferPointer(start: start, count: count))
    }

    /// The bytes, copied into an array.
    var copiedToArray: [UInt8] { withUnsafeBytes { Array($0) } }

    /// Makes room for `more` bytes past ``count``, at least doubling the capacity.
    @inline(never)
    private mutating func grow(toHold more: Int) {
        let capacity = max(count + more, self.capacity * 2)
        let larger = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 8)
        larger.copyMemory(from: start, byteCount: count)
        start.deallocate()
        start = larger
        self.capacity = capacity
    }
}
