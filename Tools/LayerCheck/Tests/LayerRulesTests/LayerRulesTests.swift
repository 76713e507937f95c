import Foundation
import Testing
import LayerRules

/// A manifest shaped as `swift package dump-package` prints one.
private func manifest(
    name: String, localDependencies: [String], targets: [[String: Any]] = [],
    remote: [[String: Any]] = []
) -> Data {
    var dependencies: [[String: Any]] = localDependencies.map {
        ["fileSystem": [["identity": $0.lowercased(), "path": "/repo/Packages/\($0)", "productFilter": NSNull()]]]
    }
    dependencies += remote
    let object: [String: Any] = ["name": name, "dependencies": dependencies, "targets": targets]
    return try! JSONSerialization.data(withJSONObject: object)
}

@Suite struct LayerRulesTests {
    let rules = LayerRules.baton

    @Test func storeDependingOnRecordsAndNormalizeIsAllowed() throws {
        let json = manifest(name: "Store", localDependencies: ["Records", "Normalize"])
        #expect(try rules.check(manifest: json, layer: "Store", directory: "Packages/Store").isEmpty)
    }

    @Test func recordsDependingOnStoreIsAWrongEdgeNamedInTheViolation() throws {
        let json = manifest(name: "Records", localDependencies: ["Store"])
        let violations = try rules.check(manifest: json, layer: "Records", directory: "Packages/Records")
        #expect(violations.count == 1)
        #expect(violations.first?.package == "Records")
        #expect(violations.first?.dependency == "Store")
        #expect(violations.first?.description.contains("Records → Store") == true)
    }

    @Test func lensDependingOnImageIsAWrongEdge() throws {
        let json = manifest(name: "Lens", localDependencies: ["Store", "Image"])
        let violations = try rules.check(manifest: json, layer: "Lens", directory: "Packages/Lens")
        #expect(violations.map(\.dependency) == ["Image"])
    }

    @Test func transportDependingOnStoreIsAWrongEdge() throws {
        let json = manifest(name: "Transport", localDependencies: ["Normalize", "Store"])
        let violations = try rules.check(manifest: json, layer: "Transport", directory: "Packages/Transport")
        #expect(violations.map(\.dependency) == ["Store"])
    }

    @Test func aLayersTestTargetMayUseTheTestSupportPackage() throws {
        let support: [String: Any] = [
            "fileSystem": [["identity": "support", "path": "/repo/Tests/Support", "productFilter": NSNull()]]
        ]
        let targets: [[String: Any]] = [
            [
                "name": "BatonStoreTests", "type": "test",
                "dependencies": [["product": ["BatonTestSupport", "Support", NSNull(), NSNull()]]],
            ]
        ]
        let json = manifest(
            name: "Store", localDependencies: ["Records", "Normalize"], targets: targets, remote: [support])
        #expect(try rules.check(manifest: json, layer: "Store", directory: "Packages/Store").isEmpty)
    }

    @Test func aLibraryTargetUsingTheTestSupportIsAWrongEdge() throws {
        let targets: [[String: Any]] = [
            ["name": "BatonStore", "type": "regular", "dependencies": [["byName": ["BatonTestSupport", NSNull()]]]],
            ["name": "BatonTestSupport", "type": "regular", "dependencies": []],
        ]
        let json = manifest(name: "BatonWorkspace", localDependencies: [], targets: targets)
        let violations = try rules.check(manifest: json, layer: nil, directory: ".")
        #expect(violations.map(\.dependency) == ["BatonTestSupport"])
        #expect(violations.first?.description.contains("test-only") == true)
    }

    @Test func remoteDependencyIsRejectedEvenForComposites() throws {
        let remote: [String: Any] = [
            "sourceControl": [["identity": "swift-nio", "location": ["remote": [["urlString": "x"]]]]]
        ]
        let json = manifest(name: "Integration", localDependencies: ["Records"], remote: [remote])
        let violations = try rules.check(manifest: json, layer: nil, directory: "Tests")
        #expect(violations.map(\.dependency) == ["swift-nio"])
    }

    @Test func workspaceTargetUsingALayerToItsRightIsAWrongEdge() throws {
        let targets: [[String: Any]] = [
            ["name": "BatonNormalize", "type": "regular", "dependencies": [["byName": ["BatonRecords", NSNull()]]]],
            ["name": "BatonRecords", "type": "regular", "dependencies": [["byName": ["BatonNormalize", NSNull()]]]],
        ]
        let json = manifest(name: "BatonWorkspace", localDependencies: [], targets: targets)
        let violations = try rules.check(manifest: json, layer: nil, directory: ".")
        #expect(violations.count == 1)
        #expect(violations.first?.dependency == "BatonNormalize")
    }

    @Test func systemLibraryOtherThanSQLiteOrZlibIsRejected() throws {
        let targets: [[String: Any]] = [
            ["name": "CCurl", "type": "system", "pkgConfig": "libcurl", "dependencies": []]
        ]
        let json = manifest(name: "Transport", localDependencies: ["Normalize"], targets: targets)
        let violations = try rules.check(manifest: json, layer: "Transport", directory: "Packages/Transport")
        #expect(violations.map(\.dependency) == ["libcurl"])
    }

    @Test func openSSLInTransportUsedOnLinuxOnlyIsAllowed() throws {
        let targets: [[String: Any]] = [
            ["name": "COpenSSL", "type": "system", "pkgConfig": "openssl", "dependencies": []],
            [
                "name": "BatonTransport", "type": "regular",
                "dependencies": [["target": ["COpenSSL", ["platformNames": ["linux"]]]]],
            ],
        ]
        let json = manifest(name: "Transport", localDependencies: ["Normalize"], targets: targets)
        #expect(try rules.check(manifest: json, layer: "Transport", directory: "Packages/Transport").isEmpty)
    }

    @Test func openSSLUsedOnEveryPlatformIsAWrongEdge() throws {
        let targets: [[String: Any]] = [
            ["name": "COpenSSL", "type": "system", "pkgConfig": "openssl", "dependencies": []],
            ["name": "BatonTransport", "type": "regular", "dependencies": [["byName": ["COpenSSL", NSNull()]]]],
        ]
        let json = manifest(name: "Transport", localDependencies: ["Normalize"], targets: targets)
        let violations = try rules.check(manifest: json, layer: "Transport", directory: "Packages/Transport")
        #expect(violations.map(\.dependency) == ["openssl"])
        #expect(violations.first?.reason.contains("more than Linux") == true)
    }

    @Test func openSSLInALayerItIsNotForIsAWrongEdge() throws {
        let targets: [[String: Any]] = [
            ["name": "COpenSSL", "type": "system", "pkgConfig": "openssl", "dependencies": []]
        ]
        let json = manifest(name: "Store", localDependencies: ["Records"], targets: targets)
        let violations = try rules.check(manifest: json, layer: "Store", directory: "Packages/Store")
        #expect(violations.map(\.dependency) == ["openssl"])
    }

    @Test func garbageManifestIsAnError() {
        #expect(throws: LayerCheckError.self) {
            try rules.check(manifest: Data("[1,2]".utf8), layer: nil, directory: "x")
        }
    }

    @Test func aTestFolderNoTargetDeclaresIsAViolationNamingTheFolder() throws {
        let targets: [[String: Any]] = [
            ["name": "BatonCompiler", "type": "regular", "path": NSNull(), "dependencies": []],
            ["name": "BatonCompilerTests", "type": "test", "path": NSNull(), "dependencies": []],
            [
                "name": "BatonCompilerPlugin", "type": "plugin", "path": "Plugins/BatonCompilerPlugin",
                "dependencies": [],
            ],
        ]
        let json = manifest(name: "Compiler", localDependencies: ["Records"], targets: targets)
        let violations = try rules.undeclaredFolders(
            manifest: json,
            folders: ["Sources/BatonCompiler", "Tests/BatonCompilerTests", "Tests/BatonCompilerSpecTests"],
            directory: "Packages/Compiler")
        #expect(violations.map(\.dependency) == ["Tests/BatonCompilerSpecTests"])
        #expect(violations.first?.description.contains("no target") == true)
    }

    @Test func aTargetWithAnExplicitPathDeclaresThatFolder() throws {
        let targets: [[String: Any]] = [
            ["name": "Spec", "type": "test", "path": "Tests/BatonCompilerSpecTests/", "dependencies": []]
        ]
        let json = manifest(name: "Compiler", localDependencies: [], targets: targets)
        #expect(
            try rules.undeclaredFolders(manifest: json, folders: ["Tests/BatonCompilerSpecTests"], directory: ".")
                .isEmpty)
    }

    @Test func theTestingProductMayUseEveryRuntimeLayerAndNoLayerMayUseIt() throws {
        let testing = manifest(
            name: "Testing", localDependencies: ["Records", "Normalize", "Store", "Image", "Transport", "Lens"])
        #expect(try rules.check(manifest: testing, layer: "Testing", directory: "Packages/Testing").isEmpty)
        let lens = manifest(name: "Lens", localDependencies: ["Store", "Testing"])
        #expect(
            try rules.check(manifest: lens, layer: "Lens", directory: "Packages/Lens").map(\.dependency) == ["Testing"])
    }
}
