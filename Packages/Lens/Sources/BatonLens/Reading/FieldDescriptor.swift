/// What every descriptor in a ``FieldSet`` offers the runtime: where the field lives, what
/// `@required` says, and the fragment a link reads as. Found by reflection once per
/// fragment type, to check operations and to apply `@required` and `@throwOnFieldError`.
public protocol FieldDescriptor: Sendable {
    var address: FieldAddress { get }
    /// The `@required` action, if any.
    var required: RequiredAction? { get }
    /// The fragment a link reads as; nil for a scalar.
    var linkedFragment: (any Fragment.Type)? { get }
}
