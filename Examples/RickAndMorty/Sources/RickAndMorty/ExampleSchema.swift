import BatonLens

/// The schema of the local test server (`Tools/TestServer/schema.graphql`), as an app ships
/// the schema it was built against. Its digest versions the image: another schema starts a
/// new file.
enum ExampleSchema {
    static let sdl = #"""
# The test server's schema: the Rick and Morty API as Baton's spec transcribes it
# (data/schema.graphql of baton-spec), plus a notes feature (a Relay connection, two
# mutations and a subscription) and the @defer directive for incremental delivery.

directive @defer(label: String, if: Boolean! = true) on FRAGMENT_SPREAD | INLINE_FRAGMENT

type Query {
  character(id: ID!): Character
  characters(page: Int, filter: FilterCharacter): Characters
  charactersByIds(ids: [ID!]!): [Character]
  location(id: ID!): Location
  locations(page: Int, filter: FilterLocation): Locations
  locationsByIds(ids: [ID!]!): [Location]
  episode(id: ID!): Episode
  episodes(page: Int, filter: FilterEpisode): Episodes
  episodesByIds(ids: [ID!]!): [Episode]
  note(id: ID!): Note
}

type Mutation {
  addNote(characterId: ID!, text: String!): Note
  editNote(id: ID!, text: String!): Note
}

type Subscription {
  noteAdded(characterId: ID!): Note
}

type Character {
  id: ID
  name: String
  status: String
  species: String
  type: String
  gender: String
  origin: Location
  location: Location
  image: String
  episode: [Episode]!
  created: String
  notes(first: Int, after: String): NoteConnection!
}

type Note {
  id: ID!
  text: String!
  character: Character
}

type NoteConnection {
  edges: [NoteEdge!]!
  pageInfo: PageInfo!
}

type NoteEdge {
  cursor: String!
  node: Note!
}

type PageInfo {
  endCursor: String
  hasNextPage: Boolean!
}

type Location {
  id: ID
  name: String
  type: String
  dimension: String
  residents: [Character]!
  created: String
}

type Episode {
  id: ID
  name: String
  air_date: String
  episode: String
  characters: [Character]!
  created: String
}

type Characters {
  info: Info
  results: [Character]
}

type Locations {
  info: Info
  results: [Location]
}

type Episodes {
  info: Info
  results: [Episode]
}

type Info {
  count: Int
  pages: Int
  next: Int
  prev: Int
}

input FilterCharacter {
  name: String
  status: String
  species: String
  type: String
  gender: String
}

input FilterLocation {
  name: String
  type: String
  dimension: String
}

input FilterEpisode {
  name: String
  episode: String
}
"""#

    /// The normalization every store of the app uses.
    static let normalization: Normalization = {
        do {
            return Normalization(schema: try Schema.parse(sdl: sdl))
        } catch {
            fatalError("the bundled schema does not parse: \(error)")
        }
    }()

    /// The image version: a digest of the schema text (FNV-1a, 64 bits).
    static let version: String = {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in sdl.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01b3
        }
        return "rick-and-morty-" + String(hash, radix: 16)
    }()
}
