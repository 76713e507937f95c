/// A leaf field of a fragment, read as `T` (see ``ScalarValue``).
///
/// ```swift
/// let name = Scalar<String>("name")
/// let avatar = Scalar<String?>("image", alias: "avatar")
/// let noteCount = Scalar<Int>("count", arguments: true)   // storage key through the plan
/// let title = Scalar<String>("title", required: .none)     // @required(action: NONE)
/// ```
public struct Scalar<T>: Sendable {
    public let required: RequiredAction?
    /// ``address``, unretained (addresses are interned for the life of the process).
    @usableFromInline let unretainedAddress: Unmanaged<FieldAddress>
    /// The address's static field, unretained (interned fields live as long as the
    /// process, `NameTable`): with `unretainedAddress`, a descriptor is plain words, so a
    /// lens read from a `static let` of descriptors copies no reference.
    @usableFromInline let staticField: Unmanaged<FieldSlot>?

    public var address: FieldAddress { unretainedAddress.takeUnretainedValue() }

    /// - Parameters:
    ///   - name: the schema field's name.
    ///   - alias: the response key when the document aliases the field.
    ///   - arguments: whether the field takes arguments: its storage key then comes from the
    ///     plan the lens was made from (found by response key).
    ///   - required: Relay's `@required(action:)`.
    ///   - conditional: whether a response may leave the field out (`@include`, `@skip`,
    ///     `@defer`); a record without it reads as null (declare `T` optional).
    public init(
        _ name: String, alias: String? = nil, arguments: Bool = false, required: RequiredAction = .notRequired,
        conditional: Bool = false
    ) {
        self.unretainedAddress = FieldAddress.interned(
            name: name, alias: alias, arguments: arguments, conditional: conditional)
        self.required = required == .notRequired ? nil : required
        self.staticField = unretainedAddress.takeUnretainedValue().staticField.map(Unmanaged.passUnretained)
    }

    public var linkedFragment: (any Fragment.Type)? { nil }

    /// The field's value in `ref`, read with tracking.
    @MainActor
    @inlinable
    public func read(from ref: RecordRef) throws(LensError) -> T where T: ScalarValue {
        // A field without arguments that the record holds, in a value that converts
        // (`ScalarValue.converted`): one tracked read of its slot, inlined into the lens,
        // naming nothing. Anything else goes through `readNaming(from:)`.
        if let field = staticField, let value = ref.record[field], let converted = T.converted(value) {
            return converted
        }
        return try readNaming(from: ref)
    }

    /// The read that may throw, and so names the field and its record: a static field's value
    /// that does not convert, or any field through its address. Outlined, so a lens read
    /// inlines only the read that converts.
    @MainActor
    @usableFromInline @inline(never)
    func readNaming(from ref: RecordRef) throws(LensError) -> T where T: ScalarValue {
        if let field = staticField, let value = ref.record[untracked: field.takeUnretainedValue().slot] {
            if case .error = value {
            } else {
                return try T.read(value, field: Self.responseKey(unretainedAddress), record: ref.record.key)
            }
        }
        let (value, _) = try address.value(in: ref)
        if let converted = T.converted(value) { return converted }
        return try T.read(value, field: address.responseKey, record: ref.record.key)
    }

    /// The response key of an address held unretained.
    /// Nonisolated: a main-actor closure checks its executor at each call.
    @inlinable
    nonisolated static func responseKey(_ address: Unmanaged<FieldAddress>) -> String {
        address._withUnsafeGuaranteedRef { $0.responseKey }
    }
}

/// A descriptor when `T` is a ``ScalarValue``. The type itself constrains nothing, so the
/// runtime makes the metadata of a descriptor of a concrete type (`Scalar<String?>`) without
/// checking a requirement, where each check's first time for a type scans every conformance
/// record of the process (see `FieldSet.descriptors`); the compiler hands it the conformance's
/// witnesses instead. The same holds for ``Linked``, ``Caught``, ``Spread`` and ``Narrow``.
extension Scalar: FieldDescriptor where T: ScalarValue {}
