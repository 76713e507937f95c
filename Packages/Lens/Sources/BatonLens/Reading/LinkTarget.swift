/// A type a ``Linked`` reads as: every ``Fragment``, and optionals and arrays of link targets.
/// Main actor, like the records read.
public protocol LinkTarget {
    /// What `value`, read at `site` in `parent`'s record, links to. The value is consumed: a
    /// fragment takes the linked key out of it without a copy.
    @MainActor static func resolveLink(_ value: consuming Value, at site: LinkSite, in parent: RecordRef)
        throws(LensError)
        -> LinkResolution<Self>
    /// What a null element reads as inside a list: nil (dropped) for a non-optional target.
    static var nullElement: Self? { get }
    /// The fragment at the bottom of the type.
    static var fragmentType: (any Fragment.Type)? { get }
    /// Whether the type is a fragment or an optional one: the element types whose lists the
    /// environment keeps the lenses of. Told by the conformance, without a run-time cast
    /// (which scans the process's conformances the first time for each type).
    static var isFragmentOrOptionalFragment: Bool { get }
    /// The value a field holding `target` stores: a link to its record, null, or a list.
    @MainActor static func linkValue(of target: Self) -> Value
}

extension Optional: LinkTarget where Wrapped: LinkTarget {
    @MainActor
    @inlinable
    public static func resolveLink(_ value: consuming Value, at site: LinkSite, in parent: RecordRef) throws(LensError)
        -> LinkResolution<Wrapped?>
    {
        if case .null = value { return .value(nil) }
        switch try Wrapped.resolveLink(consume value, at: site, in: parent) {
        case .value(let wrapped): return .value(wrapped)
        case .null, .bubbled: return .value(nil)
        case .deleted(let key): return .deleted(key)
        }
    }

    public static var nullElement: Wrapped?? { .some(nil) }
    public static var fragmentType: (any Fragment.Type)? { Wrapped.fragmentType }
    /// A fragment's optional; not a list's (nor an optional's, which GraphQL has no type for).
    public static var isFragmentOrOptionalFragment: Bool {
        Wrapped.isFragmentOrOptionalFragment && Wrapped.nullElement == nil
    }

    @MainActor
    public static func linkValue(of target: Wrapped?) -> Value {
        guard let target else { return .null }
        return Wrapped.linkValue(of: target)
    }
}

extension Array: LinkTarget where Element: LinkTarget {
    /// Elements linking to records the store does not hold are dropped, and so are null or
    /// bubbled elements of a non-optional element type.
    @MainActor
    @inlinable
    public static func resolveLink(_ value: consuming Value, at site: LinkSite, in parent: RecordRef) throws(LensError)
        -> LinkResolution<[Element]>
    {
        switch consume value {
        case .null: return .null
        case .list(let elements):
            /// Resolves a run of elements; `complete` says every one resolved to a record.
            func resolve(_ run: ArraySlice<Value>) throws(LensError) -> (elements: [Element], complete: Bool) {
                var result: [Element] = []
                result.reserveCapacity(run.count)
                var complete = true
                for element in run {
                    if case .error(let error) = element {
                        throw .fieldError(error, field: site.responseKey, record: parent.record.key)
                    }
                    switch try Element.resolveLink(consume element, at: site, in: parent) {
                    case .value(let target): result.append(target)
                    case .null, .bubbled:
                        complete = false
                        if let null = Element.nullElement { result.append(null) }
                    case .deleted: complete = false
                    }
                }
                return (result, complete)
            }
            // A long list through the context's cache of lists' lenses, which asks for only the
            // elements it does not hold.
            guard elements.count >= ListLensCache.minimumCount else {
                return .value(try resolve(elements[...]).elements)
            }
            return .value(try parent.context.elements(of: elements, at: site, in: parent, resolving: resolve))
        case let other:
            throw other.mismatch("list", field: site.responseKey, record: parent.record.key)
        }
    }

    public static var nullElement: [Element]? { nil }
    public static var fragmentType: (any Fragment.Type)? { Element.fragmentType }
    public static var isFragmentOrOptionalFragment: Bool { false }

    @MainActor
    public static func linkValue(of target: [Element]) -> Value {
        var values: [Value] = []
        values.reserveCapacity(target.count)
        for element in target { values.append(Element.linkValue(of: element)) }
        return .list(values)
    }
}
