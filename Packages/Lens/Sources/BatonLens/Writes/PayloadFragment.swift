/// A fragment with a typed payload: a value holding exactly the fields the fragment selects,
/// its spreads' fields merged in, typed as its lens reads them. The compiler makes every
/// fragment one.
///
/// Its ``GraphQLInputValue/inputValue`` is the object, `__typename` included: what a
/// response holding those fields gives for the record.
public protocol PayloadFragment: Fragment {
    associatedtype Payload: GraphQLInputValue
}

/// A fragment marked `@updatable`: app code may set its own fields through
/// `StoreWrite.update(_:at:_:)` and `GraphQLEnvironment.update(_:at:_:)`. Only the fields the
/// fragment selects have setters, since a setter names its field by a key path into the
/// fragment's ``Fragment/Fields``; a field it does not select does not compile.
public protocol UpdatableFragment: Fragment {}
