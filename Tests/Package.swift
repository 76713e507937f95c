// swift-tools-version: 6.0
// The integration package: every layer composed against recorded responses in Fixtures/.
import PackageDescription

let package = Package(
    name: "Integration",
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
        .package(path: "Support"),
    ],
    targets: [
        .testTarget(
            name: "BatonIntegrationTests",
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
            path: "BatonIntegrationTests",
            exclude: ["baton.json", "client-extensions.graphql"],
            plugins: [.plugin(name: "BatonCompilerPlugin", package: "Compiler")]
        ),
        // `make soak`'s long session and subscription soak (Tools/Soak/soak.py runs it in release):
        // the app's path, environment, transports, lenses and image, against the local server.
        .executableTarget(
            name: "BatonSoak",
            dependencies: [
                .product(name: "BatonStore", package: "Store"),
                .product(name: "BatonImage", package: "Image"),
                .product(name: "BatonTransport", package: "Transport"),
                .product(name: "BatonLens", package: "Lens"),
                .product(name: "BatonTestSupport", package: "Support"),
            ],
            path: "Soak"
        ),
    ]
)
