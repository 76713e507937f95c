extension FieldPlan {
    /// How this field pages `direction`: its connection and the variables that take the page
    /// size and the cursor. Throws why it cannot: it is no `@connection` field, its arguments
    /// for that direction are not both variables, or it does not select the page info that
    /// direction reads. The one rule ``QueryHandle`` and ``RefetchHandle`` page by.
    func paging(_ direction: ConnectionPaging.Direction, operation: String) throws(PaginationError) -> (
        connection: ConnectionPlan, variables: ConnectionPaging.Variables
    ) {
        guard let connection, let variables = connection.paging[direction] else {
            throw .notPageable(
                operation: operation, field: responseKey, key: connection?.key ?? "", direction: direction)
        }
        guard selectsPageInfo(direction) else {
            throw .noPageInfo(operation: operation, field: responseKey, key: connection.key, direction: direction)
        }
        return (connection, variables)
    }

    /// Whether this `@connection` field selects the page info paging `direction` reads:
    /// `pageInfo` (unaliased) with `hasNextPage` and `endCursor` forward, or
    /// `hasPreviousPage` and `startCursor` backward, in the selection every type answers.
    func selectsPageInfo(_ direction: ConnectionPaging.Direction) -> Bool {
        guard
            let pageInfo = selection?.common.fields.first(where: {
                $0.name == "pageInfo" && $0.responseKey == "pageInfo"
            }),
            let fields = pageInfo.selection?.common.fields
        else { return false }
        let (flag, cursor) = direction.pageInfoFields
        return fields.contains { $0.name == flag && $0.responseKey == flag }
            && fields.contains { $0.name == cursor && $0.responseKey == cursor }
    }
}
