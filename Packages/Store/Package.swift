// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Store",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [.library(name: "BatonStore", targets: ["BatonStore"])],
    dependencies: [
        .package(path: "../Records"), .package(path: "../Normalize"), .package(path: "../../Tests/Support"),
    ],
    targets: [
        .target(
            name: "BatonStore",
            dependencies: [
                .product(name: "BatonRecords", package: "Records"),
                .product(name: "BatonNormalize", package: "Normalize"),
            ]),
        .testTarget(
            name: "BatonStoreTests",
            dependencies: ["BatonStore", .product(name: "BatonTestSupport", package: "Support")]),
    ]
)
