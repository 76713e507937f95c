/// A field holding another object (or a list of them), read as another lens: a
/// ``Fragment``, or an optional or array of fragments (see ``LinkTarget``).
///
/// ```swift
/// let origin = Linked<LocationName?>("origin")
/// let episodes = Linked<[EpisodeRow]>("episode", alias: "episodes")
/// let character = Linked<CharacterDetail?>("character", arguments: true)   // character(id: $id)
/// ```
///
/// A link to a record the store no longer holds reads as ``LensError/missing(field:record:)``;
/// in a list, such elements are dropped. A `@connection` field declared with
/// `arguments: true` reads the connection record its pages merge into.
public struct Linked<T>: Sendable {
    /// ``address``, unretained (addresses are interned for the life of the process): a
    /// descriptor is plain words.
    @usableFromInline let unretainedAddress: Unmanaged<FieldAddress>

    public var address: FieldAddress { unretainedAddress.takeUnretainedValue() }
    public let required: RequiredAction?

    public init(
        _ name: String, alias: String? = nil, arguments: Bool = false, required: RequiredAction = .notRequired,
        conditional: Bool = false
    ) {
        self.unretainedAddress = FieldAddress.interned(
            name: name, alias: alias, arguments: arguments, conditional: conditional)
        self.required = required == .notRequired ? nil : required
    }

    /// The linked lens, read with tracking.
    @MainActor
    @inlinable
    public func read(from ref: RecordRef) throws(LensError) -> T where T: LinkTarget {
        // The address is used in place: taken out of its handle (`address`), it was retained
        // and released around the read.
        unowned(unsafe) let address = unretainedAddress.takeUnretainedValue()
        let (value, plan) = try address.value(in: ref)
        let site = LinkSite(plan: plan, address: unretainedAddress, findsPlanFieldByAddress: true)
        switch try T.resolveLink(consume value, at: site, in: ref) {
        case .value(let target): return target
        case .null: throw .unexpectedNull(field: site.responseKey, record: ref.record.key)
        case .deleted(let key): throw .missing(field: site.responseKey, record: key)
        case .bubbled(let field, let record): throw .requiredNull(field: field, record: record)
        }
    }
}

/// A descriptor when `T` is a ``LinkTarget`` (see ``Scalar``).
extension Linked: FieldDescriptor where T: LinkTarget {
    public var linkedFragment: (any Fragment.Type)? { T.fragmentType }
}
