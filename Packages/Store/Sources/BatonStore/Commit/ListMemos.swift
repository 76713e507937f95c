@_spi(Baton) import BatonRecords

/// What the store remembers of the long lists it wrote, so that a page inserted into one is
/// compared with the page alone instead of with every element.
///
/// An insert keeps a link out of a list that holds it, and with `uniqueBy` an element whose
/// target (an edge's `node`) an element of the list has: a page of 50 joining a connection of
/// 4,000 read the 4,000 edges' records. A memo holds, for a list as the store holds it, the
/// hash of each element's target key, and the elements it could not count (``ListMemo/unheld``:
/// no record in view, or a target that is not a link). An insert into that very list then
/// reads only those, when the memo's hashes hold none of the page's targets and none of the
/// page's links had a record in view before the commit. An element the memo counted had its
/// record in view, and still has (a record leaving view forgets every memo), so a page link
/// without one is no such element. Otherwise the insert reads the whole list as it would
/// without a memo: a memo only ever answers "not there".
///
/// A memo is made from the table once a commit is applied (``schedule(_:_:uniqueBy:)``): the
/// first page of a connection (a `replaceHead` edit that did not keep the later pages) and an
/// insert without a memo schedule the list they write; an insert with one adds the page's
/// targets to it and hands it back (``remember(_:of:_:length:)``), to be kept once the commit
/// is applied. The store forgets every memo when an element's target may have changed: a
/// commit that writes the `uniqueBy` field of a record that existed before it, takes records
/// out of view or brings them back, replaces one, or runs with an optimistic layer; a
/// collection; the store's end.
///
/// A list is told by the record holding it, its field, its length and the record's
/// `Record.generation`, which every write but an append in place changes: the memo holds
/// the record, not the list, so a page appended to the list grows its storage in place.
///
/// Main actor, with the store.
@MainActor
struct ListMemos {
    /// A list: the record holding it, its field, and the field its targets are read from.
    struct Key: Hashable {
        let record: ObjectIdentifier
        let slot: Slot
        let uniqueBy: Slot?

        init(_ record: Record, _ slot: Slot, _ uniqueBy: Slot?) {
            self.record = ObjectIdentifier(record)
            self.slot = slot
            self.uniqueBy = uniqueBy
        }
    }

    /// A list a commit being planned writes, whose memo is kept (or made) once it is applied.
    private struct Scheduled {
        let record: Record
        let slot: Slot
        let uniqueBy: Slot?
        /// The memo of the list the commit plans, and that list's length; nil to make one.
        var memo: (memo: ListMemo, length: Int)?
    }

    /// A list shorter than this is read whole: a memo would cost more than it saves.
    static let minimumCount = 64
    /// At most this many lists are remembered; one more and all are forgotten.
    static let capacity = 4

    private var memos: [Key: ListMemo] = [:]
    private var scheduled: [Scheduled] = []

    var isEmpty: Bool { memos.isEmpty }
    /// How many inserts a memo answered for: read by tests, which pin that it does.
    private(set) var answered = 0

    /// Counts an insert a memo answered for.
    mutating func noteAnswered() {
        answered += 1
    }

    /// The memo of the list of `length` elements `slot` of `record` holds, read through
    /// `uniqueBy`, taken out: an insert hands back the memo of the list it makes
    /// (``remember(_:of:_:length:)``). Nil unless the memo was made of that very list: the
    /// record's generation and the list's length are what they were.
    mutating func take(length: Int, of record: Record, _ slot: Slot, uniqueBy: Slot?) -> ListMemo? {
        guard !memos.isEmpty, length >= Self.minimumCount,
            let memo = memos.removeValue(forKey: Key(record, slot, uniqueBy))
        else { return nil }
        return memo.generation == record.generation && memo.length == length ? memo : nil
    }

    /// Hands back `memo` as the memo of the list of `length` elements the commit being
    /// planned writes in `slot` of `record`: kept once the commit is applied, if the record
    /// then holds a list of that length there.
    mutating func remember(_ memo: consuming ListMemo, of record: Record, _ slot: Slot, length: Int) {
        unschedule(record, slot)
        scheduled.append(Scheduled(record: record, slot: slot, uniqueBy: memo.uniqueBy, memo: (memo, length)))
    }

    /// Asks for the memo of the list the commit being planned writes in `slot` of `record`
    /// to be made once the commit is applied (``makeScheduled(if:_:)``).
    mutating func schedule(_ record: Record, _ slot: Slot, uniqueBy: Slot?) {
        unschedule(record, slot)
        scheduled.append(Scheduled(record: record, slot: slot, uniqueBy: uniqueBy))
    }

    /// Forgets what was scheduled for `slot` of `record`: another edit of the list in the
    /// same commit makes a list the memo does not describe.
    mutating func unschedule(_ record: Record, _ slot: Slot) {
        guard !scheduled.isEmpty else { return }
        scheduled.removeAll { $0.record === record && $0.slot == slot }
    }

    /// Keeps the memos handed back, and makes with `make` those asked for, of the lists the
    /// commit just applied wrote, when `condition` holds; forgets the lists either way.
    mutating func makeScheduled(if condition: Bool, _ make: ([Value], Slot?) -> ListMemo) {
        guard !scheduled.isEmpty else { return }
        let lists = scheduled
        scheduled.removeAll()
        guard condition else { return }
        for item in lists {
            guard case .list(let list)? = item.record[untracked: item.slot], list.count >= Self.minimumCount else {
                continue
            }
            var memo: ListMemo
            if let (handed, length) = item.memo {
                guard length == list.count else { continue }
                memo = handed
            } else {
                memo = make(list, item.uniqueBy)
            }
            memo.generation = item.record.generation
            memo.length = list.count
            memo.record = item.record
            if memos.count >= Self.capacity { memos.removeAll() }
            memos[Key(item.record, item.slot, item.uniqueBy)] = memo
        }
    }

    /// Forgets every memo, and has those an insert of the commit being planned handed back
    /// made anew from the table once it is applied: one made before a change to the targets
    /// could miss one.
    mutating func forgetAll() {
        memos.removeAll()
        for i in scheduled.indices { scheduled[i].memo = nil }
    }

    /// Whether the commit planned in `context` may change a target some memo counted.
    func isStale(after context: CommitContext) -> Bool {
        guard !memos.isEmpty else { return false }
        if !context.overlay.isEmpty || !context.leaving.isEmpty || !context.restored.isEmpty
            || !context.replaced.isEmpty
        {
            return true
        }
        let slots = Set(memos.keys.compactMap(\.uniqueBy))
        return !slots.isEmpty && context.buffer.writes(anyOf: slots)
    }
}

/// One list's memo (see ``ListMemos``).
struct ListMemo {
    /// The record holding the list: held, so its identity is not reused while the memo is.
    fileprivate(set) var record: Record?
    /// The record's `Record.generation` and the list's length when the memo was kept.
    fileprivate(set) var generation: UInt64 = 0
    fileprivate(set) var length = 0
    let uniqueBy: Slot?
    /// The hash of each counted element's target key, under the table's seed.
    var targetHashes = HashWordSet()
    /// How many elements the memo counted.
    var counted = 0
    /// Elements the memo did not count: no record in view, or (with `uniqueBy`) a target
    /// that is not a link, when it was made. An insert reads these every time.
    var unheld: [RecordKey] = []

    init(uniqueBy: Slot?) {
        self.uniqueBy = uniqueBy
    }

    /// Whether few enough elements are unheld that reading them for each insert beats
    /// reading the list.
    var isUseful: Bool { unheld.count <= 16 + counted / 16 }
}

/// A set of 64-bit hashes of keys under the store's random seed, in one array with open
/// addressing: inserting a list's hashes costs a few instructions each, where `Set`'s
/// hashes each again. Two hashes that differ only in their lowest bit are one member (the
/// bit marks a slot in use), so ``contains(_:)`` may answer yes for a hash never inserted:
/// a memo only asks it to rule hashes out.
struct HashWordSet {
    private var words: [UInt64] = []
    private(set) var count = 0

    mutating func reserveCapacity(_ capacity: Int) {
        var size = 16
        while size < capacity * 2 { size *= 2 }
        if size > words.count { rehash(to: size) }
    }

    mutating func insert(_ hash: UInt64) {
        if (count + 1) * 2 > words.count { rehash(to: max(16, words.count * 2)) }
        if place(hash | 1) { count += 1 }
    }

    func contains(_ hash: UInt64) -> Bool {
        guard !words.isEmpty else { return false }
        let word = hash | 1
        let mask = words.count - 1
        var i = Int(truncatingIfNeeded: word >> 1) & mask
        while true {
            let held = words[i]
            if held == word { return true }
            if held == 0 { return false }
            i = (i + 1) & mask
        }
    }

    /// Puts `word` (lowest bit set) in its slot; whether it was not there.
    private mutating func place(_ word: UInt64) -> Bool {
        let mask = words.count - 1
        var i = Int(truncatingIfNeeded: word >> 1) & mask
        while true {
            let held = words[i]
            if held == word { return false }
            if held == 0 {
                words[i] = word
                return true
            }
            i = (i + 1) & mask
        }
    }

    private mutating func rehash(to size: Int) {
        let old = words
        words = Array(repeating: 0, count: size)
        for word in old where word != 0 { _ = place(word) }
    }
}
