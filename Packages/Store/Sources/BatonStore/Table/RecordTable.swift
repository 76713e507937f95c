@_spi(Baton) import BatonRecords

/// The store's table: per key, the record memory holds (if any) and its ``RecordState``.
/// One probe answers everything the store knows of a key.
///
/// An open-addressing table that keeps each key's hash beside it, so a probe compares two
/// integers before it reads a key; the state's flags ride in the same word as the hash, so
/// the probe that finds a key has read them too. A bucket holds its word, its key and its
/// record side by side (`Bucket`, 32 bytes), so the probe that finds a key has its record in
/// the same cache line: what a store too large for the cache pays a link. Linear probing
/// under the process's random seed (`RecordKey.processHashSeed`: a change set hashed its
/// snapshots' keys under it, off the main actor, and the commit finds their records with
/// those hashes), at most half full, with backward-shift removal (no tombstones). A key
/// whose state is blank and that holds no record has no entry. Iteration order is
/// unspecified. Owned by one ``Store`` and used on its actor; not thread-safe.
final class RecordTable {
    // Read at every probe, on one actor, no access held across a call: no dynamic
    // exclusivity check (with it, check_memory_us +4%: swift_beginAccess per link).
    /// The buckets, every one initialized (an empty bucket is `Bucket.empty`).
    @exclusivity(unchecked) private(set) var buckets: UnsafeMutablePointer<Bucket>
    @exclusivity(unchecked) private(set) var bucketCount: Int
    /// How many records are in view.
    @exclusivity(unchecked) private(set) var count = 0
    /// How many buckets hold an entry.
    @exclusivity(unchecked) private(set) var entryCount = 0
    /// The states' invalidations, by key: few keys have one, and a walk asks only while some do.
    @exclusivity(unchecked) private(set) var invalidations: [RecordKey: UInt32] = [:]
    /// The seed keys hash under (`hash(_:)`).
    let seed: UInt64
    /// How many times a record in view left view or gave its key to another record: a read
    /// that resolved keys to records still holds when this has not moved since.
    @exclusivity(unchecked) private(set) var departures: UInt64 = 0
    /// Whether `seed` is the process's (`RecordKey.processHashSeed`), the one a change set
    /// hashes its snapshots' keys under: then a snapshot's record is found with its own hash.
    private let hashesAsSnapshots: Bool

    /// The root fields the check asked the disk for this launch, per root (a root is a row
    /// per field): asking again cannot find more. A few roots of a few fields each, searched
    /// in order (`rootField(_:read:)`): a dictionary of sets here made a new process's first
    /// check look up `RecordKey: Hashable` and `Slot: Hashable` for their metadata, which the
    /// Swift runtime on Linux does by scanning every conformance record of the process (about
    /// 0.76M instructions of the launch).
    @exclusivity(unchecked) private var rootFieldsRead: [(root: RecordKey, fields: [Slot])] = []

    /// One bucket of the table.
    struct Bucket {
        /// 0 when empty; else the occupied bit, the state's flags (``Flags``) and the low
        /// bits of the key's hash.
        var word: UInt64
        /// The key; the empty key where the word is 0.
        var key: RecordKey
        /// The record, set exactly where the state holds one (live or hidden).
        var record: Record?

        static let empty = Bucket(word: 0, key: RecordKey(""), record: nil)
    }

    /// Where a word keeps the state's ``RecordState/flags``: bits 56-60; bit 61 is
    /// collection's mark; bit 63 marks the bucket occupied.
    enum Flags {
        static let occupied: UInt64 = 1 << 63
        static let mask: UInt64 = 0x1F << 56
        /// Set on the entries a collection's walk reached, cleared by its sweep.
        static let mark: UInt64 = 1 << 61
        /// The bits of a word that are not the key's hash.
        static let unhashed: UInt64 = mask | mark

        @inline(__always)
        static func of(_ word: UInt64) -> UInt8 { UInt8(truncatingIfNeeded: word >> 56) }

        @inline(__always)
        static func presence(_ word: UInt64) -> RecordState.Presence {
            RecordState(flags: of(word), invalidation: 0).presence
        }
    }

    /// A bucket a probe found, for reading its record and state without probing again.
    struct Position: Hashable {
        fileprivate let bucket: Int

        /// Hashed as one word (``wordHash(_:seed:)``): a page merged into a long list looks
        /// up one position an element.
        func _rawHashValue(seed: Int) -> Int {
            wordHash(UInt64(UInt(bitPattern: bucket)), seed: seed)
        }
    }

    private static let minimumBuckets = 16

    /// - Parameters:
    ///   - minimumCapacity: how many entries the table holds before it first grows.
    ///   - seed: the hash seed; the process's unless a test pins it.
    init(minimumCapacity: Int = 0, seed: UInt64 = RecordKey.processHashSeed) {
        bucketCount = Self.buckets(for: minimumCapacity)
        buckets = Self.allocate(bucketCount)
        self.seed = seed
        self.hashesAsSnapshots = seed == RecordKey.processHashSeed
    }

    deinit {
        buckets.deinitialize(count: bucketCount)
        buckets.deallocate()
    }

    /// Whether no record is in view.
    var isEmpty: Bool { count == 0 }

    /// How many entries the table holds before it grows.
    var capacity: Int { bucketCount / 2 }

    // MARK: - Records

    /// The record of `key` in view, if any. Setting a record shows it (the key's state
    /// otherwise stays); setting nil forgets the key. A record set must have `key` as its key.
    subscript(key: RecordKey) -> Record? {
        get {
            let bucket = find(key, hash(key))
            let word = buckets[bucket].word
            return word != 0 && Flags.presence(word) == .live ? buckets[bucket].record : nil
        }
        set {
            if let newValue {
                show(newValue)
            } else {
                remove(key)
            }
        }
    }

    /// The record of `key` in view, or the one `make` returns, shown for it: one probe
    /// either way.
    @inline(__always)
    func record(_ key: RecordKey, orInsert make: () -> Record) -> Record {
        update(key) { state, record in
            if state.presence == .live { return record.unsafelyUnwrapped }
            let made = make()
            assert(made.key == key, "a record is held under its own key")
            record = made
            state.presence = .live
            return made
        }
    }

    /// Shows `record` under its key, keeping what was read of the key's row and its
    /// invalidation; with `layerOnly`, as a record only an optimistic layer made.
    @inline(__always)
    func show(_ record: Record, layerOnly: Bool = false) {
        let key = record.key
        let hash = self.hash(key)
        var bucket = find(key, hash)
        var state = RecordState.blank
        if buckets[bucket].word != 0 {
            state = self.state(at: bucket)
        } else {
            enter(key, hash, at: &bucket)
        }
        if state.presence == .live && buckets[bucket].record !== record { departures &+= 1 }
        state.presence = .live
        state.isLayerOnly = layerOnly
        buckets[bucket].record = record
        store(state, at: bucket)
        checkEntry(at: bucket)
    }

    /// Forgets `key`: its record and its state. Returns the record it held, if any.
    @discardableResult
    func remove(_ key: RecordKey) -> Record? {
        let bucket = find(key, hash(key))
        guard buckets[bucket].word != 0 else { return nil }
        let removed = buckets[bucket].record
        if isLive(bucket) { departures &+= 1 }
        removeEntry(at: bucket)
        return removed
    }

    // MARK: - States

    /// The record of `key` (in view or hidden) and its state; no record and a blank state
    /// when the table knows nothing of it.
    @inline(__always)
    func entry(_ key: RecordKey) -> (record: Record?, state: RecordState) {
        let bucket = find(key, hash(key))
        guard buckets[bucket].word != 0 else { return (nil, .blank) }
        return (buckets[bucket].record, state(at: bucket))
    }

    /// Where `key` is, or would go: valid until the table next changes.
    @inline(__always)
    func position(of key: RecordKey) -> Position {
        Position(bucket: find(key, hash(key)))
    }

    /// Where `snapshot`'s key is, or would go, found with the hash its change set gave it.
    @inline(__always)
    func position(of snapshot: RecordSnapshot) -> Position {
        Position(bucket: find(snapshot.key, hash(snapshot)))
    }

    /// The state at `position`: blank where no key is.
    @inline(__always)
    func state(at position: Position) -> RecordState {
        buckets[position.bucket].word != 0 ? state(at: position.bucket) : .blank
    }

    /// The record at `position` (in view or hidden), if any.
    @inline(__always)
    func record(at position: Position) -> Record? {
        buckets[position.bucket].record
    }

    /// The state of `key`: blank when the table knows nothing of it.
    @inline(__always)
    func state(_ key: RecordKey) -> RecordState {
        let bucket = find(key, hash(key))
        return buckets[bucket].word != 0 ? state(at: bucket) : .blank
    }

    /// Changes what the table holds for `key` in place, in one probe. The record must be set
    /// exactly when the state holds one; an entry left blank, without a record, leaves.
    @inline(__always)
    @discardableResult
    func update<R>(_ key: RecordKey, _ body: (inout RecordState, inout Record?) -> R) -> R {
        let hash = self.hash(key)
        var bucket = find(key, hash)
        if buckets[bucket].word != 0 {
            var state = state(at: bucket)
            let wasLive = state.presence == .live
            let before = wasLive ? buckets[bucket].record.map(ObjectIdentifier.init) : nil
            let result = body(&state, &buckets[bucket].record)
            if wasLive && (state.presence != .live || buckets[bucket].record.map(ObjectIdentifier.init) != before) {
                departures &+= 1
            }
            store(state, at: bucket)
            if state.isBlank && buckets[bucket].record == nil {
                removeEntry(at: bucket)
            } else {
                checkEntry(at: bucket)
            }
            return result
        }
        var state = RecordState.blank
        var record: Record?
        let result = body(&state, &record)
        guard !state.isBlank || record != nil else { return result }
        enter(key, hash, at: &bucket)
        buckets[bucket].record = record
        store(state, at: bucket)
        checkEntry(at: bucket)
        return result
    }

    /// Enters `key` with a blank state at the empty `bucket` its probe found, growing first
    /// when the table is full (`bucket` then says where it went).
    @inline(__always)
    private func enter(_ key: RecordKey, _ hash: UInt64, at bucket: inout Int) {
        if entryCount + 1 > capacity {
            grow(to: entryCount + 1)
            bucket = find(key, hash)
        }
        buckets[bucket].word = hash
        buckets[bucket].key = key
        entryCount += 1
    }

    // MARK: - Collection's marks

    /// Marks the entry at `position` (in view or hidden, a probe's find); returns whether it
    /// was unmarked.
    @inline(__always)
    func mark(at position: Position) -> Bool {
        let word = buckets[position.bucket].word
        guard word & Flags.mark == 0 else { return false }
        buckets[position.bucket].word = word | Flags.mark
        return true
    }

    /// Marks `key`'s entry, if the table has one.
    func mark(_ key: RecordKey) {
        let bucket = find(key, hash(key))
        if buckets[bucket].word != 0 { buckets[bucket].word |= Flags.mark }
    }

    /// Clears every mark, and changes every entry that was not marked with `body` (which
    /// must not touch the table); entries left blank, without a record, leave after.
    func sweep(_ body: (inout RecordState, inout Record?) -> Void) {
        var leaving: [RecordKey] = []
        for bucket in 0..<bucketCount where buckets[bucket].word != 0 {
            if buckets[bucket].word & Flags.mark != 0 {
                buckets[bucket].word &= ~Flags.mark
                continue
            }
            var state = state(at: bucket)
            if state.presence == .live { departures &+= 1 }
            body(&state, &buckets[bucket].record)
            store(state, at: bucket)
            if state.isBlank && buckets[bucket].record == nil { leaving.append(buckets[bucket].key) }
        }
        for key in leaving { remove(key) }
        checkInvariants()
    }

    /// Whether the check asked the disk for `root`'s field `slot` this launch.
    func rootField(_ root: RecordKey, read slot: Slot) -> Bool {
        guard let index = rootFieldsIndex(of: root) else { return false }
        return rootFieldsRead[index].fields.contains(slot)
    }

    /// Notes that the check asked the disk for `root`'s fields `slots`.
    func noteRootFieldsRead(_ root: RecordKey, _ slots: [Slot]) {
        guard let index = rootFieldsIndex(of: root) else {
            rootFieldsRead.append((root, slots))
            return
        }
        for slot in slots where !rootFieldsRead[index].fields.contains(slot) {
            rootFieldsRead[index].fields.append(slot)
        }
    }

    /// Where `root`'s entry is in `rootFieldsRead`, if it has one.
    private func rootFieldsIndex(of root: RecordKey) -> Int? {
        rootFieldsRead.firstIndex { $0.root == root }
    }

    /// Makes room for `minimumCapacity` entries without growing again.
    func reserveCapacity(_ minimumCapacity: Int) {
        if minimumCapacity > capacity { grow(to: minimumCapacity) }
    }

    /// The keys of the records in view, in no particular order.
    var keys: [RecordKey] {
        var keys: [RecordKey] = []
        keys.reserveCapacity(count)
        for bucket in 0..<bucketCount where isLive(bucket) { keys.append(buckets[bucket].key) }
        return keys
    }

    // MARK: - Buckets

    @inline(__always)
    func isLive(_ bucket: Int) -> Bool {
        buckets[bucket].word != 0 && Flags.presence(buckets[bucket].word) == .live
    }

    @inline(__always)
    func state(at bucket: Int) -> RecordState {
        RecordState(
            flags: Flags.of(buckets[bucket].word),
            invalidation: invalidations.isEmpty ? 0 : invalidations[buckets[bucket].key] ?? 0)
    }

    /// Writes `state` into the occupied `bucket`, keeping the counts.
    @inline(__always)
    private func store(_ state: RecordState, at bucket: Int) {
        let word = buckets[bucket].word
        let wasLive = Flags.presence(word) == .live
        let isLive = state.presence == .live
        if wasLive != isLive { count += isLive ? 1 : -1 }
        buckets[bucket].word = word & ~Flags.mask | UInt64(state.flags) << 56
        if state.invalidation != 0 || !invalidations.isEmpty {
            invalidations[buckets[bucket].key] = state.invalidation == 0 ? nil : state.invalidation
        }
    }

    /// The key's hash as a word holds it: occupied, no flags.
    @inline(__always)
    func hash(_ key: RecordKey) -> UInt64 {
        key.bytesHash(seed: seed) & ~Flags.unhashed | Flags.occupied
    }

    /// The hash of `snapshot`'s key as a word holds it: the one its change set gave it
    /// (`RecordSnapshot.keyHash`), when it has one and the table hashes under the process's
    /// seed.
    @inline(__always)
    func hash(_ snapshot: RecordSnapshot) -> UInt64 {
        guard hashesAsSnapshots, snapshot.keyHash != 0 else { return hash(snapshot.key) }
        return snapshot.keyHash & ~Flags.unhashed | Flags.occupied
    }

    /// The bucket holding `key`, or the empty bucket where it would go.
    @inline(__always)
    func find(_ key: RecordKey, _ hash: UInt64) -> Int {
        let mask = bucketCount - 1
        var bucket = Int(truncatingIfNeeded: hash) & mask
        while true {
            let held = buckets[bucket].word
            if held == 0 || (held & ~Flags.unhashed == hash && buckets[bucket].key == key) { return bucket }
            bucket = (bucket + 1) & mask
        }
    }

    /// Empties `bucket`, moving back each entry after it that would not be found past it:
    /// the emptied bucket trades places with each entry moved back.
    private func removeEntry(at bucket: Int) {
        if isLive(bucket) { count -= 1 }
        if !invalidations.isEmpty { invalidations[buckets[bucket].key] = nil }
        entryCount -= 1
        var hole = bucket
        buckets[hole] = .empty
        let mask = bucketCount - 1
        var next = (hole + 1) & mask
        while buckets[next].word != 0 {
            let home = Int(truncatingIfNeeded: buckets[next].word) & mask
            // Whether `home` lies cyclically in (hole, next]: then the entry stays.
            let stays = hole <= next ? (hole < home && home <= next) : (hole < home || home <= next)
            if !stays {
                swap(&buckets[hole], &buckets[next])
                hole = next
            }
            next = (next + 1) & mask
        }
    }

    /// The power of two that holds `capacity` entries at most half full.
    private static func buckets(for capacity: Int) -> Int {
        var buckets = minimumBuckets
        while buckets / 2 < capacity { buckets *= 2 }
        return buckets
    }

    private static func allocate(_ count: Int) -> UnsafeMutablePointer<Bucket> {
        let buckets = UnsafeMutablePointer<Bucket>.allocate(capacity: count)
        buckets.initialize(repeating: .empty, count: count)
        return buckets
    }

    private func grow(to minimumCapacity: Int) {
        let old = buckets
        let oldCount = bucketCount
        bucketCount = Self.buckets(for: Swift.max(minimumCapacity, capacity * 2))
        buckets = Self.allocate(bucketCount)
        let mask = bucketCount - 1
        for index in 0..<oldCount where old[index].word != 0 {
            var bucket = Int(truncatingIfNeeded: old[index].word) & mask
            while buckets[bucket].word != 0 { bucket = (bucket + 1) & mask }
            swap(&buckets[bucket], &old[index])
        }
        old.deinitialize(count: oldCount)
        old.deallocate()
    }
}
