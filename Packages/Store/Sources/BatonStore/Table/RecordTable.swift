@_spi(Baton) import BatonRecords

/// The store's records by key: an open-addressing table that keeps each key's hash beside
/// its record, so a probe compares two integers before it reads a key, and a key is stored
/// once, as its record's own `key`.
///
/// Linear probing under a random seed, at most half full, with backward-shift removal (no
/// tombstones). Iteration order is unspecified. Owned by one ``Store`` and used on its
/// actor; not thread-safe.
final class RecordTable {
    /// Per bucket: the hash of the key held there with its top bit set, or 0 when empty.
    private var hashes: UnsafeMutablePointer<UInt64>
    private var records: UnsafeMutablePointer<Record?>
    private var bucketCount: Int
    private(set) var count = 0
    private let seed: UInt64

    private static let minimumBuckets = 16
    private static let occupied: UInt64 = 1 << 63

    /// - Parameters:
    ///   - minimumCapacity: how many records the table holds before it first grows.
    ///   - seed: the hash seed; random unless a test pins it.
    init(minimumCapacity: Int = 0, seed: UInt64 = .random(in: .min ... .max)) {
        bucketCount = Self.buckets(for: minimumCapacity)
        hashes = .allocate(capacity: bucketCount)
        hashes.initialize(repeating: 0, count: bucketCount)
        records = .allocate(capacity: bucketCount)
        records.initialize(repeating: nil, count: bucketCount)
        self.seed = seed
    }

    deinit {
        records.deinitialize(count: bucketCount)
        records.deallocate()
        hashes.deallocate()
    }

    var isEmpty: Bool { count == 0 }

    /// How many records the table holds before it grows.
    var capacity: Int { bucketCount / 2 }

    /// The record of `key`; setting nil removes it. A record set must have `key` as its key.
    subscript(key: RecordKey) -> Record? {
        get {
            let hash = self.hash(key)
            let bucket = find(key, hash)
            return hashes[bucket] == 0 ? nil : records[bucket]
        }
        set {
            if let newValue {
                assert(newValue.key == key, "a record is held under its own key")
                let hash = self.hash(key)
                var bucket = find(key, hash)
                if hashes[bucket] == 0 {
                    if count + 1 > capacity {
                        grow(to: count + 1)
                        bucket = find(key, hash)
                    }
                    hashes[bucket] = hash
                    count += 1
                }
                records[bucket] = newValue
            } else {
                remove(key)
            }
        }
    }

    /// The record of `key`, or the one `make` returns, entered for it: one probe either way.
    @inline(__always)
    func record(_ key: RecordKey, orInsert make: () -> Record) -> Record {
        let hash = self.hash(key)
        var bucket = find(key, hash)
        if hashes[bucket] != 0 { return records[bucket].unsafelyUnwrapped }
        let record = make()
        assert(record.key == key, "a record is held under its own key")
        if count + 1 > capacity {
            grow(to: count + 1)
            bucket = find(key, hash)
        }
        hashes[bucket] = hash
        records[bucket] = record
        count += 1
        return record
    }

    /// Removes the record of `key`; the one removed, or nil when there was none.
    @discardableResult
    func remove(_ key: RecordKey) -> Record? {
        var hole = find(key, hash(key))
        guard hashes[hole] != 0 else { return nil }
        let removed = records[hole]
        // Move back each record after the hole that would not be found past it.
        let mask = bucketCount - 1
        var next = (hole + 1) & mask
        while hashes[next] != 0 {
            let home = Int(truncatingIfNeeded: hashes[next]) & mask
            // Whether `home` lies cyclically in (hole, next]: then the record stays.
            let stays = hole <= next ? (hole < home && home <= next) : (hole < home || home <= next)
            if !stays {
                hashes[hole] = hashes[next]
                records[hole] = records[next]
                hole = next
            }
            next = (next + 1) & mask
        }
        hashes[hole] = 0
        records[hole] = nil
        count -= 1
        return removed
    }

    /// Makes room for `minimumCapacity` records without growing again.
    func reserveCapacity(_ minimumCapacity: Int) {
        if minimumCapacity > capacity { grow(to: minimumCapacity) }
    }

    /// Every key held, in no particular order.
    var keys: [RecordKey] {
        var keys: [RecordKey] = []
        keys.reserveCapacity(count)
        for record in self { keys.append(record.key) }
        return keys
    }

    // MARK: - Probing

    @inline(__always)
    private func hash(_ key: RecordKey) -> UInt64 {
        key.bytesHash(seed: seed) | Self.occupied
    }

    /// The bucket holding `key`, or the empty bucket where it would go.
    @inline(__always)
    private func find(_ key: RecordKey, _ hash: UInt64) -> Int {
        let mask = bucketCount - 1
        var bucket = Int(truncatingIfNeeded: hash) & mask
        while true {
            let held = hashes[bucket]
            if held == 0 || (held == hash && records[bucket].unsafelyUnwrapped.key == key) { return bucket }
            bucket = (bucket + 1) & mask
        }
    }

    /// The power of two that holds `capacity` records at most half full.
    private static func buckets(for capacity: Int) -> Int {
        var buckets = minimumBuckets
        while buckets / 2 < capacity { buckets *= 2 }
        return buckets
    }

    private func grow(to minimumCapacity: Int) {
        let oldHashes = hashes
        let oldRecords = records
        let oldCount = bucketCount
        bucketCount = Self.buckets(for: Swift.max(minimumCapacity, capacity * 2))
        hashes = .allocate(capacity: bucketCount)
        hashes.initialize(repeating: 0, count: bucketCount)
        records = .allocate(capacity: bucketCount)
        records.initialize(repeating: nil, count: bucketCount)
        let mask = bucketCount - 1
        for old in 0..<oldCount where oldHashes[old] != 0 {
            var bucket = Int(truncatingIfNeeded: oldHashes[old]) & mask
            while hashes[bucket] != 0 { bucket = (bucket + 1) & mask }
            hashes[bucket] = oldHashes[old]
            (records + bucket).pointee = (oldRecords + old).move()
        }
        // Every record moved out; the buckets left hold nil, which needs no deinitializing.
        oldRecords.deallocate()
        oldHashes.deallocate()
    }
}

extension RecordTable: Sequence {
    /// The records held, in no particular order. The table must not change during iteration.
    struct Iterator: IteratorProtocol {
        fileprivate let table: RecordTable
        fileprivate var bucket = 0

        mutating func next() -> Record? {
            while bucket < table.bucketCount {
                defer { bucket += 1 }
                if table.hashes[bucket] != 0 { return table.records[bucket] }
            }
            return nil
        }
    }

    func makeIterator() -> Iterator { Iterator(table: self) }

    var underestimatedCount: Int { count }
}
