import Testing
import BatonCompiler

/// Documents embedded in Swift behind `/* graphql ... */` compile like files, and their
/// errors point into the Swift file.
struct SwiftMarkerTests {
    static let swift = """
        import BatonLens
        let note = "/* graphql not a marker */"
        // /* graphql not one either */
        /* graphql
        query Marked($id: ID!) {
          character(id: $id) { nam }
        }
        */
        /* graphqlish: not a marker */
        """

    @Test func findsOnlyMarkedBlockComments() {
        let sources = SwiftMarkerScanner.sources(in: Self.swift, file: "View.swift")
        #expect(sources.count == 1)
        #expect(sources.first?.text.contains("query Marked") == true)
        #expect(sources.first?.origin.line == 4)
    }

    @Test func placesErrorsInTheSwiftFile() {
        let output = SpecSchema.compiler.compile(SwiftMarkerScanner.sources(in: Self.swift, file: "View.swift"))
        #expect(
            output.errors.map(\.description) == [
                "View.swift:6:24: error: 'Character' has no field 'nam'; did you mean 'name'?"
            ])
    }

    @Test func placesAnErrorOnTheMarkersOwnLine() {
        let sources = SwiftMarkerScanner.sources(in: "  /* graphql query Q { tokenizer { nope } } */", file: "Q.swift")
        let output = SpecSchema.compiler.compile(sources)
        #expect(output.errors.map(\.description) == ["Q.swift:1:36: error: 'Tokenizer' has no field 'nope'"])
    }
}
