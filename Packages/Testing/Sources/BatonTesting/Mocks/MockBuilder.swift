import BatonLens
import BatonNormalize
import BatonRecords

/// Makes whole, deterministic server responses for an operation or a fragment from the part
/// a test sets: the operation's typed `Payload` (or its JSON), every field the test leaves
/// unset filled from the operation's plan and the schema, then the result walked through the
/// real ingest, so a mock can never hold what a server could not send.
///
/// What an unset field gets (the same every time for the same input):
/// - a non-null scalar: `"<Type.field>"` for a `String` or a custom scalar
///   (``MockOptions/scalars`` overrides), `"<Type.field.N>"` for an `ID` or a key field (N
///   counts that type's generated keys from 1, so each object is its own record), `42` for an
///   `Int`, `4.2` for a `Float`, `false` for a `Boolean`, the first declared value for an enum;
/// - a non-null object: the object, filled in turn; at an interface or union, of the type
///   ``MockOptions/concreteTypes`` chooses, or the first possible type by name;
/// - a non-null list: `[]`, or one filled element (``MockOptions/listLength``);
/// - a nullable field: `null`, unless ``MockOptions/fillsNullableFields`` is on.
///
/// What the test sets is kept as it is, in the plan's member order; an object it sets is
/// filled inside. The builder works from what the compiler emits (the operation's template,
/// the fragment's selection) and the schema's SDL the compiler writes beside them
/// (`BatonSchema.selectedSchema`), so the app's module needs no code of its own for mocks.
///
/// A value: build one per schema and share it; any thread.
public struct MockBuilder: Sendable {
    /// The normalization the mocks are planned and checked under: the store's, with the schema.
    public let normalization: Normalization
    public var options: MockOptions

    /// A builder over `normalization`, which must hold the schema.
    ///
    /// - Throws: ``MockError/noSchema`` when it holds none.
    public init(normalization: Normalization, options: MockOptions = MockOptions()) throws(MockError) {
        guard normalization.schema != nil else { throw .noSchema }
        self.normalization = normalization
        self.options = options
    }

    /// A builder over the schema `sdl` (the generated `BatonSchema.selectedSchema`, or the
    /// whole schema's text) with `normalization`'s possible types and cache keys (the
    /// generated `BatonSchema.normalization`).
    ///
    /// - Throws: ``MockError/unreadableSchema(_:)`` when the SDL does not parse.
    public init(
        schema sdl: String, normalization: Normalization = Normalization(), options: MockOptions = MockOptions()
    ) throws(MockError) {
        let schema: GraphQLSchema
        do {
            schema = try GraphQLSchema.parse(sdl: sdl)
        } catch {
            throw .unreadableSchema(error)
        }
        self.normalization = Normalization(
            schema: schema, possibleTypes: normalization.possibleTypes, cacheKeys: normalization.cacheKeys)
        self.options = options
    }

    // MARK: Operations

    /// The `data` of `operation` under `variables`: `payload`'s fields as set, the rest filled.
    /// Without a payload, everything is filled.
    ///
    /// - Throws: ``MockError``: the operation does not plan, an option names an impossible
    ///   type, or the ingest refuses the result.
    public func data<Op: PayloadOperation>(
        _ operation: Op.Type, variables: [String: JSONValue] = [:], payload: Op.Payload? = nil
    ) throws(MockError) -> JSONValue {
        try data(operation, variables: variables, partial: payload?.inputValue ?? .object([]))
    }

    /// The `data` of `operation` under its typed `variables`, as ``data(_:variables:payload:)-(_,[String:JSONValue],_)`` makes it.
    public func data<Op: PayloadOperation & TypedVariablesOperation>(
        _ operation: Op.Type, variables: Op.Variables, payload: Op.Payload? = nil
    ) throws(MockError) -> JSONValue {
        try data(operation, variables: variables.variableValues, partial: payload?.inputValue ?? .object([]))
    }

    /// The bytes of a whole response, `{"data":…}`, holding ``data(_:variables:payload:)-(_,[String:JSONValue],_)``:
    /// for a `RecordedTransport`'s file, a scripted answer, or `Ingest.ingest(_:plan:after:)`.
    public func response<Op: PayloadOperation>(
        _ operation: Op.Type, variables: [String: JSONValue] = [:], payload: Op.Payload? = nil
    ) throws(MockError) -> [UInt8] {
        Self.response(try data(operation, variables: variables, payload: payload))
    }

    /// The bytes of a whole response under typed `variables`.
    public func response<Op: PayloadOperation & TypedVariablesOperation>(
        _ operation: Op.Type, variables: Op.Variables, payload: Op.Payload? = nil
    ) throws(MockError) -> [UInt8] {
        Self.response(try data(operation, variables: variables, payload: payload))
    }

    /// The `data` of any operation (one written by hand, with no typed payload) from
    /// `partial`, its `data` as far as the test sets it: a member the operation does not
    /// select is kept, and the ingest refuses it.
    public func data<Op: GraphQLOperation>(
        _ operation: Op.Type, variables: [String: JSONValue] = [:], partial: JSONValue
    ) throws(MockError) -> JSONValue {
        let name = Op.operationName ?? String(describing: operation)
        let plan: OperationPlan
        do {
            let template: OperationTemplate
            if let emitted = Op.template {
                template = emitted
            } else {
                template = try OperationTemplate(
                    Op.document, operationName: Op.operationName, normalization: normalization)
            }
            plan = try OperationPlan(template: template, variables: variables, normalization: normalization)
        } catch {
            throw .invalidOperation(error, operation: name)
        }
        var fill = try MockFill(normalization: normalization, options: options)
        let data = try fill.object(partial.members, plan.root, position: plan.rootTypename)
        do {
            _ = try Self.check.ingest(data: data, plan: plan)
        } catch {
            throw .rejected(error, operation: plan.name ?? name)
        }
        return data
    }

    // MARK: Fragments

    /// One object `fragment` reads: `payload`'s fields as set (its case choosing the type at
    /// an interface or union), the rest filled; what `StoreWrite.write(_:payload:at:)` and a
    /// response holding the fragment's fields would carry. Checked by ingesting it into a
    /// record the fragment's plan names.
    public func data<F: PayloadFragment>(_ fragment: F.Type, payload: F.Payload? = nil) throws(MockError)
        -> JSONValue
    {
        let name = String(describing: fragment)
        let plan: FragmentPlan
        do {
            plan = try FragmentPlan(name, template: F.selection, normalization: normalization)
        } catch {
            throw .invalidOperation(error, operation: name)
        }
        var fill = try MockFill(normalization: normalization, options: options)
        let object = try fill.object(
            payload?.inputValue.members, plan.selection, position: plan.selection.staticType ?? "")
        do {
            _ = try Self.check.ingest(object: object, into: RecordKey("client:mock:\(name)"), plan: plan)
        } catch {
            throw .rejected(error, operation: name)
        }
        return object
    }

    // MARK: Shared

    /// The ingest a mock must pass: a server's whole response, refusing what the plan does not
    /// select and checked against the schema.
    static let check = Ingest(completeness: .complete, rejectsUnselectedKeys: true, checksSchema: true)

    static func response(_ data: JSONValue) -> [UInt8] {
        JSONValue.object([("data", data)]).jsonBytes()
    }
}

extension JSONValue {
    /// An object's members; nil for anything else.
    var members: [(String, JSONValue)]? {
        guard case .object(let members) = self else { return nil }
        return members
    }
}
