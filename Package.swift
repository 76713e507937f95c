// swift-tools-version: 6.1
// The workspace: every layer's sources and tests in one build graph, so `make test`
// compiles each file once. Each layer also stands alone as its own package under
// Packages/; apps depend on those, not on this manifest.
import PackageDescription

let layer = { (name: String) in "Packages/\(name)/Sources/Baton\(name)" }
let layerTests = { (name: String) in "Packages/\(name)/Tests/Baton\(name)Tests" }

let package = Package(
    name: "BatonWorkspace",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .executable(name: "baton-layers", targets: ["baton-layers"]),
        .executable(name: "baton-image", targets: ["BatonImageTool"]),
        .executable(name: "baton-compile", targets: ["baton-compile"]),
    ],
    targets: [
        .systemLibrary(name: "CSQLite", path: "Packages/Image/Sources/CSQLite", pkgConfig: "sqlite3"),
        .systemLibrary(name: "CZlib", path: "Packages/Transport/Sources/CZlib", pkgConfig: "zlib"),

        .target(name: "BatonRecords", path: layer("Records")),
        .target(name: "BatonNormalize", dependencies: ["BatonRecords"], path: layer("Normalize")),
        .target(name: "BatonStore", dependencies: ["BatonRecords", "BatonNormalize"], path: layer("Store")),
        .target(name: "BatonImage", dependencies: ["CSQLite", "BatonRecords", "BatonStore"], path: layer("Image")),
        .executableTarget(name: "BatonImageTool", dependencies: ["BatonImage"], path: "Packages/Image/Sources/BatonImageTool"),
        .executableTarget(name: "ImageCrashChild", dependencies: ["BatonImage"], path: "Packages/Image/Sources/ImageCrashChild"),
        .target(name: "BatonTransport", dependencies: ["CZlib", "BatonRecords", "BatonNormalize"], path: layer("Transport")),
        .target(name: "BatonLens", dependencies: ["BatonRecords", "BatonNormalize", "BatonStore"], path: layer("Lens")),
        .target(name: "BatonCompiler", dependencies: ["BatonRecords", "BatonNormalize"], path: layer("Compiler")),
        .executableTarget(name: "baton-compile", dependencies: ["BatonCompiler"], path: "Packages/Compiler/Sources/baton-compile"),
        .plugin(
            name: "BatonCompilerPlugin", capability: .buildTool(), dependencies: ["baton-compile"],
            path: "Packages/Compiler/Plugins/BatonCompilerPlugin"),

        // Test-only: finds the repository's test data (Tests/Support). No library target uses it.
        .target(name: "BatonTestSupport", path: "Tests/Support/Sources/BatonTestSupport"),

        .testTarget(name: "BatonRecordsTests", dependencies: ["BatonRecords"], path: layerTests("Records")),
        .testTarget(name: "BatonNormalizeTests", dependencies: ["BatonNormalize", "BatonTestSupport"], path: layerTests("Normalize")),
        .testTarget(name: "BatonStoreTests", dependencies: ["BatonStore", "BatonTestSupport"], path: layerTests("Store")),
        .testTarget(
            name: "BatonImageTests", dependencies: ["BatonImage", "BatonImageTool", "ImageCrashChild", "BatonNormalize", "BatonTestSupport"],
            path: layerTests("Image")),
        .testTarget(name: "BatonTransportTests", dependencies: ["BatonTransport"], path: layerTests("Transport")),
        .testTarget(name: "BatonLensTests", dependencies: ["BatonLens", "BatonTestSupport"], path: layerTests("Lens")),
        .testTarget(
            name: "BatonCompilerTests", dependencies: ["BatonCompiler", "BatonTestSupport"], path: layerTests("Compiler"),
            exclude: ["Goldens"]),
        // The hostile-name corpus compiled through the plugin: generated Swift that does not
        // build fails the build.
        .testTarget(
            name: "BatonCompilerHostileTests", dependencies: ["BatonLens", "BatonTransport"],
            path: "Packages/Compiler/Tests/BatonCompilerHostileTests", exclude: ["baton.json", "hostile-schema.graphql"],
            plugins: ["BatonCompilerPlugin"]),
        // The conformance suite's documents compiled through the plugin: each generated
        // template plans and ingests as its document does.
        .testTarget(
            name: "BatonCompilerSpecTests", dependencies: ["BatonLens", "BatonTestSupport"],
            path: "Packages/Compiler/Tests/BatonCompilerSpecTests", exclude: ["baton.json", "Documents/LICENSE.md"],
            plugins: ["BatonCompilerPlugin"]),

        .testTarget(
            name: "BatonIntegrationTests",
            dependencies: [
                "BatonRecords", "BatonNormalize", "BatonStore", "BatonImage", "BatonTransport", "BatonLens", "BatonTestSupport",
            ],
            path: "Tests/BatonIntegrationTests",
            exclude: ["baton.json"],
            plugins: ["BatonCompilerPlugin"]
        ),

        .target(name: "LayerRules", path: "Tools/LayerCheck/Sources/LayerRules"),
        .executableTarget(name: "baton-layers", dependencies: ["LayerRules"], path: "Tools/LayerCheck/Sources/baton-layers"),
        .testTarget(name: "LayerRulesTests", dependencies: ["LayerRules"], path: "Tools/LayerCheck/Tests/LayerRulesTests"),
    ]
)
