import Testing
import BatonCompiler

/// The compiler selects what the store needs to identify objects, as Relay's does.
struct KeyFieldTests {
    @Test func aConfiguredIdentityIsSelectedWhenTheDocumentOmitsIt() {
        let swift = SpecSchema.compile(
            "query A { asset(uuid: \"u\") { name } quote(base: \"a\", quote: \"b\") { base } }"
        ).swift
        #expect(swift.contains(#"asset(uuid:\"u\"){name,uuid}"#))
        #expect(swift.contains(#"quote(base:\"a\",quote:\"b\"){base,quote}"#))
    }

    @Test func anIdIsSelectedOnTypesThatHaveOne() {
        let swift = SpecSchema.compile("query A { character(id: 1) { name origin { name } } }").swift
        #expect(swift.contains("character(id:1){name,origin{name,id},id}"))
    }

    @Test func anAbstractPositionSelectsItsTypename() {
        let swift = SpecSchema.compile("query A { namesake(name: \"x\") { name } }").swift
        #expect(swift.contains(#"namesake(name:\"x\"){name,__typename}"#))
    }

    @Test func aDocumentThatSelectsTheKeysIsUnchanged() {
        let swift = SpecSchema.compile("query A { character(id: 1) { id name } }").swift
        #expect(swift.contains("character(id:1){id,name}}"))
    }
}
