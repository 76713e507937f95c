// swift-tools-version: 6.0
// The testing product: transports that answer from files, never, or step by step as a test
// drives them, waits for handles, and mocks built from the generated typed payloads. For tests,
// previews and examples that must not touch the network. Depends only on the runtime layers it
// stands in for, waits on or builds from.
import PackageDescription

let package = Package(
    name: "Testing",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [.library(name: "BatonTesting", targets: ["BatonTesting"])],
    dependencies: [
        .package(path: "../Records"), .package(path: "../Normalize"), .package(path: "../Store"),
        .package(path: "../Lens"),
    ],
    targets: [
        .target(
            name: "BatonTesting",
            dependencies: [
                .product(name: "BatonRecords", package: "Records"),
                .product(name: "BatonNormalize", package: "Normalize"),
                .product(name: "BatonLens", package: "Lens"),
            ]),
        .testTarget(
            name: "BatonTestingTests",
            dependencies: [
                "BatonTesting", .product(name: "BatonStore", package: "Store"),
                .product(name: "BatonLens", package: "Lens"),
            ]),
    ]
)
