/// The directives Baton's runtime reads that a server's schema does not declare: Relay's
/// connection, edge and record directives, `@required`, `@catch`, `@throwOnFieldError`,
/// `@semanticNonNull`, `@defer`, `@updatable`, `@cacheExpiration`, `@refetchable`, and the page
/// lists' `@pageList` and `@offsetList`. Each definition is added to a schema that
/// lacks it, so documents using them validate like any other directive.
enum ClientDirectives {
    /// Each directive's definition (and the enum its arguments need), by name.
    static let definitions: [(name: String, sdl: String)] = [
        ("connection", "directive @connection(key: String!, filters: [String!]) on FIELD"),
        ("appendEdge", "directive @appendEdge(connections: [ID!]!) on FIELD"),
        ("prependEdge", "directive @prependEdge(connections: [ID!]!) on FIELD"),
        ("appendNode", "directive @appendNode(connections: [ID!]!, edgeTypeName: String!) on FIELD"),
        ("prependNode", "directive @prependNode(connections: [ID!]!, edgeTypeName: String!) on FIELD"),
        ("deleteEdge", "directive @deleteEdge(connections: [ID!]!) on FIELD"),
        ("deleteRecord", "directive @deleteRecord(typeName: String) on FIELD"),
        ("required", "directive @required(action: RequiredFieldAction!) on FIELD"),
        ("catch", "directive @catch on FIELD"),
        ("throwOnFieldError", "directive @throwOnFieldError on QUERY | MUTATION | SUBSCRIPTION | FRAGMENT_DEFINITION"),
        ("semanticNonNull", "directive @semanticNonNull(levels: [Int] = [0]) on FIELD_DEFINITION"),
        ("defer", "directive @defer(label: String, if: Boolean! = true) on FRAGMENT_SPREAD | INLINE_FRAGMENT"),
        ("updatable", "directive @updatable on FRAGMENT_DEFINITION"),
        ("cacheExpiration", "directive @cacheExpiration(seconds: Int!) on QUERY"),
        ("refetchable", "directive @refetchable(queryName: String!) on FRAGMENT_DEFINITION"),
        ("pageList", "directive @pageList(argument: String!, items: String!, next: String) on FIELD"),
        ("offsetList", "directive @offsetList(argument: String!, items: String!) on FIELD"),
    ]

    /// The enum `@required(action:)` takes.
    static let requiredActionEnum = "enum RequiredFieldAction { NONE LOG THROW }"
}
