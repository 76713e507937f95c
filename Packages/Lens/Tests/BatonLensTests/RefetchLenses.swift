import Foundation
import BatonLens

/// The fragment's text, which its refetch query and the screens spread.
let characterNotesDocument = """
    fragment CharacterNotes on Character @refetchable(queryName: "CharacterNotesRefetchQuery") {
      id
      name
      notes(first: $count, after: $cursor) @connection(key: "CharacterNotes_notes") {
        totalCount
        edges { node { id text __typename } cursor }
        pageInfo { endCursor hasNextPage }
      }
    }
    """

/// A character's name and notes as a `@refetchable` fragment, written as `baton-compile`
/// writes it: the lens, its refetch query through `character(id:)`, and the conformance.
struct CharacterNotes: RefetchableFragment {
    static let typeCondition = "Character"
    struct Fields: FieldSet {
        let name = Scalar<String>("name")
        let notes = Linked<NotesQuery.Notes>("notes", arguments: true)
    }
    static let fields = Fields()
    let ref: RecordRef

    typealias RefetchQuery = CharacterNotesRefetchQuery
    static let refetchTarget = RefetchTarget.lookup(
        field: "character", arguments: [.init(argument: "id", keyField: "id")])
}

enum CharacterNotesRefetchQuery: GraphQLOperation {
    static let document =
        "query CharacterNotesRefetchQuery($id: ID!, $count: Int, $cursor: String) { character(id: $id) { ...CharacterNotes } }\n"
        + characterNotesDocument
    struct Data: Fragment {
        static let typeCondition = "Query"
        struct Fields: FieldSet { let character = Linked<CharacterNotes?>("character", arguments: true) }
        static let fields = Fields()
        let ref: RecordRef
    }
}

/// A screen with one character's notes.
enum NotesScreenQuery: GraphQLOperation {
    static let document =
        "query NotesScreen($id: ID!, $count: Int, $cursor: String) { character(id: $id) { ...CharacterNotes } }\n"
        + characterNotesDocument
    typealias Data = CharacterNotesRefetchQuery.Data
}

/// A screen with two characters' notes: two lists paged on their own.
enum TwoListsQuery: GraphQLOperation {
    static let document =
        "query TwoLists($a: ID!, $b: ID!, $count: Int, $cursor: String) { a: character(id: $a) { ...CharacterNotes } b: character(id: $b) { ...CharacterNotes } }\n"
        + characterNotesDocument
    struct Data: Fragment {
        static let typeCondition = "Query"
        struct Fields: FieldSet {
            let a = Linked<CharacterNotes?>("character", alias: "a", arguments: true)
            let b = Linked<CharacterNotes?>("character", alias: "b", arguments: true)
        }
        static let fields = Fields()
        let ref: RecordRef
    }

    static let mortyFirstPage = """
        {"id":"2","name":"Morty Smith","notes":{"totalCount":2,"edges":[\
        {"cursor":"m1","node":{"__typename":"Note","id":"n10","text":"Aw geez"}}],\
        "pageInfo":{"endCursor":"m1","hasNextPage":true}}}
        """
    static let mortySecondPage = Foundation.Data(
        """
        {"data":{"character":{"id":"2","name":"Morty Smith","notes":{"totalCount":2,"edges":[\
        {"cursor":"m2","node":{"__typename":"Note","id":"n11","text":"Oh man"}}],\
        "pageInfo":{"endCursor":"m2","hasNextPage":false}}}}}
        """.utf8)
    static let response: String = {
        let rick = String(decoding: NotesQuery.firstPage, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let character = rick.range(of: #"{"data":{"character":"#)!
        let rickObject = String(rick[character.upperBound...].dropLast(2))
        return #"{"data":{"a":"# + rickObject + #","b":"# + mortyFirstPage + "}}"
    }()
}
