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
/// A memo is made from the table once a commit is applied (``schedule(_:uniqueBy:)``): the
/// first page of a connection (a `replaceHead` edit that did not keep the later pages) and an
/// insert without a memo schedule the list they write; an insert with one adds the page's
/// targets to it. The store forgets every memo when an element's target may have changed: a
/// commit that writes the `uniqueBy` field of a record that existed before it, takes records
/// out of view or brings them back, replaces one, or runs with an optimistic layer; a
/// collection; the store's end. The list is
/// told by its storage: the memo holds the array it describes, and a list written since is
/// another array, which no memo answers for.
///
/// Main actor, with the store.
@MainActor
struct ListMemos {
    /// A list, told by its storage while a memo holds it, and the field its targets are read from.
    struct Key: Hashable {
        let storage: UInt
        let count: Int
        let uniqueBy: Slot?
    }

    /// A list shorter than this is read whole: a memo would cost more than it saves.
    static let minimumCount = 64
    /// At most this many lists are remembered; one more and all are forgotten.
    static let capacity = 4

    private var memos: [Key: ListMemo] = [:]
    /// Lists a commit being planned writes, whose memos are made once it is applied.
    private var scheduled: [(list: [Value], uniqueBy: Slot?)] = []

    var isEmpty: Bool { memos.isEmpty }
    /// How many inserts a memo answered for: read by tests, which pin that it does.
    private(set) var answered = 0

    /// Counts an insert a memo answered for.
    mutating func noteAnswered() {
        answered += 1
    }

    /// The memo of `list` read through `uniqueBy`, taken out: an insert gives back the memo
    /// of the list it makes (``remember(_:of:)``).
    mutating func take(_ list: [Value], uniqueBy: Slot?) -> ListMemo? {
        guard !memos.isEmpty, let key = Self.key(list, uniqueBy) else { return nil }
        return memos.removeValue(forKey: key)
    }

    /// Remembers `memo` as the memo of `list`, the array the store holds.
    mutating func remember(_ memo: consuming ListMemo, of list: [Value]) {
        guard let key = Self.key(list, memo.uniqueBy) else { return }
        if memos.count >= Self.capacity { memos.removeAll() }
        var memo = memo
        memo.list = list
        memos[key] = memo
    }

    /// Asks for the memo of `list`, which the commit being planned writes, to be made when
    /// the commit is applied (``makeScheduled(if:_:)``).
    mutating func schedule(_ list: [Value], uniqueBy: Slot?) {
        scheduled.append((list, uniqueBy))
    }

    /// Makes and remembers, with `make`, the memos of the lists the commit just applied
    /// wrote, when `condition` holds; forgets the lists either way.
    mutating func makeScheduled(if condition: Bool, _ make: ([Value], Slot?) -> ListMemo) {
        guard !scheduled.isEmpty else { return }
        let lists = scheduled
        scheduled.removeAll()
        guard condition else { return }
        for (list, uniqueBy) in lists { remember(make(list, uniqueBy), of: list) }
    }

    mutating func forgetAll() {
        memos.removeAll()
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

    private static func key(_ list: [Value], _ uniqueBy: Slot?) -> Key? {
        guard list.count >= minimumCount else { return nil }
        let storage = list.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        return Key(storage: storage, count: list.count, uniqueBy: uniqueBy)
    }
}

/// One list's memo (see ``ListMemos``).
struct ListMemo {
    /// The list the memo describes: held, so its storage is not reused while the memo is.
    fileprivate(set) var list: [Value] = []
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
