import BatonNormalize
import Testing

@Suite struct ValidationTests {
    func errors(_ source: String) throws -> [DocumentValidationError] {
        try Document.parse(source).validationErrors()
    }

    @Test func everySpecDocumentValidates() throws {
        for name in try SpecDocuments.names() {
            let document = try Document.parse(try SpecDocuments.text(name))
            #expect(document.validationErrors() == [], "\(name)")
            #expect(throws: Never.self) { try document.validate() }
        }
    }

    @Test func unknownFragmentNamesTheSpreadAndWhereItIs() throws {
        let found = try errors(
            "query Q {\n  a { ...Missing }\n  ...Known\n}\nfragment Known on Query { b ...AlsoMissing }")
        #expect(
            found == [
                .unknownFragment(name: "Missing", location: SourceLocation(line: 2, column: 7)),
                .unknownFragment(name: "AlsoMissing", location: SourceLocation(line: 5, column: 29)),
            ])
        #expect(
            throws: DocumentValidationError.unknownFragment(
                name: "Missing", location: SourceLocation(line: 2, column: 7))
        ) {
            try Document.parse("query Q {\n  a { ...Missing }\n}").validate()
        }
    }

    @Test func fragmentCyclesNameEveryFragmentInTheCycle() throws {
        let found = try errors(
            """
            { ...A }
            fragment A on T { ...B }
            fragment B on T { x { ...C } }
            fragment C on T { ... on T { ...A } }
            fragment Self on T { ...Self }
            """)
        #expect(
            found == [
                .fragmentCycle(names: ["A", "B", "C"], location: SourceLocation(line: 4, column: 30)),
                .fragmentCycle(names: ["Self"], location: SourceLocation(line: 5, column: 22)),
            ])
        #expect(found[0].description == "4:30: Fragment cycle: A -> B -> C -> A")
    }

    @Test func aLongChainOfFragmentsIsWalkedWithoutExhaustingTheStack() throws {
        let count = 20_000
        var text = "query Q { ...F0 }\n"
        for index in 0..<count {
            text += "fragment F\(index) on T { a(x: $v\(index)) ...F\((index + 1) % count) }\n"
        }
        let found = try errors(text)
        #expect(found.count == count + 1)
        guard case .fragmentCycle(let names, let location) = found.first else {
            Issue.record("no cycle first: \(String(describing: found.first))")
            return
        }
        #expect(names.count == count && names.first == "F0" && names.last == "F\(count - 1)")
        #expect(location == SourceLocation(line: count + 1, column: 38))
        #expect(found.dropFirst().allSatisfy { if case .undefinedVariable(_, "Q", _) = $0 { true } else { false } })
    }

    @Test func undefinedVariablesAreFoundInOperationsAndTheFragmentsTheyUse() throws {
        let found = try errors(
            """
            query Q($a: Int) @dir(x: $d) {
              f(a: $a, b: [$b], c: {c: $c}) @include(if: $e)
              ...F
            }
            query R($x: Int) { ...F }
            fragment F on Query { g(x: $x) }
            """)
        #expect(
            found == [
                .undefinedVariable(name: "d", operation: "Q", location: SourceLocation(line: 1, column: 18)),
                .undefinedVariable(name: "b", operation: "Q", location: SourceLocation(line: 2, column: 3)),
                .undefinedVariable(name: "c", operation: "Q", location: SourceLocation(line: 2, column: 3)),
                .undefinedVariable(name: "e", operation: "Q", location: SourceLocation(line: 2, column: 33)),
                .undefinedVariable(name: "x", operation: "Q", location: SourceLocation(line: 6, column: 23)),
            ])
        #expect(try errors("query Q($unused: Int) { f }") == [])
    }

    @Test func duplicateOperationNamesPointAtTheSecond() throws {
        #expect(
            try errors("query Q { a }\nmutation Q { b }") == [
                .duplicateOperationName(
                    name: "Q", location: SourceLocation(line: 2, column: 1),
                    firstLocation: SourceLocation(line: 1, column: 1))
            ])
    }

    @Test func duplicateFragmentNamesPointAtTheSecond() throws {
        let document = try Document.parse("{ ...F }\nfragment F on T { a }\nfragment F on T { b }")
        #expect(
            document.validationErrors() == [
                .duplicateFragmentName(
                    name: "F", location: SourceLocation(line: 3, column: 1),
                    firstLocation: SourceLocation(line: 2, column: 1))
            ])
        #expect(document.fragments["F"]?.compactText == "fragment F on T{a}")
    }

    @Test func anAnonymousOperationMustBeAlone() throws {
        #expect(
            try errors("{ a }\nquery Q { b }\nsubscription { c }") == [
                .anonymousOperationNotAlone(location: SourceLocation(line: 1, column: 1)),
                .anonymousOperationNotAlone(location: SourceLocation(line: 3, column: 1)),
            ])
        #expect(try errors("{ a }") == [])
    }

    @Test func everyErrorCarriesItsLocation() {
        let location = SourceLocation(line: 7, column: 3)
        let all: [DocumentValidationError] = [
            .unknownFragment(name: "F", location: location),
            .fragmentCycle(names: ["F"], location: location),
            .undefinedVariable(name: "v", operation: nil, location: location),
            .duplicateOperationName(name: "Q", location: location, firstLocation: SourceLocation(line: 1, column: 1)),
            .duplicateFragmentName(name: "F", location: location, firstLocation: SourceLocation(line: 1, column: 1)),
            .anonymousOperationNotAlone(location: location),
        ]
        for error in all {
            #expect(error.location == location)
            #expect(error.description.hasPrefix("7:3: "))
        }
        #expect(all[2].description == "7:3: Variable '$v' is not defined by operation '<anonymous>'")
    }
}
