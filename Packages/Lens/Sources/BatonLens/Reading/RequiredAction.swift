/// Relay's `@required(action:)` on a lens field: what a null in that field does to the
/// fragment holding it, when the fragment is read through a link. A field error counts as a
/// null here. A value: safe on any thread.
///
/// The descriptors' `required:` parameter is not optional (`.notRequired` by default), so
/// `required: .none` means Relay's NONE and never `Optional.none`.
public enum RequiredAction: Sendable, Hashable {
    /// Not `@required`: a null is the field's value.
    case notRequired
    /// The link to the fragment reads nil (dropped from a list).
    case none
    /// As ``none``, and the environment's log receives ``LensEvent/requiredFieldNull(fragment:field:)``.
    case log
    /// Reading the link throws ``LensError/requiredNull(field:record:)``.
    case `throw`
}
