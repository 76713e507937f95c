@_spi(Baton) import BatonRecords

/// What a list edit makes of the list a cell holds.
enum EditedList {
    /// The cell's new list.
    case list([Value])
    /// Elements to add after the list the cell holds (an insert at the end, or into a cell
    /// with no list yet).
    case appended([Value])

    /// The cell's new value, for `current`, what the cell holds: the list made whole.
    func value(after current: Value?) -> Value {
        switch self {
        case .list(let list): return .list(list)
        case .appended(let added):
            guard case .list(let elements)? = current else { return .list(added) }
            return .list(elements + added)
        }
    }
}

extension Store {
    /// What `edit` makes of `current`, the list `slot` of `record` holds as the commit in
    /// `context` sees it (nothing yet reads as an empty list), reading the elements' targets
    /// as the commit sees them.
    /// With `visible`, targets are read as they show (an optimistic layer's edit); otherwise
    /// as the base holds them (server data).
    func applying(
        _ edit: ListEdit, to current: Value?, of record: Record, in context: CommitContext, visible: Bool = false
    ) -> EditedList {
        var elements: [Value]
        switch current {
        case .list(let list)?: elements = list
        default: elements = []
        }
        switch edit.operation {
        case .insert(let links, let atEnd, let uniqueBy):
            let memoable = !visible && isMemoable(elements, uniqueBy: uniqueBy, in: context)
            // A memo answers for the list the record holds, which is `current` when the commit
            // writes the cell no other way.
            let recordsOwn = memoable && !context.buffer.hasEntry(of: record, edit.slot)
            var memo =
                recordsOwn ? listMemos.take(length: elements.count, of: record, edit.slot, uniqueBy: uniqueBy) : nil
            let added = linksToAdd(links, to: elements, uniqueBy: uniqueBy, in: context, visible: visible, memo: &memo)
            if let memo {
                listMemos.remember(memo, of: record, edit.slot, length: elements.count + added.count)
            } else if memoable {
                listMemos.schedule(record, edit.slot, uniqueBy: uniqueBy)
            } else {
                listMemos.unschedule(record, edit.slot)
            }
            return atEnd ? .appended(added) : .list(added + elements)
        case .remove(let target, let field):
            listMemos.unschedule(record, edit.slot)
            elements.removeAll { element in
                guard let field else { return element.link == target }
                return targetValue(of: element, field, in: context, visible: visible)?.link == target
            }
            return .list(elements)
        case .replaceHead(let links, _, _):
            // Without the list as it was before the commit (``HeadBefore``): started again.
            listMemos.unschedule(record, edit.slot)
            return .list(links.map(Value.link))
        }
    }

    /// Whether the commit in `context` can use a memo of `list` read through `uniqueBy`, and
    /// make one (see ``ListMemos``): a long list, the base as the table holds it (no layer, no
    /// record leaving view or coming back), and no record that exists already getting a new
    /// value of `uniqueBy` in this commit, so each target is its record's.
    func isMemoable(_ list: [Value], uniqueBy: Slot?, in context: CommitContext) -> Bool {
        list.count >= ListMemos.minimumCount && context.overlay.isEmpty && context.removed.isEmpty
            && context.restored.isEmpty && !(uniqueBy.map(context.buffer.writes) ?? false)
    }

    /// The memo of `list` as the table holds its elements' records: made once a commit is
    /// applied, one probe of the table an element.
    func memo(of list: [Value], uniqueBy: Slot?) -> ListMemo {
        var memo = ListMemo(uniqueBy: uniqueBy)
        if uniqueBy != nil { memo.targetHashes.reserveCapacity(list.count) }
        for index in list.indices {
            guard case .link(let key) = list[index] else { continue }
            let position = table.position(of: key)
            guard table.state(at: position).presence == .live, let record = table.record(at: position) else {
                memo.unheld.append(key)
                continue
            }
            if let uniqueBy {
                guard let target = record.linkHash(untracked: uniqueBy, seed: table.seed) else {
                    memo.unheld.append(key)
                    continue
                }
                memo.targetHashes.insert(target)
            }
            memo.counted += 1
        }
        return memo
    }

    /// The elements an insert of `links` adds to `elements`, in order: each link not already
    /// in the list or earlier in `links`, and with `uniqueBy`, whose target's value there is
    /// not already an element's target's or an earlier added link's.
    ///
    /// A page is short and the list it joins may be long. With a `memo` of the list (see
    /// ``ListMemos``) that rules out the page's links and targets, only the elements the memo
    /// could not count are read. Otherwise the list is scanned once for only the page's links
    /// and targets, which are all a later test can ask about: no set of the whole list is
    /// built, and the list's targets are hashed as keys, not as values. Each element costs one
    /// probe of the table: where its key is tells whether it can be one of the page's links
    /// (their keys are compared only where the positions meet), and finds the record its
    /// target is read from. The memo comes back counting the links added too: the memo of the
    /// list the insert makes.
    private func linksToAdd(
        _ links: [RecordKey], to elements: [Value], uniqueBy: Slot?, in context: CommitContext, visible: Bool,
        memo: inout ListMemo?
    ) -> [Value] {
        guard !links.isEmpty else { return [] }
        let targets = uniqueBy.map { slot in
            links.map { targetValue(of: .link($0), slot, in: context, visible: visible) }
        }
        var pageLinks = Set<RecordKey>(minimumCapacity: links.count)
        // Where the table holds each page link, or would put it: the table does not change
        // while the list is scanned, so a key elsewhere is no page link.
        var pagePositions = Set<RecordTable.Position>(minimumCapacity: links.count)
        // Whether some page link had a record in view before this commit (the table is as it
        // was until the commit is applied): only such a link can be an element a memo counted.
        var pageLinkWasLive = false
        for link in links {
            let position = table.position(of: link)
            pageLinks.insert(link)
            pagePositions.insert(position)
            if table.state(at: position).presence == .live { pageLinkWasLive = true }
        }
        var pageTargets = TargetSet(seed: table.seed, capacity: links.count)
        for target in targets ?? [] { if let target { pageTargets.insert(target) } }
        // What the list already holds of the page's links and targets, then what the page adds:
        // at most the page's own, sized for them at once.
        var seenLinks = Set<RecordKey>(minimumCapacity: links.count)
        var seenTargets = TargetSet(seed: table.seed, capacity: links.count)
        // A target read as the base holds it is the record's own value when no layer keeps a
        // base beneath and the commit writes that slot of no record: then no element's read
        // looks in the write buffer.
        let readsRecords =
            uniqueBy.map { !visible && context.overlay.isEmpty && !context.buffer.writes($0) } ?? false
        let targetsAreKeys = !pageTargets.holdsValues
        let unheld: [RecordKey]?
        if let known = memo, known.isUseful, targetsAreKeys, !pageLinkWasLive,
            !pageTargets.anyKeyHash(where: known.targetHashes.contains)
        {
            unheld = known.unheld
        } else {
            unheld = nil
        }
        /// Reads the element `key`: whether it is one of the page's links, and its target.
        func read(_ key: RecordKey) {
            let position = table.position(of: key)
            if pagePositions.contains(position) && pageLinks.contains(key) { seenLinks.insert(key) }
            guard let uniqueBy, !pageTargets.isEmpty, let record = held(key, at: position, in: context) else {
                return
            }
            // Most elements of a long list link to none of the page's targets: told by the
            // hash of the key their record links to, read in place, without a copy of it.
            if readsRecords && targetsAreKeys, let hash = record.linkHash(untracked: uniqueBy, seed: table.seed),
                !pageTargets.mayHoldKey(hashed: hash)
            {
                return
            }
            let target =
                readsRecords ? record[untracked: uniqueBy] : value(of: record, uniqueBy, in: context, visible: visible)
            if let target, pageTargets.contains(target) { seenTargets.insert(target) }
        }
        if let unheld {
            // The memo rules out every element it counted.
            listMemos.noteAnswered()
            for key in unheld { read(key) }
        } else {
            for index in elements.indices {
                guard case .link(let key) = elements[index] else { continue }
                read(key)
            }
        }
        var added: [Value] = []
        added.reserveCapacity(links.count)
        for (index, link) in links.enumerated() {
            guard seenLinks.insert(link).inserted else { continue }
            if let target = targets?[index] {
                guard seenTargets.insert(target) else { continue }
            }
            added.append(.link(link))
            guard memo != nil else { continue }
            if uniqueBy == nil {
                if held(link, in: context) != nil { memo?.counted += 1 } else { memo?.unheld.append(link) }
            } else if case .link(let key)? = targets?[index] {
                memo?.targetHashes.insert(key.bytesHash(seed: table.seed))
                memo?.counted += 1
            } else {
                memo?.unheld.append(link)
            }
        }
        return added
    }

    /// A set of targets' values: a link (a connection's `node`, the usual `uniqueBy`) held as
    /// its key, hashed as keys hash; any other value as a value.
    ///
    /// A page's few targets are asked about once for each element of a list that may be long,
    /// and almost every answer is no: a key is first looked for in a bit filter of the keys'
    /// hashes (16 to 32 bits a key, one set by each), which answers most noes without probing
    /// the set or comparing a key.
    private struct TargetSet {
        /// The seed keys hash under: the store's table's, so a hash the table or a memo
        /// made serves the filter too.
        let seed: UInt64
        private var keys = Set<RecordKey>()
        private var values = Set<Value>()
        private var filter: [UInt64] = []

        /// An empty set with room for `capacity` keys: neither the set nor its filter grows
        /// (and is filled again) before it holds that many.
        init(seed: UInt64, capacity: Int) {
            self.seed = seed
            keys.reserveCapacity(capacity)
            filter = Array(repeating: 0, count: Self.filterWords(for: capacity))
        }

        var isEmpty: Bool { keys.isEmpty && values.isEmpty }

        /// Adds `target`; whether it was not there yet.
        @discardableResult
        mutating func insert(_ target: Value) -> Bool {
            guard let key = target.link else { return values.insert(target).inserted }
            guard keys.insert(key).inserted else { return false }
            if keys.count * 16 > filter.count * 64 {
                // Grown and filled again for the keys so far.
                filter = Array(repeating: 0, count: Self.filterWords(for: keys.count))
                for key in keys { setBit(of: key) }
            } else {
                setBit(of: key)
            }
            return true
        }

        /// The filter's size for `count` keys: the power of two of words that gives each key
        /// 32 bits, or at least 1.
        private static func filterWords(for count: Int) -> Int {
            var words = 1
            while words * 64 < count * 32 { words *= 2 }
            return words
        }

        /// Whether the set holds a target that is not a link.
        var holdsValues: Bool { !values.isEmpty }

        func contains(_ target: Value) -> Bool {
            guard let key = target.link else { return values.contains(target) }
            return mayHoldKey(hashed: key.bytesHash(seed: seed)) && keys.contains(key)
        }

        /// Whether `predicate` holds for the hash under ``seed`` of some key in the set.
        func anyKeyHash(where predicate: (UInt64) -> Bool) -> Bool {
            keys.contains { predicate($0.bytesHash(seed: seed)) }
        }

        /// Whether a key whose hash under ``seed`` is `hash` may be in the set: false means
        /// it is not.
        @inline(__always)
        func mayHoldKey(hashed hash: UInt64) -> Bool {
            guard !filter.isEmpty else { return false }
            let bit = Self.bit(hashed: hash, in: filter.count)
            return filter[bit >> 6] & (1 << UInt64(bit & 63)) != 0
        }

        private mutating func setBit(of key: RecordKey) {
            let bit = Self.bit(hashed: key.bytesHash(seed: seed), in: filter.count)
            filter[bit >> 6] |= 1 << UInt64(bit & 63)
        }

        /// The bit a key whose hash is `hash` sets in a filter of `words` words (a power of two).
        @inline(__always)
        private static func bit(hashed hash: UInt64, in words: Int) -> Int {
            Int(truncatingIfNeeded: hash) & (words * 64 - 1)
        }
    }

    /// What a `ListEdit.Operation.replaceHead(links:uniqueBy:kept:)` edit needs of the
    /// store before the commit writes anything: the elements after the head, the head's
    /// targets' `uniqueBy` values and the kept fields' values. Nil when the list does not
    /// begin with the edit's links or has nothing after them: the page starts the list again.
    struct HeadBefore {
        var tail: [Value]
        var targets: [Value?]
        var kept: [(record: Record, slot: Slot, value: Value?)]
    }

    /// The ``HeadBefore`` of `edit`, read from the base as it is before the commit.
    func headBefore(_ edit: ListEdit, in context: CommitContext) -> HeadBefore? {
        guard case .replaceHead(let links, let uniqueBy, let kept) = edit.operation,
            let record = held(edit.key, in: context),
            case .list(let elements)? = baseValue(record, edit.slot, in: context),
            elements.count > links.count,
            zip(elements, links).allSatisfy({ $0.link == $1 })
        else { return nil }
        var fields: [(record: Record, slot: Slot, value: Value?)] = []
        for field in kept {
            guard let owner = held(field.key, in: context) else { return nil }
            fields.append((owner, field.slot, baseValue(owner, field.slot, in: context)))
        }
        return HeadBefore(
            tail: Array(elements[links.count...]),
            targets: links.map { targetValue(of: .link($0), uniqueBy, in: context, visible: false) },
            kept: fields)
    }

    /// Applies a `replaceHead` edit after the commit's snapshots: when the head's targets are
    /// what they were (`before`), the list is the head and the tail, without an element whose
    /// target the head has, and the kept fields are restored; otherwise the page's own
    /// snapshot stands. Returns whether the tail was kept.
    @discardableResult
    func keepTail(_ edit: ListEdit, _ before: HeadBefore, of record: Record, in context: inout CommitContext) -> Bool {
        guard case .replaceHead(let links, let uniqueBy, _) = edit.operation else { return false }
        let targets = links.map { targetValue(of: .link($0), uniqueBy, in: context, visible: false) }
        guard !targets.contains(where: { $0 == nil }), targets == before.targets else { return false }
        var seen = TargetSet(seed: table.seed, capacity: targets.count + before.tail.count)
        for target in targets { if let target { seen.insert(target) } }
        var elements = links.map(Value.link)
        for element in before.tail {
            if let target = targetValue(of: element, uniqueBy, in: context, visible: false) {
                guard seen.insert(target) else { continue }
            }
            elements.append(element)
        }
        writeBase(record, edit.slot, .list(elements), in: &context)
        for field in before.kept {
            writeBase(field.record, field.slot, field.value, in: &context)
        }
        return true
    }

    /// The value of `slot` in the record `element` links to, as the commit sees it; without a
    /// slot, the link itself when the store holds its target.
    private func targetValue(of element: Value, _ slot: Slot?, in context: CommitContext, visible: Bool) -> Value? {
        guard let key = element.link, let record = held(key, in: context) else { return nil }
        guard let slot else { return element }
        return value(of: record, slot, in: context, visible: visible)
    }

    /// The value of `slot` of `record` as the commit sees it: as it shows (`visible`) or as
    /// the base holds it.
    private func value(of record: Record, _ slot: Slot, in context: CommitContext, visible: Bool) -> Value? {
        visible ? context.buffer.value(of: record, slot) : baseValue(record, slot, in: context)
    }

}
