import BatonNormalize

/// Why a ``MockBuilder`` made no mock. Each case names what to fix.
public enum MockError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The normalization has no schema, so nullability and enum values are unknown: pass the
    /// generated `selectedSchema` (or any SDL) to ``MockBuilder/init(schema:normalization:options:)``.
    case noSchema
    /// The schema's SDL does not parse.
    case unreadableSchema(GraphQLSyntaxError)
    /// The operation or fragment cannot be planned (a missing non-null variable, say).
    case invalidOperation(PlanError, operation: String)
    /// ``MockOptions/concreteTypes`` chose `type` for the abstract type `abstract`, which it
    /// cannot stand in (or `abstract` is no interface or union); `possible` lists those that can.
    case impossibleConcreteType(String, abstract: String, possible: [String])
    /// An abstract position of type `abstract` has no possible type to fill it with, at `path`.
    case noConcreteType(abstract: String, path: String)
    /// The schema does not define the field the plan selects on `type`, at `path`: the SDL given
    /// is not the one the operation was compiled against.
    case unknownField(String, type: String, path: String)
    /// The real ingest refused the mock, as it would refuse a server's response holding it:
    /// a value the test set breaks the schema (a null in a non-null field, an undeclared enum
    /// value, an impossible `__typename`) or the plan (a member it does not select).
    case rejected(IngestError, operation: String)

    public var description: String {
        switch self {
        case .noSchema:
            "the normalization has no schema: give the mock builder the schema's SDL (the generated selectedSchema)"
        case .unreadableSchema(let error):
            "the schema does not parse: \(error)"
        case .invalidOperation(let error, let operation):
            "\(operation) cannot be planned: \(error)"
        case .impossibleConcreteType(let type, let abstract, let possible):
            "\(type) cannot stand where \(abstract) is; possible types: \(possible.joined(separator: ", "))"
        case .noConcreteType(let abstract, let path):
            "\(abstract) at \(path) has no possible type to mock"
        case .unknownField(let field, let type, let path):
            "the schema defines no field \(field) on \(type) (at \(path)): is it the schema the documents were compiled against?"
        case .rejected(let error, let operation):
            "the ingest refused the mock of \(operation): \(error)"
        }
    }
}
