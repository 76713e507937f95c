/// A value a variable, or a field of an input object, can hold: how it goes into a request.
/// Generated payloads (``PayloadOperation``, ``PayloadFragment``) are made of these too.
///
/// Conforming: `String`, `Int`, `Double`, `Bool`, `JSONValue`, every ``GraphQLEnum`` (its raw
/// value), generated input objects, and optionals (nil is `null`) and arrays of these. A
/// custom scalar a variable takes, or an operation or fragment selects (its payload holds it),
/// conforms in the app, beside its ``CustomScalar`` reading.
public protocol GraphQLInputValue {
    /// The value as the request's JSON holds it.
    var inputValue: JSONValue { get }
}

extension String: GraphQLInputValue {
    public var inputValue: JSONValue { .string(self) }
}

extension Int: GraphQLInputValue {
    public var inputValue: JSONValue { .int(self) }
}

extension Double: GraphQLInputValue {
    public var inputValue: JSONValue { .double(self) }
}

extension Bool: GraphQLInputValue {
    public var inputValue: JSONValue { .bool(self) }
}

extension JSONValue: GraphQLInputValue {
    public var inputValue: JSONValue { self }
}

extension Optional: GraphQLInputValue where Wrapped: GraphQLInputValue {
    // A closure, not a key path: a key path into a generic value is built on every call.
    public var inputValue: JSONValue {
        guard let self else { return .null }
        return self.inputValue
    }
}

extension Array: GraphQLInputValue where Element: GraphQLInputValue {
    public var inputValue: JSONValue { .array(map { $0.inputValue }) }
}

extension GraphQLEnum {
    public var inputValue: JSONValue { .string(rawValue) }
}
