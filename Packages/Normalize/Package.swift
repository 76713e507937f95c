// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Normalize",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [.library(name: "BatonNormalize", targets: ["BatonNormalize"])],
    dependencies: [.package(path: "../Records"), .package(path: "../../Tests/Support")],
    targets: [
        .target(name: "BatonNormalize", dependencies: [.product(name: "BatonRecords", package: "Records")]),
        .testTarget(
            name: "BatonNormalizeTests",
            dependencies: ["BatonNormalize", .product(name: "BatonTestSupport", package: "Support")]),
    ]
)
