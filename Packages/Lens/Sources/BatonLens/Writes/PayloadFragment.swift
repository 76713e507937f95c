/// A fragment with a typed payload: a value holding exactly the fields the fragment selects,
/// its spreads' fields merged in, typed as its lens reads them, and the fragment's
/// ``selection``, which ``StoreWrite/write(_:payload:at:)`` writes a payload into a record
/// through. The compiler makes every fragment one.
///
/// Its ``GraphQLInputValue/inputValue`` is the object, `__typename` included: what a
/// response holding those fields gives for the record.
///
/// A fragment written by hand conforms with a `Payload` of its own and its selection planned
/// from its text: `nonisolated static let selection = try! SelectionTemplate.fragment("NoteRow", in:
/// Document.parse("fragment NoteRow on Note { id text }"), normalization: …)`, under the
/// store's normalization so the fields are typed as the schema says.
public protocol PayloadFragment: Fragment {
    associatedtype Payload: GraphQLInputValue
    /// The fragment's selection planned alone, as a spread of it on its type condition
    /// (`SelectionTemplate.fragment(_:in:normalization:)`): its fields and its spreads' merged
    /// by response key, per concrete type on an interface or union. The compiler writes it
    /// as data. Nonisolated, as the operations' templates that name it are.
    nonisolated static var selection: SelectionTemplate { get }
}

/// A fragment marked `@updatable`: app code may set its own fields through
/// `StoreWrite.update(_:at:_:)` and `GraphQLEnvironment.update(_:at:_:)`. Only the fields the
/// fragment selects have setters, since a setter names its field by a key path into the
/// fragment's ``Fragment/Fields``; a field it does not select does not compile.
public protocol UpdatableFragment: Fragment {}
