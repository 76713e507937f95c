/// Relay's `@catch`: a field whose field error is a value, not a throw. Reads
/// `Result<T, FieldError>`; a missing field or a value of the wrong kind still throws.
public struct Caught<T>: Sendable {
    /// ``address``, unretained (addresses are interned for the life of the process): a
    /// descriptor is plain words.
    @usableFromInline let unretainedAddress: Unmanaged<FieldAddress>

    public var address: FieldAddress { unretainedAddress.takeUnretainedValue() }

    public init(_ name: String, alias: String? = nil, arguments: Bool = false, conditional: Bool = false) {
        self.unretainedAddress = FieldAddress.interned(
            name: name, alias: alias, arguments: arguments, conditional: conditional)
    }

    public var required: RequiredAction? { nil }
    public var linkedFragment: (any Fragment.Type)? { nil }

    @MainActor
    @inlinable
    public func read(from ref: RecordRef) throws(LensError) -> Result<T, FieldError> where T: ScalarValue {
        do {
            let (value, _) = try address.value(in: ref)
            if let converted = T.converted(value) { return .success(converted) }
            return .success(try T.read(value, field: address.responseKey, record: ref.record.key))
        } catch {
            if case .fieldError(let fieldError, _, _) = error { return .failure(fieldError) }
            throw error
        }
    }
}

/// A descriptor when `T` is a ``ScalarValue`` (see ``Scalar``).
extension Caught: FieldDescriptor where T: ScalarValue {}
