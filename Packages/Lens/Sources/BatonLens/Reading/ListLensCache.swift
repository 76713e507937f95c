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
/// - the field holds the very list it was made from (told by the array's storage, which the
///   entry holds), or that list with more elements after it (compared element by element, by
///   their bits): then only the new elements are resolved;
/// - no record has left view since (`Store.recordDepartures` has not moved), so every key
///   still names the record its lens wraps;
/// - the parent record is of the same type, so the selection under the list is the same.
///
/// A read the cache answers registers with Observation exactly what the read would: the
/// list's field (the ``Linked`` read does, before resolving), and nothing per element.
///
/// Owned by the ``GraphQLEnvironment``, emptied at its ``GraphQLEnvironment/end()`` (the
/// records the kept lenses hold go with the store's), and reached by its ``LensContext``
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
    }

    struct Entry {
        /// Held, so that the identifiers in the key are not reused while the entry is.
        let parent: Record
        let plan: FieldPlan?
        let selection: SelectionPlan?
        /// The parent's type when the lenses were made: the selection under the list can
        /// depend on it.
        let typename: String?
        /// The list the lenses were resolved from.
        let list: [Value]
        /// The lenses, an `[Element]`.
        let elements: Any
        let departures: UInt64
    }

    /// A shorter list is resolved at each read, without asking the cache.
    @usableFromInline static let minimumCount = 32
    /// At most this many lists are kept; one more and all are dropped.
    static let capacity = 16

    private var entries: [Key: Entry] = [:]
    /// How many elements reads through the cache resolved: read by tests, which pin what
    /// the cache spares.
    private(set) var resolved = 0

    init() {}

    func take(_ key: Key) -> Entry? {
        entries.removeValue(forKey: key)
    }

    func keep(_ entry: Entry, for key: Key) {
        if entries.count >= Self.capacity { entries.removeAll() }
        entries[key] = entry
    }

    func noteResolved(_ count: Int) {
        resolved += count
    }

    /// How many lists are kept.
    var count: Int { entries.count }

    /// Lets go of every list kept, with the records and lenses it holds: the environment's end.
    func removeAll() {
        entries.removeAll()
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
        guard let listLenses, Self.resolvesByKeyAlone(Element.self) else {
            return try resolve(list[...]).elements
        }
        let key = ListLensCache.Key(
            parent: ObjectIdentifier(parent.record), address: UInt(bitPattern: site.address.toOpaque()),
            plan: site.plan.map(ObjectIdentifier.init), selection: parent.selection.map(ObjectIdentifier.init),
            element: ObjectIdentifier(Element.self))
        let departures = store.recordDepartures
        var elements: [Element] = []
        var start = 0
        let typename = parent.record.typename
        if let entry = listLenses.take(key), entry.departures == departures, entry.typename == typename,
            let cached = entry.elements as? [Element], Self.list(list, continues: entry.list)
        {
            if list.count == entry.list.count {
                listLenses.keep(entry, for: key)
                return cached
            }
            elements = cached
            start = entry.list.count
        }
        let (more, complete) = try resolve(list[start...])
        listLenses.noteResolved(list.count - start)
        elements.append(contentsOf: more)
        if complete {
            listLenses.keep(
                ListLensCache.Entry(
                    parent: parent.record, plan: site.plan, selection: parent.selection, typename: typename,
                    list: list, elements: elements, departures: departures),
                for: key)
        }
        return elements
    }

    /// Whether `list` is `earlier`, or `earlier` with more elements after it: the same storage,
    /// or the same bits element by element.
    private static func list(_ list: [Value], continues earlier: [Value]) -> Bool {
        guard list.count >= earlier.count else { return false }
        let same = list.withUnsafeBufferPointer { now in
            earlier.withUnsafeBufferPointer { before in now.baseAddress == before.baseAddress }
        }
        if same { return true }
        for i in earlier.indices where !Value.sameBits(list[i], earlier[i]) { return false }
        return true
    }

    /// Whether an element of type `element` is resolved from its key alone: a fragment, or an
    /// optional one, whose link reads no field (no `@required`, no `@throwOnFieldError`).
    private static func resolvesByKeyAlone<Element: LinkTarget>(_ element: Element.Type) -> Bool {
        guard element is any Fragment.Type || element is any OptionalFragment.Type,
            let fragment = Element.fragmentType
        else { return false }
        return !FragmentMetadata.of(any: fragment).hasRules
    }
}

/// An optional fragment, as the element type of a list of nullable elements (`[Note?]`).
protocol OptionalFragment {}

extension Optional: OptionalFragment where Wrapped: Fragment {}
