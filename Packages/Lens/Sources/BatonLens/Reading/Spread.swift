/// A fragment spread in a lens's ``FieldSet``: reads as the spread fragment's lens over the
/// same record (`row.characterRow.name`).
///
/// ```swift
/// let characterRow = Spread<CharacterRow>()
/// ```
///
/// As a descriptor it shows the runtime the spread lens, so checking an operation and
/// finding the selection of fields with arguments follow into it. Its address is
/// `__typename`, which the check skips. Immutable: safe on any thread.
public struct Spread<Lens>: Sendable {
    public var address: FieldAddress { FieldAddress.typename.takeUnretainedValue() }

    public init() {}

    public var required: RequiredAction? { nil }
}

/// A descriptor when `Lens` is a ``Fragment`` (see ``Scalar``).
extension Spread: FieldDescriptor where Lens: Fragment {
    public var linkedFragment: (any Fragment.Type)? { Lens.self }
}

/// A lens over the same record for some concrete types only (a fragment on a narrower type,
/// a case of an abstract type): reads as the lens when the record's `__typename` is one of
/// `types`, and as nil otherwise.
///
/// ```swift
/// let asCharacter = Narrow<AsCharacter>("Character")
/// ```
///
/// Immutable: safe on any thread.
public struct Narrow<Lens>: Sendable {
    public var address: FieldAddress { FieldAddress.typename.takeUnretainedValue() }
    /// The concrete types the lens applies to.
    public let types: Set<String>

    public init(_ types: String...) {
        self.types = Set(types)
    }

    public var required: RequiredAction? { nil }
}

/// A descriptor when `Lens` is a ``Fragment`` (see ``Scalar``).
extension Narrow: FieldDescriptor where Lens: Fragment {
    public var linkedFragment: (any Fragment.Type)? { Lens.self }
}
