import Synchronization

/// The process's table of storage keys: text ↔ ``Slot`` ↔ ``FieldSlot``.
///
/// Safe from any thread. Looking up a storage key already interned, or the entry of a slot,
/// takes no lock: entries and tables are published with release stores and read with
/// acquire loads, and neither is ever freed (a replaced hash table is kept, so the tables
/// together hold at most twice the entries). Interning a new storage key takes a lock.
public final class NameTable: @unchecked Sendable {
    /// The table every record, plan and snapshot in the process uses.
    public static let shared = NameTable()

    private static let pageShift = 8
    private static let pageSize = 1 << pageShift
    private static let pageCount = 1 << 14

    /// The current open-addressing table (an `Unmanaged<HashTable>`'s bits).
    private let table: Atomic<UInt>
    /// Slot-indexed pages of entries: `pageCount` pointers to pages of `pageSize` entries.
    private let pages: UnsafeMutablePointer<Atomic<UInt>>
    private let writer = Mutex<Int>(0)

    private init() {
        let initial = HashTable(capacity: 256)
        table = Atomic(UInt(bitPattern: Unmanaged.passRetained(initial).toOpaque()))
        pages = .allocate(capacity: Self.pageCount)
        for i in 0..<Self.pageCount {
            (pages + i).initialize(to: Atomic(0))
        }
    }

    /// The number of storage keys interned so far.
    public var count: Int {
        writer.withLock { $0 }
    }

    /// The entry of `storageKey`, interning it on first use.
    public func field(_ storageKey: String) -> FieldSlot {
        let hash = Self.hash(storageKey)
        if let found = currentTable().find(storageKey, hash: hash) {
            return found
        }
        return intern(storageKey, hash: hash)
    }

    /// The entry of `storageKey` if it has been interned, without interning it.
    public func existingField(_ storageKey: String) -> FieldSlot? {
        currentTable().find(storageKey, hash: Self.hash(storageKey))
    }

    /// The entry of a slot this table handed out.
    @inline(__always)
    public func field(at slot: Slot) -> FieldSlot {
        let index = Int(slot.rawValue)
        let pageBits = pages[index >> Self.pageShift].load(ordering: .acquiring)
        precondition(pageBits != 0, "slot \(index) was not handed out by this table")
        let page = UnsafeMutablePointer<Atomic<UInt>>(bitPattern: pageBits)!
        let bits = page[index & (Self.pageSize - 1)].load(ordering: .acquiring)
        precondition(bits != 0, "slot \(index) was not handed out by this table")
        return Unmanaged<FieldSlot>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).takeUnretainedValue()
    }

    private func currentTable() -> HashTable {
        let bits = table.load(ordering: .acquiring)
        return Unmanaged<HashTable>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).takeUnretainedValue()
    }

    private func intern(_ storageKey: String, hash: Int) -> FieldSlot {
        writer.withLock { count in
            var current = currentTable()
            if let found = current.find(storageKey, hash: hash) {
                return found
            }
            precondition(count < Self.pageSize * Self.pageCount, "too many storage keys")
            let entry = FieldSlot(storageKey: storageKey, slot: Slot(rawValue: Int32(count)), hash: hash)
            let entryBits = UInt(bitPattern: Unmanaged.passRetained(entry).toOpaque())
            publishInPage(entryBits, at: count)
            let grows = (count + 1) * 2 > current.capacity
            if grows {
                let grown = HashTable(capacity: current.capacity * 2)
                current.forEachEntry { grown.insert($0, hash: Self.entry($0).hash) }
                _ = Unmanaged.passRetained(grown)
                table.store(UInt(bitPattern: Unmanaged.passUnretained(grown).toOpaque()), ordering: .releasing)
                current = grown
            }
            current.insert(entryBits, hash: hash)
            count += 1
            #if DEBUG
            current._checkInvariants(count: count, walkingAll: grows, found: entry)
            #endif
            return entry
        }
    }

    private func publishInPage(_ entryBits: UInt, at index: Int) {
        let pageSlot = pages + (index >> Self.pageShift)
        var pageBits = pageSlot.pointee.load(ordering: .acquiring)
        if pageBits == 0 {
            let page = UnsafeMutablePointer<Atomic<UInt>>.allocate(capacity: Self.pageSize)
            for i in 0..<Self.pageSize {
                (page + i).initialize(to: Atomic(0))
            }
            pageBits = UInt(bitPattern: page)
            pageSlot.pointee.store(pageBits, ordering: .releasing)
        }
        let page = UnsafeMutablePointer<Atomic<UInt>>(bitPattern: pageBits)!
        page[index & (Self.pageSize - 1)].store(entryBits, ordering: .releasing)
    }

    @inline(__always)
    fileprivate static func entry(_ bits: UInt) -> FieldSlot {
        Unmanaged<FieldSlot>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).takeUnretainedValue()
    }

    /// FNV-1a over the UTF-8 bytes: stable within the process, cheap for short keys.
    @inline(__always)
    static func hash(_ text: String) -> Int {
        var text = text
        return text.withUTF8 { bytes in
            var h: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in bytes {
                h = (h ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            }
            return Int(truncatingIfNeeded: h)
        }
    }
}

/// An open-addressing table of entry pointers, written under the name table's lock and read
/// without one. Never shrinks, never frees.
private final class HashTable: @unchecked Sendable {
    let capacity: Int
    let buckets: UnsafeMutablePointer<Atomic<UInt>>

    init(capacity: Int) {
        self.capacity = capacity
        buckets = .allocate(capacity: capacity)
        for i in 0..<capacity {
            (buckets + i).initialize(to: Atomic(0))
        }
    }

    @inline(__always)
    func find(_ storageKey: String, hash: Int) -> FieldSlot? {
        let mask = capacity - 1
        var i = hash & mask
        while true {
            let bits = buckets[i].load(ordering: .acquiring)
            if bits == 0 { return nil }
            let entry = NameTable.entry(bits)
            if entry.hash == hash && entry.storageKey == storageKey { return entry }
            i = (i + 1) & mask
        }
    }

    func insert(_ entryBits: UInt, hash: Int) {
        let mask = capacity - 1
        var i = hash & mask
        while buckets[i].load(ordering: .relaxed) != 0 {
            i = (i + 1) & mask
        }
        buckets[i].store(entryBits, ordering: .releasing)
    }

    func forEachEntry(_ body: (UInt) -> Void) {
        for i in 0..<capacity {
            let bits = buckets[i].load(ordering: .relaxed)
            if bits != 0 { body(bits) }
        }
    }

    #if DEBUG
    /// Traps unless the table, a power of two in buckets, holds `count` entries in at most
    /// half of them (so a lookup of a missing key meets an empty one) and a lookup finds `entry`,
    /// just inserted; when `walkingAll` (after a growth), unless each entry is found, no empty
    /// bucket between its hash's home and it. Call under the name table's lock; debug only.
    func _checkInvariants(count: Int, walkingAll: Bool, found entry: FieldSlot) {
        precondition(capacity.nonzeroBitCount == 1, "capacity \(capacity) is not a power of two")
        precondition(count * 2 <= capacity, "\(count) entries in \(capacity) buckets")
        precondition(find(entry.storageKey, hash: entry.hash) === entry, "\(entry.storageKey) is not found")
        guard walkingAll else { return }
        let mask = capacity - 1
        var filled = 0
        for i in 0..<capacity {
            let bits = buckets[i].load(ordering: .relaxed)
            guard bits != 0 else { continue }
            filled += 1
            let entry = NameTable.entry(bits)
            var at = entry.hash & mask
            while at != i {
                precondition(buckets[at].load(ordering: .relaxed) != 0, "an empty bucket before \(entry.storageKey)")
                at = (at + 1) & mask
            }
            precondition(find(entry.storageKey, hash: entry.hash) === entry, "\(entry.storageKey) is not found")
        }
        precondition(filled == count, "\(filled) buckets filled for \(count) entries")
    }
    #endif
}
