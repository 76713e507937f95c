// swift-tools-version: 6.2
// Baton: what an app depends on by URL, and the workspace `make test` builds.
//
// An app takes the products it needs:
//
//     .package(url: "https://github.com/…/baton", branch: "main")
//     .product(name: "BatonLens", package: "baton")
//
// one library per layer (DESIGN.md's direction holds: each depends only on the layers to
// its left), the testing product, the compiler's build-tool plugin and the `baton-compile`
// and `baton-image` tools. SwiftPM builds only what the products an app takes need, so an
// app that takes `BatonStore` alone links neither SQLite nor zlib.
//
// The same manifest is the workspace: every layer's tests, the integration tests and the
// layer check, each file compiled once. Each layer also stands alone as its own package
// under Packages/, for working on one layer; `make packages` builds each of those.
import PackageDescription

let layer = { (name: String) in "Packages/\(name)/Sources/Baton\(name)" }
let layerTests = { (name: String) in "Packages/\(name)/Tests/Baton\(name)Tests" }

let package = Package(
    name: "Baton",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "BatonRecords", targets: ["BatonRecords"]),
        .library(name: "BatonNormalize", targets: ["BatonNormalize"]),
        .library(name: "BatonStore", targets: ["BatonStore"]),
        .library(name: "BatonImage", targets: ["BatonImage"]),
        .library(name: "BatonTransport", targets: ["BatonTransport"]),
        .library(name: "BatonLens", targets: ["BatonLens"]),
        .library(name: "BatonCompiler", targets: ["BatonCompiler"]),
        .library(name: "BatonTesting", targets: ["BatonTesting"]),
        .plugin(name: "BatonCompilerPlugin", targets: ["BatonCompilerPlugin"]),
        .executable(name: "baton-compile", targets: ["baton-compile"]),
        .executable(name: "baton-image", targets: ["BatonImageTool"]),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite", path: "Packages/Image/Sources/CSQLite", pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]),
        .systemLibrary(
            name: "CZlib", path: "Packages/Transport/Sources/CZlib", pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
        // TLS for the own WebSocket client's `wss://`, on Linux only: Apple platforms link no OpenSSL.
        .systemLibrary(
            name: "COpenSSL", path: "Packages/Transport/Sources/COpenSSL", pkgConfig: "openssl",
            providers: [.apt(["libssl-dev"]), .brew(["openssl"])]),

        .target(name: "BatonRecords", path: layer("Records")),
        .target(name: "BatonNormalize", dependencies: ["BatonRecords"], path: layer("Normalize")),
        .target(name: "BatonStore", dependencies: ["BatonRecords", "BatonNormalize"], path: layer("Store")),
        .target(name: "BatonImage", dependencies: ["CSQLite", "BatonRecords", "BatonStore"], path: layer("Image")),
        .executableTarget(
            name: "BatonImageTool", dependencies: ["BatonImage"], path: "Packages/Image/Sources/BatonImageTool"),
        .executableTarget(
            name: "ImageCrashChild", dependencies: ["BatonImage"], path: "Packages/Image/Sources/ImageCrashChild"),
        .target(
            name: "BatonTransport",
            dependencies: [
                "CZlib", .target(name: "COpenSSL", condition: .when(platforms: [.linux])), "BatonRecords",
                "BatonNormalize",
            ],
            path: layer("Transport")),
        .target(
            name: "BatonLens", dependencies: ["BatonRecords", "BatonNormalize", "BatonStore"], path: layer("Lens")),
        .target(name: "BatonCompiler", dependencies: ["BatonRecords", "BatonNormalize"], path: layer("Compiler")),
        .executableTarget(
            name: "baton-compile", dependencies: ["BatonCompiler"], path: "Packages/Compiler/Sources/baton-compile"),
        .plugin(
            name: "BatonCompilerPlugin", capability: .buildTool(), dependencies: ["baton-compile"],
            path: "Packages/Compiler/Plugins/BatonCompilerPlugin"),
        .target(
            name: "BatonTesting", dependencies: ["BatonRecords", "BatonNormalize", "BatonLens"], path: layer("Testing")),

        // Test-only: finds the repository's test data (Tests/Support). No library target uses it.
        .target(name: "BatonTestSupport", path: "Tests/Support/Sources/BatonTestSupport"),

        .testTarget(name: "BatonRecordsTests", dependencies: ["BatonRecords"], path: layerTests("Records")),
        .testTarget(
            name: "BatonNormalizeTests", dependencies: ["BatonNormalize", "BatonTestSupport"],
            path: layerTests("Normalize")),
        .testTarget(
            name: "BatonStoreTests", dependencies: ["BatonStore", "BatonTestSupport"], path: layerTests("Store")),
        .testTarget(
            name: "BatonImageTests",
            dependencies: ["BatonImage", "BatonImageTool", "ImageCrashChild", "BatonNormalize", "BatonTestSupport"],
            path: layerTests("Image")),
        .testTarget(
            name: "BatonTransportTests", dependencies: ["BatonTransport", "BatonTestSupport"],
            path: layerTests("Transport")),
        .testTarget(name: "BatonLensTests", dependencies: ["BatonLens", "BatonTestSupport"], path: layerTests("Lens")),
        .testTarget(
            name: "BatonCompilerTests", dependencies: ["BatonCompiler", "BatonTestSupport"],
            path: layerTests("Compiler"),
            exclude: ["Goldens"]),
        .testTarget(
            name: "BatonTestingTests", dependencies: ["BatonTesting", "BatonStore", "BatonLens"],
            path: layerTests("Testing")),
        // The hostile-name corpus compiled through the plugin: generated Swift that does not
        // build fails the build.
        .testTarget(
            name: "BatonCompilerHostileTests",
            dependencies: ["BatonLens", "BatonTransport", "BatonTesting", "BatonTestSupport"],
            path: "Tests/BatonCompilerHostileTests", exclude: ["baton.json", "hostile-schema.graphql"],
            plugins: ["BatonCompilerPlugin"]),
        // The conformance suite's documents compiled through the plugin: each generated
        // template plans and ingests as its document does.
        .testTarget(
            name: "BatonCompilerSpecTests", dependencies: ["BatonLens", "BatonTesting", "BatonTestSupport"],
            path: "Tests/BatonCompilerSpecTests", exclude: ["baton.json", "Documents/LICENSE.md"],
            plugins: ["BatonCompilerPlugin"]),

        // Generated mocks: Apollo iOS's GitHub query compiled through the plugin, mocked from its
        // typed payload and fetched through a recorded transport.
        .testTarget(
            name: "BatonMockTests", dependencies: ["BatonLens", "BatonStore", "BatonTesting"],
            path: "Tests/BatonMockTests", exclude: ["baton.json", "NOTICE.md"], plugins: ["BatonCompilerPlugin"]),

        // The README's examples over its own Character.graphql (`make lint` checks the copy).
        .testTarget(
            name: "BatonReadmeTests", dependencies: ["BatonLens", "BatonTesting"],
            path: "Tests/BatonReadmeTests", exclude: ["baton.json"], plugins: ["BatonCompilerPlugin"]),

        .testTarget(
            name: "BatonIntegrationTests",
            dependencies: [
                "BatonRecords", "BatonNormalize", "BatonStore", "BatonImage", "BatonTransport", "BatonLens",
                "BatonTesting", "BatonTestSupport",
            ],
            path: "Tests/BatonIntegrationTests",
            exclude: ["baton.json", "client-extensions.graphql"],
            plugins: ["BatonCompilerPlugin"]
        ),

        // Every SwiftUI and SwiftData type name, unqualified beside every Baton module.
        .target(name: "SwiftUINames", path: "Tools/SwiftUIStandIn/Sources/SwiftUINames"),
        .testTarget(
            name: "NamesBesideSwiftUITests",
            dependencies: [
                "SwiftUINames", "BatonRecords", "BatonNormalize", "BatonStore", "BatonImage", "BatonTransport",
                "BatonLens",
                "BatonCompiler", "BatonTesting",
            ],
            path: "Tools/SwiftUIStandIn/Tests/NamesBesideSwiftUITests"),

        .target(name: "LayerRules", path: "Tools/LayerCheck/Sources/LayerRules"),
        .executableTarget(
            name: "baton-layers", dependencies: ["LayerRules"], path: "Tools/LayerCheck/Sources/baton-layers"),
        .testTarget(
            name: "LayerRulesTests", dependencies: ["LayerRules"], path: "Tools/LayerCheck/Tests/LayerRulesTests"),
    ]
)
