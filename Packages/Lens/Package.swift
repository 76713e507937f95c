// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Lens",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [.library(name: "BatonLens", targets: ["BatonLens"])],
    dependencies: [
        .package(path: "../Records"), .package(path: "../Normalize"), .package(path: "../Store"),
        .package(path: "../../Tests/Support"),
    ],
    targets: [
        .target(
            name: "BatonLens",
            dependencies: [
                .product(name: "BatonRecords", package: "Records"),
                .product(name: "BatonNormalize", package: "Normalize"),
                .product(name: "BatonStore", package: "Store"),
            ]),
        .testTarget(
            name: "BatonLensTests", dependencies: ["BatonLens", .product(name: "BatonTestSupport", package: "Support")]),
    ]
)
