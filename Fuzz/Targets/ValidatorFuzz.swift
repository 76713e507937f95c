// libFuzzer target: the compiler's validator (BatonCompiler's Validation/) over parsed
// documents, against the spec's schema and configuration (Tests/Conformance/baton-spec/tests:
// baton.json, schema.graphql, extensions.graphql: identity, lookups, custom scalars). The
// validator is internal, so BatonCompiler's sources are compiled into this binary (see
// Fuzz/build.sh).
//
// An input is a GraphQL document. Properties, beyond "does not trap": a document that parses
// validates to errors or to none; each error is placed at a line and column inside the
// document and says what broke; and a document with no errors has its refetch queries.
//
// `BATON_SPEC_DIR` names the spec's data (default: the repository's copy).
import Foundation
import BatonNormalize

let specDirectory: URL = {
    if let path = ProcessInfo.processInfo.environment["BATON_SPEC_DIR"] { return URL(fileURLWithPath: path) }
    return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Tests/Conformance/baton-spec")
}()

let schema: CompilerSchema = {
    do {
        let path = specDirectory.appendingPathComponent("tests/baton.json").path
        return try CompilerSchema.load(configuration: CompilerConfiguration.load(path: path))
    } catch { fatalError("the spec's schema (set BATON_SPEC_DIR): \(error)") }
}()

@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
) -> CInt {
    _ = schema.sdl.count
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzValidator(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: count), as: UTF8.self)
    let source = GraphQLSource(file: "fuzz.graphql", text: text)
    let (documents, syntaxErrors) = DocumentSet.parse([source])
    guard syntaxErrors.isEmpty else { return 0 }
    let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).count
    let (errors, _) = Validator.validate(documents, schema: schema)
    for error in errors {
        guard !error.message.isEmpty, error.file == source.file, (1...max(1, lines)).contains(error.line),
            error.column >= 1
        else {
            fatalError("an error placed outside the document: \(error)")
        }
    }
    return 0
}
