/// A ``DocumentValidationError`` with the definitions it lies in, for a caller that assembled
/// the document from several texts (the compiler, from every file of a target) and reports
/// each error in the text its definition came from: a location alone does not say which.
///
/// A plain value: safe on any thread.
@_spi(Baton) public struct PlacedValidationError: Sendable, Hashable {
    public let error: DocumentValidationError
    /// The index in ``Document/definitions`` of the definition holding `error.location`.
    public let definition: Int
    /// For a duplicate name, the index of the definition holding `firstLocation`; nil otherwise.
    public let firstDefinition: Int?

    init(_ error: DocumentValidationError, in definition: Int, first firstDefinition: Int? = nil) {
        self.error = error
        self.definition = definition
        self.firstDefinition = firstDefinition
    }
}
