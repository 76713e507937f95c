import BatonTestSupport
import Foundation
import Testing

/// The typed payloads (a mutation's optimistic response, a query's, a fragment's) turn a typo
/// or a field the selection lacks into a compile error: `swiftc -typecheck` over this target's
/// generated Swift and a snippet, against the modules this build made, accepts what the
/// selection holds and rejects anything else (naming the label it got).
struct OptimisticResponseTypecheckTests {
    /// This build's products: the directory of the running test bundle, and the build root two
    /// levels above it (`.build/<triple>/debug` → `.build`), where the plugin writes.
    static let products = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        .deletingLastPathComponent()
    static let buildRoot = products.deletingLastPathComponent().deletingLastPathComponent()

    /// The Swift the plugin generated for this target.
    static func generated() throws -> URL {
        let outputs = buildRoot.appending(path: "plugins/outputs")
        let packages = try FileManager.default.contentsOfDirectory(atPath: outputs.path)
        let candidates = packages.map {
            outputs.appending(
                path: "\($0)/BatonCompilerHostileTests/destination/BatonCompilerPlugin/BatonGenerated.swift")
        }
        return try #require(
            candidates.first { FileManager.default.fileExists(atPath: $0.path) },
            "no generated Swift for BatonCompilerHostileTests under \(outputs.path)")
    }

    /// `swiftc -typecheck` of the generated Swift with `snippet`: its exit status and errors.
    static func typecheck(_ snippet: String) async throws -> (status: Int32, errors: String) {
        let directory = FileManager.default.temporaryDirectory.appending(path: "baton-typecheck-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let snippetFile = directory.appending(path: "Snippet.swift")
        try "import BatonLens\n\(snippet)\n".write(to: snippetFile, atomically: true, encoding: .utf8)
        let modules = products.appending(path: "Modules")
        #expect(
            FileManager.default.fileExists(atPath: modules.appending(path: "BatonLens.swiftmodule").path),
            "\(modules.path)")
        // swiftc takes seconds: it runs off the cooperative pool while the test suspends.
        let result = try await ChildProcessResult.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["swiftc", "-typecheck", "-swift-version", "6", "-I", modules.path, try generated().path, snippetFile.path])
        return (result.status, result.errorText)
    }

    @Test func aMisspeltFieldOfTheTypedOptimisticResponseDoesNotCompile() async throws {
        let spelt = try await Self.typecheck(
            #"let response = OptimisticResponseMutation.OptimisticResponse(object_: .init(id: "o1", name: "n"))"#)
        #expect(spelt.status == 0, "the field's own spelling type-checks: \(spelt.errors)")
        let misspelt = try await Self.typecheck(
            #"let response = OptimisticResponseMutation.OptimisticResponse(object_: .init(id: "o1", nmae: "n"))"#)
        #expect(misspelt.status != 0)
        #expect(misspelt.errors.contains("nmae"), "\(misspelt.errors)")
        #expect(
            misspelt.errors.contains("Snippet.swift"),
            "the error is in the snippet, not the generated Swift: \(misspelt.errors)")
    }

    /// Type-checks `snippet`, which must fail, naming `label`, in the snippet.
    static func expectRejected(_ snippet: String, naming label: String) async throws {
        let result = try await typecheck(snippet)
        #expect(result.status != 0, "\(snippet) type-checks")
        #expect(result.errors.contains(label), "\(result.errors)")
        #expect(result.errors.contains("Snippet.swift"), "the error is in the snippet: \(result.errors)")
    }

    @Test func queryAndFragmentPayloadsHoldWhatTheirSelectionsHold() async throws {
        let valid = try await Self.typecheck(
            #"""
            let row = ThingPayload.Payload(
                id: "t1", payload: .init(id: "t2"), Payload__: "P", typename: "t", object_: "o", self_: "s")
            let query = PayloadsQuery.Payload(
                self_: row, node: .thing(.init(id: "t1", self_: "s")), union: .other(.init(name: "n")))
            let found: JSONValue = FindQuery.Payload(find: [.init(id: "t1")]).inputValue
            func updatable<F: UpdatableFragment & PayloadFragment>(_: F.Type) {}
            func written<O: PayloadOperation>(_: O.Type, _: O.Payload) {}
            func check() {
                updatable(ThingPayload.self)
                written(PayloadsQuery.self, query)
            }
            """#)
        #expect(valid.status == 0, "\(valid.errors)")
    }

    @Test func aFieldTheFragmentDoesNotSelectIsNotAMemberOfItsPayload() async throws {
        try await Self.expectRejected(#"let row = ThingPayload.Payload(id: "t1", name: "n")"#, naming: "name")
        try await Self.expectRejected(#"let node = Noded.Payload.other(.init(id: "o1", self_: "s"))"#, naming: "self_")
    }

    @Test func aFieldTheQueryDoesNotSelectIsNotAMemberOfItsPayload() async throws {
        try await Self.expectRejected(
            #"let found = FindQuery.Payload(find: [.init(id: "t1", name: "n")])"#, naming: "name")
    }

    /// An updatable fragment's setters are its selection's fields, typed as its lens reads them.
    static func setting(_ body: String) -> String {
        "@MainActor func edit(_ environment: GraphQLEnvironment) throws {\n"
            + "try environment.update(ThingPayload.self, at: \"Thing:t1\") { thing in \(body) }\n}"
    }

    @Test func anUpdatableFragmentSetsTheFieldsItSelectsAndNoOthers() async throws {
        let valid = try await Self.typecheck(
            Self.setting(#"try thing.set(\.typename, to: "t"); try thing.set(\.self_, to: nil)"#))
        #expect(valid.status == 0, "\(valid.errors)")
        try await Self.expectRejected(Self.setting(#"try thing.set(\.name, to: "n")"#), naming: "name")
        try await Self.expectRejected(Self.setting(#"try thing.set(\.typename, to: 42)"#), naming: "Int")
        try await Self.expectRejected(
            "@MainActor func edit(_ environment: GraphQLEnvironment) throws {\n"
                + "try environment.update(Noded.self, at: \"Thing:t1\") { _ in }\n}",
            naming: "UpdatableFragment")
    }

    @Test func aFragmentWithoutUpdatableIsNoUpdatableFragment() async throws {
        try await Self.expectRejected(
            "func updatable<F: UpdatableFragment>(_: F.Type) {}\nfunc check() { updatable(Noded.self) }",
            naming: "UpdatableFragment")
    }
}
