/// The introspection query `baton-compile fetch-schema` sends: every type with its
/// descriptions, fields and enum values (deprecated ones too, with their reasons), arguments
/// and input fields with their defaults, interfaces, possible types, the directives, and the
/// root types; type references seven wrappers deep. It asks nothing a server of the October
/// 2021 specification lacks (no `specifiedByURL`, `isRepeatable` or argument deprecation),
/// so older servers answer it too.
///
/// A constant: safe on any thread.
public enum IntrospectionQuery {
    /// The operation's name, sent as `operationName`.
    public static let operationName = "IntrospectionQuery"

    /// The document.
    public static let text = """
        query IntrospectionQuery {
          __schema {
            queryType { name }
            mutationType { name }
            subscriptionType { name }
            types { ...FullType }
            directives { name description locations args { ...InputValue } }
          }
        }
        fragment FullType on __Type {
          kind
          name
          description
          fields(includeDeprecated: true) {
            name
            description
            args { ...InputValue }
            type { ...TypeRef }
            isDeprecated
            deprecationReason
          }
          inputFields { ...InputValue }
          interfaces { ...TypeRef }
          enumValues(includeDeprecated: true) { name description isDeprecated deprecationReason }
          possibleTypes { ...TypeRef }
        }
        fragment InputValue on __InputValue { name description type { ...TypeRef } defaultValue }
        fragment TypeRef on __Type {
          kind
          name
          ofType {
            kind
            name
            ofType {
              kind
              name
              ofType { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name } } } } }
            }
          }
        }
        """
}
