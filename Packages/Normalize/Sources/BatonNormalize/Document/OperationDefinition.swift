/// A query, mutation or subscription, named or anonymous.
///
/// A plain value: safe on any thread.
public struct OperationDefinition: Sendable, Hashable {
    public var kind: OperationKind
    public var name: String?
    public var variableDefinitions: [VariableDefinition]
    public var directives: [Directive]
    public var selectionSet: [Selection]
    public var location: SourceLocation

    public init(
        kind: OperationKind, name: String? = nil, variableDefinitions: [VariableDefinition] = [],
        directives: [Directive] = [], selectionSet: [Selection], location: SourceLocation
    ) {
        self.kind = kind
        self.name = name
        self.variableDefinitions = variableDefinitions
        self.directives = directives
        self.selectionSet = selectionSet
        self.location = location
    }

    /// The definition of the variable named `name`, if the operation declares it.
    public func variable(_ name: String) -> VariableDefinition? {
        variableDefinitions.first { $0.name == name }
    }
}
