import BatonLens

/* graphql
query SearchQuery($name: String!) {
  search(name: $name) {
    __typename
    ... on Character { name }
    ... on Episode { name air_date }
  }
}
*/

/// Reads the generated lenses: the compiler's output is in this module.
@MainActor
func describe(_ result: SearchQuery.Search) -> String {
    switch result.on {
    case .character(let character): (try? character.name) ?? "?"
    case .episode(let episode): (try? episode.name ?? "") ?? "?"
    case .other: "?"
    }
}

@MainActor
func row(_ data: CharacterQuery.Data) throws -> String? {
    guard let character = try data.character else { return nil }
    let status: Status? = try character.characterRow.status
    return "\(try character.characterRow.name) \(status?.rawValue ?? "")"
}
