/// A fragment as a lens: a value over one record that exposes only the fragment's fields,
/// typed, through throwing dynamic members (`try row.name`, `try row.origin?.name`), and
/// the fragments it spreads through non-throwing ones (`row.characterRow`, see ``Spread``).
///
/// ```swift
/// struct CharacterRow: Fragment {
///     static let typeCondition = "Character"
///     struct Fields: FieldSet {
///         let name = Scalar<String>("name")
///         let status = Scalar<CharacterStatus>("status")
///         let image = Scalar<String?>("image")
///         let origin = Linked<LocationName?>("origin")
///         let episodes = Linked<[EpisodeRow]>("episode", alias: "episodes")
///     }
///     static let fields = Fields()
///     let ref: RecordRef
/// }
/// ```
///
/// Reads are synchronous, on the main actor, and each registers with Observation for
/// exactly that field of that record, so a view body reading a lens re-runs when a field it
/// read changes and at no other time. Reads throw ``LensError``: a field the store lacks
/// (``LensError/missing(field:record:)``, distinct from a null, which an optional reads as
/// nil), a field error stored in the record, a value that does not convert.
@MainActor
@dynamicMemberLookup
public protocol Fragment: LinkTarget {
    associatedtype Fields: FieldSet
    /// The type the fragment is on (`on Character`).
    static var typeCondition: String { get }
    static var fields: Fields { get }
    /// Relay's `@throwOnFieldError`: a field error in any of the fragment's fields makes
    /// reading the fragment through its link throw.
    static var throwsOnFieldError: Bool { get }
    var ref: RecordRef { get }
    init(ref: RecordRef)
}

extension Fragment {
    public static var throwsOnFieldError: Bool { false }
    nonisolated public static var nullElement: Self? { nil }
    nonisolated public static var fragmentType: (any Fragment.Type)? { Self.self }
    nonisolated public static var isFragmentOrOptionalFragment: Bool { true }

    /// The record's key.
    public var key: RecordKey { ref.record.key }

    public static func linkValue(of target: Self) -> Value { .link(target.key) }

    /// The ID an edge directive's `connections:` names this lens's record by: the lens of a
    /// `@connection` field reads the connection record, so `notes.connectionID` is what
    /// `@appendNode(connections: $connections)` takes to add a node to those pages. It is the
    /// record's key as text (``key``'s `rawValue`), stable across launches over one image.
    public var connectionID: String { ref.record.key.rawValue }

    @inlinable
    public subscript<T: ScalarValue>(dynamicMember keyPath: KeyPath<Fields, Scalar<T>>) -> T {
        get throws(LensError) { try Self.fields[keyPath: keyPath].read(from: ref) }
    }

    @inlinable
    public subscript<T: LinkTarget>(dynamicMember keyPath: KeyPath<Fields, Linked<T>>) -> T {
        get throws(LensError) { try Self.fields[keyPath: keyPath].read(from: ref) }
    }

    @inlinable
    public subscript<T: ScalarValue>(dynamicMember keyPath: KeyPath<Fields, Caught<T>>) -> Result<T, FieldError> {
        get throws(LensError) { try Self.fields[keyPath: keyPath].read(from: ref) }
    }

    /// The spread fragment's lens over the same record.
    @inlinable
    public subscript<L: Fragment>(dynamicMember keyPath: KeyPath<Fields, Spread<L>>) -> L {
        L(ref: ref)
    }

    /// The narrower lens over the same record when the record is of one of its types; nil otherwise.
    @inlinable
    public subscript<L: Fragment>(dynamicMember keyPath: KeyPath<Fields, Narrow<L>>) -> L? {
        guard let typename = ref.record.typename, Self.fields[keyPath: keyPath].types.contains(typename) else {
            return nil
        }
        return L(ref: ref)
    }

    /// Makes the lens over the linked record, applying `@required` and
    /// `@throwOnFieldError` (reading those fields with tracking).
    @inlinable
    public static func resolveLink(_ value: consuming Value, at site: LinkSite, in parent: RecordRef)
        throws(LensError) -> LinkResolution<Self>
    {
        let key: RecordKey
        switch consume value {
        case .link(let linked): key = linked
        case .null: return .null
        case let other: throw other.mismatch("object", field: site.responseKey, record: parent.record.key)
        }
        guard let record = parent.context.store.record(key) else { return .deleted(key) }
        let traits = FragmentMetadata.traits(of: Self.self)
        let ref = RecordRef(
            record: record, selection: traits.needsSelection ? site.childSelection(in: parent) : nil,
            context: parent.context)
        if traits.hasRules, let bubbled = try traits.metadata.takeUnretainedValue().applyRules(to: ref) {
            return .bubbled(field: bubbled, record: key)
        }
        return .value(Self(ref: ref))
    }
}
