// swift-tools-version: 6.0
// The benchmark harness: a release-mode executable that prints medians and ratios and
// writes them to results.json. Run it with `make bench`.
import PackageDescription

let package = Package(
    name: "Benchmarks",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    dependencies: [
        .package(path: "../Packages/Records"),
        .package(path: "../Packages/Normalize"),
        .package(path: "../Packages/Store"),
        .package(path: "../Packages/Image"),
        .package(path: "../Packages/Transport"),
        .package(path: "../Packages/Lens"),
        .package(path: "../Packages/Compiler"),
        .package(path: "../Packages/Testing"),
        .package(path: "../Tests/Support"),
    ],
    targets: [
        .executableTarget(
            name: "BatonBenchmarks",
            dependencies: [
                .product(name: "BatonRecords", package: "Records"),
                .product(name: "BatonNormalize", package: "Normalize"),
                .product(name: "BatonStore", package: "Store"),
                .product(name: "BatonImage", package: "Image"),
                .product(name: "BatonTransport", package: "Transport"),
                .product(name: "BatonLens", package: "Lens"),
                .product(name: "BatonTesting", package: "Testing"),
                .product(name: "BatonTestSupport", package: "Support"),
            ],
            exclude: ["baton.json"],
            // The screen's lenses as an app gets them: BenchmarkScreen.graphql through the plugin.
            plugins: [.plugin(name: "BatonCompilerPlugin", package: "Compiler")]
        )
    ]
)
