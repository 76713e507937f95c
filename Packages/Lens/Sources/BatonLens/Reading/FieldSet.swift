/// A fragment's fields: a struct of ``Scalar``, ``Linked`` and ``Caught`` descriptors, one
/// property per field the fragment selects. Descriptors are immutable and hold their
/// interned slots, so building the set once (`static let fields = Fields()`) is all it costs.
public protocol FieldSet: Sendable {}
