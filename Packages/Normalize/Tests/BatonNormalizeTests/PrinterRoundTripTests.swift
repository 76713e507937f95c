import BatonNormalize
import Testing

@Suite struct PrinterRoundTripTests {
    /// `TestConditions.graphql` is compact except for one line break (and its indentation) where
    /// the compiler's other output has a comma: the printer gives the comma.
    static let conditionsLineBreak = "}\n    species"

    @Test func everySpecDocumentPrintsBackByteForByte() throws {
        let names = try SpecDocuments.names()
        #expect(names.count == 45)
        for name in names {
            let text = try SpecDocuments.text(name)
            var expected = text.hasSuffix("\n") ? String(text.dropLast()) : text
            let document = try Document.parse(text)
            if expected.contains(" {\n") {
                #expect(document.prettyText == expected, "\(name)")
            } else {
                if name == "TestConditions.graphql" {
                    #expect(expected.contains(Self.conditionsLineBreak))
                    expected = expected.replacingOccurrences(of: Self.conditionsLineBreak, with: "},species")
                }
                #expect(document.compactText == expected, "\(name)")
            }
        }
    }

    @Test func prettyAndCompactTextsParseToTheSameDocumentModuloLocations() throws {
        for name in try SpecDocuments.names() {
            let document = try Document.parse(try SpecDocuments.text(name))
            let fromCompact = try Document.parse(document.compactText)
            let fromPretty = try Document.parse(document.prettyText)
            #expect(fromCompact.compactText == document.compactText, "\(name)")
            #expect(fromPretty.compactText == document.compactText, "\(name)")
            #expect(fromPretty.prettyText == document.prettyText, "\(name)")
        }
    }

    @Test func compactTextOfTheFixtureMatchesTheWireStyle() throws {
        let document = try Document.parse(
            """
            query Fixture($page: Int) {
              characters(page: $page) { info { count pages next prev } }
            }
            """)
        #expect(document.compactText == "query Fixture($page:Int){characters(page:$page){info{count,pages,next,prev}}}")
    }

    @Test func compactTextForOneOperationCarriesOnlyTheFragmentsItUses() throws {
        let document = try Document.parse(
            """
            query A { ...X }
            query B { ...Z }
            fragment Z on Query { z }
            fragment Y on Query { y }
            fragment X on Query { x ...Y }
            """)
        let a = try #require(document.operation(named: "A"))
        #expect(document.compactText(for: a) == "query A{...X}fragment Y on Query{y}fragment X on Query{x,...Y}")
    }

    @Test func stringsPrintWithJSONEscapes() throws {
        let document = try Document.parse(#"{ f(a: "q\"b\\s\n\t\u0001é/", b: """  block "x"  """) }"#)
        #expect(document.compactText == #"{f(a:"q\"b\\s\n\t\u0001é/",b:"  block \"x\"  ")}"#)
    }

    @Test func everyValueKindPrintsCompactly() throws {
        let document = try Document.parse(
            """
            query Q($v: [[Int!]]! = [[1]] @d(x: 1)) @op {
              f(i: -12, f: 1.5e3, s: "s", t: true, n: null, e: ENUM, l: [1, [2]], o: {a: {b: $v}}, v: $v)
              ... @skip(if: false) { g }
              ... on T { h }
            }
            subscription { s }
            mutation M { m }
            """)
        #expect(
            document.compactText
                == "query Q($v:[[Int!]]!=[[1]]@d(x:1))@op{f(i:-12,f:1.5e3,s:\"s\",t:true,n:null,e:ENUM,l:[1,[2]],o:{a:{b:$v}},v:$v),...@skip(if:false){g},...on T{h}}subscription{s}mutation M{m}"
        )
    }
}
