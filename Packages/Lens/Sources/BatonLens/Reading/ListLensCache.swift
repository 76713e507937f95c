@_spi(Baton) import BatonRecords
@_spi(Baton) import BatonStore

/// The lenses a long list field's elements were last resolved to, so that a list read again
/// resolves nothing, and a list that grew at its end (a page appended to a connection)
/// resolves only what it gained.
///
/// Resolving a list makes a lens for each element: its key looked up in the store and the
/// record wrapped with the selection under the list. A view whose body reads the edges of a
/// connection of 4,000 did that 4,000 times at each re-render, one page more or not. An entry
/// is kept for a list of at least ``minimumCount`` elements of a fragment type, or an optional
/// one, without `@required` or `@throwOnFieldError` rules (those read fields as they resolve),
/// whose every link resolved to a record in view (a null element of an optional type is kept
/// as nil; a link to a record not in view is dropped from the list read, and keeps the list
/// out of the cache until the record comes). It answers while:
///
/// - the field holds the very list it was made from, or that list with more elements after
///   it: then only the new elements are resolved. Told at once while the parent record's
///   `Record.generation` is what it was (the record has only appended to its lists in place
///   since) and the list's storage is where it was, or is the list the parent holds at the
///   field (a page outgrew the storage); otherwise compared element by element, by their
///   bits, with a copy of the elements the entry keeps. The entry does not hold the list
///   itself, so a page the store appends grows the list's storage in place;
/// - no record has left view since (`Store.recordDepartures` has not moved), so every key
///   still names the record its lens wraps;
/// - the parent record is of the same type, so the selection under the list is the same.
///
/// A read the cache answers registers with Observation exactly what the read would: the
/// list's field (the ``Linked`` read does, before resolving), and nothing per element.
///
/// At most ``capacity`` lists are kept. When one more comes, the lists not read since the
/// cache last filled are let go (with the records they hold), and the rest start a new round;
/// when every one was read since, all go.
///
/// Owned by the ``GraphQLEnvironment``, emptied at its ``GraphQLEnvironment/end()`` (the
/// records the kept lenses hold go with the store's) and by its
/// ``GraphQLEnvironment/collect()`` when that frees a record, and reached by its ``LensContext``
/// through a weak reference: a kept lens holds its context, so a cache the context held would
/// keep the context, its store and every record alive for good. A context made without an
/// environment (a scratch store's) has no cache and resolves every read.
///
/// Main actor, with its environment.
@MainActor @usableFromInline
final class ListLensCache {
    struct Key: Hashable {
        let parent: ObjectIdentifier
        let address: UInt
        let plan: ObjectIdentifier?
        let selection: ObjectIdentifier?
        let element: ObjectIdentifier

        /// The five words mixed by multiplies and shifts, without a `Hasher`: every read of a
        /// list the cache may hold hashes a key. The words are addresses, never chosen by input.
        func _rawHashValue(seed: Int) -> Int {
            var h = Self.mix(UInt(bitPattern: seed), UInt(bitPattern: parent))
            h = Self.mix(h, address)
            h = Self.mix(h, Self.word(plan))
            h = Self.mix(h, Self.word(selection))
            h = Self.mix(h, UInt(bitPattern: element))
            return Int(bitPattern: h)
        }

        @inline(__always)
        private static func word(_ id: ObjectIdentifier?) -> UInt {
            guard let id else { return 1 }
            return UInt(bitPattern: id)
        }

        @inline(__always)
        private static func mix(_ h: UInt, _ word: UInt) -> UInt {
            let m = (h ^ word) &* 0x9E37_79B9_7F4A_7C15
            return m ^ (m >> 32)
        }
    }

    /// A kept list: what its lenses were made from, and (in ``Lenses``) the lenses. One
    /// reference, so a read the cache answers copies one word out of it. Main actor.
    @MainActor
    class Entry {
        /// Held, so that the identifiers in the key are not reused while the entry is.
        let parent: Record
        let plan: FieldPlan?
        let selection: SelectionPlan?
        /// The parent's type when the lenses were made: the selection under the list can
        /// depend on it.
        let typename: String?
        // Main actor, so unchecked: a dynamic exclusivity check on each read of the cache
        // cost about 40 instructions an access.
        /// The elements of the list the lenses were resolved from, in storage of the entry's
        /// own (``ListLensCache/copy(_:)``): an entry holding the record's list would keep a
        /// page from growing it in place.
        @exclusivity(unchecked) var links: [Value]
        /// Where the list's storage was, and the parent's generation then: while both are, the
        /// list is the one the lenses answer for (`LensContext.isTold(_:at:in:as:cache:)`). The
        /// address is only compared, never read through.
        @exclusivity(unchecked) var storage: UInt
        @exclusivity(unchecked) var generation: UInt64
        @exclusivity(unchecked) var departures: UInt64
        /// Whether a read found the entry since the cache last filled.
        @exclusivity(unchecked) var used = false

        init(
            parent: Record, plan: FieldPlan?, selection: SelectionPlan?, typename: String?, list: [Value],
            departures: UInt64
        ) {
            self.parent = parent
            self.plan = plan
            self.selection = selection
            self.typename = typename
            self.links = ListLensCache.copy(list)
            self.storage = LensContext.storage(of: list)
            self.generation = parent.generation
            self.departures = departures
        }

        /// Notes that the list at `storage`, read from the parent as it is now, begins with
        /// ``links``: its next read is told at once.
        func follow(_ storage: UInt) {
            self.storage = storage
            generation = parent.generation
        }

        /// Notes that the lenses answer for `list`, read from the parent as it is now, which
        /// begins with ``links``: where it is, and the elements it has beyond them.
        func answers(for list: [Value]) {
            follow(LensContext.storage(of: list))
            if list.count > links.count { links.append(contentsOf: list[links.count...]) }
        }
    }

    /// An entry with its lenses, of the key's element type: a read casts an entry to the
    /// lenses of its own element type without a check, which the key's element type makes
    /// sure of (an `as?` cast instantiates the generic class's metadata at each read).
    final class Lenses<Element>: Entry {
        @exclusivity(unchecked) var elements: [Element]

        init(
            _ elements: [Element], parent: Record, plan: FieldPlan?, selection: SelectionPlan?, typename: String?,
            list: [Value], departures: UInt64
        ) {
            self.elements = elements
            super.init(
                parent: parent, plan: plan, selection: selection, typename: typename, list: list, departures: departures
            )
        }
    }

    /// A shorter list is resolved at each read, without asking the cache: resolving so few
    /// elements costs no more than a look-up.
    @usableFromInline static let minimumCount = 8
    /// At most this many lists are kept; when one more comes, those not read since the cache
    /// last filled go.
    static let capacity = 128

    // Main actor, so unchecked, as the entries' own.
    @exclusivity(unchecked) private var entries: [Key: Entry] = [:]
    /// Whether a list of each element type read so far is kept (``keeps(_:)``).
    @exclusivity(unchecked) private var keptElementTypes: [FragmentMetadata.TypeKey: Bool] = [:]
    /// How many elements reads through the cache resolved: read by tests, which pin what
    /// the cache spares.
    @exclusivity(unchecked) private(set) var resolved = 0
    /// How many elements reads compared with the kept lenses' records, where the list was not
    /// told at once: read by tests, which pin that an append in place is.
    @exclusivity(unchecked) private(set) var compared = 0

    init() {}

    /// The entry for `key`, cast to the lenses of `element`, the key's element type.
    func lenses<Element>(_ key: Key, of element: Element.Type) -> Lenses<Element>? {
        guard let entry = entries[key] else { return nil }
        assert(entry is Lenses<Element>, "a kept list's element type is its key's")
        entry.used = true
        return unsafeDowncast(entry, to: Lenses<Element>.self)
    }

    func keep(_ entry: Entry, for key: Key) {
        if entries.count >= Self.capacity && entries[key] == nil { makeRoom() }
        entries[key] = entry
    }

    /// Lets go of the entries no read found since the cache last filled, and starts a new
    /// round for the rest; of every entry when each was found.
    private func makeRoom() {
        entries = entries.filter(\.value.used)
        if entries.count >= Self.capacity { entries.removeAll() }
        for entry in entries.values { entry.used = false }
    }

    func drop(_ key: Key) {
        entries[key] = nil
    }

    func noteResolved(_ count: Int) {
        resolved += count
    }

    func noteCompared(_ count: Int) {
        compared += count
    }

    /// How many lists are kept.
    var count: Int { entries.count }

    /// `list`'s elements in storage of their own.
    nonisolated static func copy(_ list: [Value]) -> [Value] {
        var copy: [Value] = []
        copy.reserveCapacity(list.count)
        copy.append(contentsOf: list)
        return copy
    }

    /// Lets go of every list kept, with the records and lenses it holds: the environment's end.
    func removeAll() {
        entries.removeAll()
    }

    /// Whether a list of `element`s is kept: a fragment, or an optional one, whose link reads
    /// no field (no `@required`, no `@throwOnFieldError`), so an element is resolved from its
    /// key alone. Answered once a type: the fragment's metadata is a look-up.
    func keeps<Element: LinkTarget>(_ element: Element.Type) -> Bool {
        let type = FragmentMetadata.TypeKey(element)
        if let known = keptElementTypes[type] { return known }
        var kept = false
        if element.isFragmentOrOptionalFragment, let fragment = Element.fragmentType {
            kept = !FragmentMetadata.of(any: fragment).hasRules
        }
        keptElementTypes[type] = kept
        return kept
    }
}

extension LensContext {
    /// The lenses of `list`'s elements, read at `site` in `parent`: from the cache
    /// (``ListLensCache``) where it answers, else from `resolve`, which resolves a run of
    /// elements and says whether every one resolved to a record in view.
    @usableFromInline
    func elements<Element: LinkTarget>(
        of list: [Value], at site: LinkSite, in parent: RecordRef,
        resolving resolve: (ArraySlice<Value>) throws(LensError) -> (elements: [Element], complete: Bool)
    ) throws(LensError) -> [Element] {
        guard let listLenses, listLenses.keeps(Element.self) else {
            return try resolve(list[...]).elements
        }
        let key = ListLensCache.Key(
            parent: ObjectIdentifier(parent.record), address: UInt(bitPattern: site.address.toOpaque()),
            plan: site.plan.map(ObjectIdentifier.init), selection: parent.selection.map(ObjectIdentifier.init),
            element: ObjectIdentifier(Element.self))
        let departures = store.recordDepartures
        let typename = parent.record.typename
        if let kept = listLenses.lenses(key, of: Element.self), kept.departures == departures,
            kept.typename == typename, Self.isTold(list, at: site, in: parent, as: kept, cache: listLenses)
        {
            let start = kept.links.count
            if list.count == start { return kept.elements }
            // The list grew at its end: its new elements are resolved and appended in place.
            let (more, complete) = try resolve(list[start...])
            listLenses.noteResolved(list.count - start)
            kept.elements.append(contentsOf: more)
            guard complete else {
                listLenses.drop(key)
                return kept.elements
            }
            kept.answers(for: list)
            return kept.elements
        }
        let (elements, complete) = try resolve(list[...])
        listLenses.noteResolved(list.count)
        if complete {
            listLenses.keep(
                ListLensCache.Lenses(
                    elements, parent: parent.record, plan: site.plan, selection: parent.selection, typename: typename,
                    list: list, departures: departures),
                for: key)
        } else {
            // An entry that no longer answers goes, with the records it holds.
            listLenses.drop(key)
        }
        return elements
    }

    /// Whether `list`, read at `site` in the kept entry's parent, is the list `kept` was made
    /// from, or that list with more elements after it. While the parent's generation is the
    /// entry's, the record has written none of its cells but by appending to a list in place
    /// (`Record.generation`): then the list is told at once when its storage is where it
    /// was (a list's storage is not freed while its record holds it), or when it is the list
    /// the parent holds at the site (a page outgrew the storage). Otherwise (the record wrote
    /// a cell; a list inside a list, which the parent does not hold at the site) it is
    /// compared with the entry's ``ListLensCache/Entry/links`` element by element, by their
    /// bits, and a list that matches is noted, so that its next read is told at once.
    private static func isTold(
        _ list: [Value], at site: LinkSite, in parent: RecordRef, as kept: ListLensCache.Entry, cache: ListLensCache
    ) -> Bool {
        guard list.count >= kept.links.count else { return false }
        let storage = storage(of: list)
        if kept.generation == kept.parent.generation {
            if storage == kept.storage { return true }
            if let field = try? site.address.takeUnretainedValue().resolve(in: parent).field,
                case .list(let held)? = parent.record[untracked: field.takeUnretainedValue().slot],
                Self.storage(of: held) == storage
            {
                kept.follow(storage)
                return true
            }
        }
        cache.noteCompared(kept.links.count)
        guard Self.list(list, continues: kept.links) else { return false }
        kept.follow(storage)
        return true
    }

    /// Whether `list` begins with `earlier`'s elements, by their bits. Nonisolated: a
    /// main-actor closure handed to the standard library checks its executor at each call.
    nonisolated private static func list(_ list: [Value], continues earlier: [Value]) -> Bool {
        guard list.count >= earlier.count else { return false }
        for i in earlier.indices where !Value.sameBits(list[i], earlier[i]) { return false }
        return true
    }

    /// The address of `list`'s storage, compared to tell a list from another. Nonisolated: a
    /// main-actor closure handed to the standard library checks its executor at each call.
    nonisolated static func storage(of list: [Value]) -> UInt {
        list.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
    }
}
