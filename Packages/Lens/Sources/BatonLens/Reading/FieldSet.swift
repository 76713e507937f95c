/// A fragment's fields: a struct of ``Scalar``, ``Linked`` and ``Caught`` descriptors, one
/// property per field the fragment selects. Descriptors are immutable and hold their
/// interned slots, so building the set once (`static let fields = Fields()`) is all it costs.
public protocol FieldSet: Sendable {
    /// The set's descriptors (its fields, spreads and type cases), in the order they are
    /// declared. A set written by hand can leave it out: it is then read by reflection, once
    /// per fragment type. The compiler plugin writes it out, since reflection was most of
    /// what a new process's first plan of a screen cost: each field's type is looked up by its
    /// mangled name and cast to a descriptor, and each lookup's first time for a type scans
    /// every conformance record of the process. A set written by hand that reads a field named
    /// `descriptors` names its property otherwise (`let descriptors_ = Scalar<String>("descriptors")`).
    var descriptors: [any FieldDescriptor] { get }
}

extension FieldSet {
    public var descriptors: [any FieldDescriptor] {
        Mirror(reflecting: self).children.compactMap { $0.value as? any FieldDescriptor }
    }
}
