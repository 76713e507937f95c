/// An operation with a typed payload: a value holding exactly the `data` fields the operation
/// selects, typed as its lenses read them, so a misspelt field or a value of the wrong type
/// does not compile. The compiler makes every operation one.
///
/// The payload is what app code writes into the store as if the server had answered it
/// (`StoreWrite.commit(_:variables:payload:)`), a mutation's optimistic response
/// (`MutationHandle.perform(variables:optimisticResponse:optimisticUpdate:update:)`, where the generated mutation
/// names it `OptimisticResponse` too), and a test's fixture. Its ``GraphQLInputValue/inputValue``
/// is the `data` object, `__typename`s included.
public protocol PayloadOperation: GraphQLOperation {
    associatedtype Payload: GraphQLInputValue
}
