import Testing
import BatonCompiler

/// The variables that page a `@connection`: what the compiler writes into the template, and
/// the documents it refuses because `loadNext`/`loadPrevious` could not page them.
struct ConnectionPagingTests {
    @Test func theTemplateNamesTheVariablesOfFirstAfterLastAndBefore() {
        let output = SpecSchema.compile(
            """
            query CharacterDetail($id: ID!, $first: Int, $after: String, $last: Int, $before: String) {
              character(id: $id) {
                notes(first: $first, after: $after, last: $last, before: $before) @connection(key: "CharacterDetail_notes") {
                  edges { cursor node { id } }
                  pageInfo { startCursor endCursor hasNextPage hasPreviousPage }
                }
              }
            }
            """)
        #expect(output.errors.isEmpty, "\(output.errors)")
        #expect(
            output.swift.contains(
                #"ConnectionTemplate(key: "CharacterDetail_notes", paging: ConnectionPaging(forward: .init(count: "first", cursor: "after"), backward: .init(count: "last", cursor: "before")))"#
            ))
    }

    @Test func aConnectionsPageInfoMayComeThroughAFragment() {
        let output = SpecSchema.compile(
            """
            query Paged($id: ID!, $count: Int, $cursor: String) {
              character(id: $id) {
                notes(first: $count, after: $cursor) @connection(key: "Paged_notes") { edges { cursor } ...Info }
              }
            }
            fragment Info on NoteConnection { ... on NoteConnection { pageInfo { ...Next } } }
            fragment Next on PageInfo { hasNextPage endCursor }
            """)
        #expect(output.errors.isEmpty, "\(output.errors)")
    }

    @Test func aConnectionWithALiteralPageSizeAndNoCursorCompilesUnpaged() {
        let output = SpecSchema.compile(
            """
            query Fixed($id: ID!) { character(id: $id) { notes(first: 2) @connection(key: "Fixed_notes") { edges { cursor } } } }
            """)
        #expect(output.errors.isEmpty, "\(output.errors)")
        #expect(output.swift.contains(#"ConnectionTemplate(key: "Fixed_notes")"#))
    }

    @Test(arguments: [
        (
            "query A($c: Int) { character(id: 1) { notes(first: $c, after: \"c2\") @connection(key: \"k\") { edges { cursor } } } }",
            "takes 'after' as a literal"
        ),
        (
            "query A($a: String) { character(id: 1) { notes(first: 2, after: $a) @connection(key: \"k\") { edges { cursor } } } }",
            "pages with 'after: $a', so 'first' must be a variable too"
        ),
        (
            "query A($b: String) { character(id: 1) { notes(before: $b) @connection(key: \"k\") { edges { cursor } } } }",
            "pages with 'before: $b', so 'last' must be a variable too"
        ),
        (
            "query A($c: Int, $a: String) { character(id: 1) { notes(first: $c, after: $a) @connection(key: \"k\") { edges { cursor } } } }",
            "pages with 'after: $a', so it must select 'pageInfo { hasNextPage endCursor }'"
        ),
        (
            "query A($c: Int, $a: String) { character(id: 1) { notes(first: $c, after: $a) @connection(key: \"k\") { edges { cursor } pageInfo { hasNextPage } } } }",
            "pages with 'after: $a', so it must select 'pageInfo { hasNextPage endCursor }'"
        ),
        (
            "query A($c: Int, $b: String) { character(id: 1) { notes(last: $c, before: $b) @connection(key: \"k\") { edges { cursor } pageInfo { hasNextPage endCursor } } } }",
            "pages with 'before: $b', so it must select 'pageInfo { hasPreviousPage startCursor }'"
        ),
    ])
    func aConnectionWhoseCursorCannotBePagedIsAnErrorAtItsDirective(_ document: String, _ message: String) {
        let output = SpecSchema.compile(document)
        let error = output.errors.first { $0.rule == .clientDirective }
        #expect(error?.message.contains(message) == true, "\(output.errors)")
        #expect(error.map { [$0.line, $0.column] } == [1, document.distance(to: "@connection")], "\(output.errors)")
        #expect(output.swift.isEmpty)
    }
}

extension String {
    /// The 1-based column of `needle`'s first character on a one-line text.
    fileprivate func distance(to needle: String) -> Int {
        guard let range = range(of: needle) else { return 0 }
        return self.distance(from: startIndex, to: range.lowerBound) + 1
    }
}
