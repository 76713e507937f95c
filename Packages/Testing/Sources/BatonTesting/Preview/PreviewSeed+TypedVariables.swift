import BatonLens
import Foundation

/// The seed's steps under an operation's generated `Variables`
/// (`seed.payload(CharacterQuery.self, variables: .init(id: "1"), …)`), as a handle takes them.
extension PreviewSeed {
    /// `response(_:variables:body:)` under typed `variables`.
    public mutating func response<Op: TypedVariablesOperation>(
        _ operation: Op.Type, variables: Op.Variables, body: Data
    ) throws(PreviewSeedError) {
        try response(operation, variables: variables.variableValues, body: body)
    }

    /// `recorded(_:variables:from:)` under typed `variables`.
    public mutating func recorded<Op: TypedVariablesOperation>(
        _ operation: Op.Type, variables: Op.Variables, from recordings: RecordedTransport
    ) throws(PreviewSeedError) {
        try recorded(operation, variables: variables.variableValues, from: recordings)
    }

    /// `payload(_:variables:_:)` under typed `variables`.
    public mutating func payload<Op: PayloadOperation & TypedVariablesOperation>(
        _ operation: Op.Type, variables: Op.Variables, _ payload: Op.Payload
    ) throws(PreviewSeedError) {
        try self.payload(operation, variables: variables.variableValues, payload)
    }

    /// `data(_:variables:_:)` under typed `variables`.
    public mutating func data<Op: TypedVariablesOperation>(
        _ operation: Op.Type, variables: Op.Variables, _ data: JSONValue
    ) throws(PreviewSeedError) {
        try self.data(operation, variables: variables.variableValues, data)
    }
}
