/// A mutation whose optimistic response is a typed value: `MutationHandle.perform` takes its
/// ``OptimisticResponse`` (`EditNoteMutation.OptimisticResponse(editNote: .init(id: "note-1",
/// text: "Pickle Rick"))`) besides the `JSONValue` form. The compiler makes every mutation one.
///
/// The generated value holds exactly the fields the mutation selects, typed as its lenses read
/// them, so a misspelt field or a value of the wrong type does not compile; its
/// `inputValue` is the `data` the store's optimistic layer applies.
public protocol OptimisticResponseOperation: GraphQLOperation {
    associatedtype OptimisticResponse: GraphQLInputValue
}
