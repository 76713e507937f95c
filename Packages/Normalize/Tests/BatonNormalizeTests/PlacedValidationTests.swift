@_spi(Baton) import BatonNormalize
import Testing

/// A document assembled from several texts (as the compiler assembles a target's files) says
/// which definition each error lies in, since two texts share line and column numbers.
@Suite struct PlacedValidationTests {
    /// The definitions of every text, in order, as one document.
    func document(_ texts: String...) throws -> Document {
        Document(definitions: try texts.flatMap { try Document.parse($0).definitions })
    }

    @Test func aDuplicateNameIsPlacedInItsDefinitionAndTheFirstInTheFirsts() throws {
        let placed = try document("query A { a }\nfragment F on T { a }", "query A { b }\nfragment F on T { b }")
            .placedValidationErrors()
        #expect(placed.map(\.definition) == [2, 3])
        #expect(placed.map(\.firstDefinition) == [0, 1])
        #expect(
            placed.map(\.error.location) == [SourceLocation(line: 1, column: 1), SourceLocation(line: 2, column: 1)])
    }

    @Test func anUnknownFragmentIsPlacedInTheDefinitionThatSpreadsIt() throws {
        let placed = try document("query A { ...F }", "fragment F on T { ...G }").placedValidationErrors()
        #expect(placed.map(\.error) == [.unknownFragment(name: "G", location: SourceLocation(line: 1, column: 19))])
        #expect(placed.map(\.definition) == [1])
    }

    @Test func aCycleIsPlacedInTheFragmentHoldingTheSpreadThatClosesIt() throws {
        let placed = try document("fragment F on T { ...G }", "fragment G on T { ...F }").placedValidationErrors()
        #expect(
            placed.map(\.error) == [.fragmentCycle(names: ["F", "G"], location: SourceLocation(line: 1, column: 19))])
        #expect(placed.map(\.definition) == [1])
        #expect(placed.map(\.firstDefinition) == [nil])
    }

    @Test func anUndefinedVariableIsPlacedInTheOperationOrTheFragmentUsingIt() throws {
        let placed = try document("query A { a(x: $x) ...F }", "fragment F on T { b(y: $y) }")
            .placedValidationErrors()
        #expect(
            placed.map(\.error) == [
                .undefinedVariable(name: "x", operation: "A", location: SourceLocation(line: 1, column: 11)),
                .undefinedVariable(name: "y", operation: "A", location: SourceLocation(line: 1, column: 19)),
            ])
        #expect(placed.map(\.definition) == [0, 1])
    }

    @Test func validationErrorsAreThePlacedErrorsWithoutTheirPlaces() throws {
        let document = try document("query A { ...F ...M }\nquery A { c(v: $v) }", "fragment F on T { ...F }\n{ d }")
        #expect(document.validationErrors() == document.placedValidationErrors().map(\.error))
        #expect(document.validationErrors().count == 5)
    }
}
