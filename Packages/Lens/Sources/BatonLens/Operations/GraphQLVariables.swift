/// An operation's variables as one typed value: what a generated operation's `Variables`
/// struct is, with a property per variable.
public protocol GraphQLVariables {
    /// The variables as the request sends them. A generated struct leaves out a nil optional
    /// (the variable is absent, so its default in the document applies).
    var variableValues: [String: JSONValue] { get }
}

/// An operation whose variables are typed: every handle that takes variables also takes its
/// ``Variables`` (`QueryHandle(CharacterQuery.self, variables: .init(id: "1"))`). The
/// compiler makes every operation with variables one.
public protocol TypedVariablesOperation: GraphQLOperation {
    associatedtype Variables: GraphQLVariables
}
