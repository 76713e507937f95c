extension FieldPlan {
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
