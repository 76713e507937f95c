// swift-tools-version: 6.0
// The testing product: transports that answer from files or never, for tests, previews and
// examples that must not touch the network. Depends only on the layers it stands in for.
import PackageDescription

let package = Package(
    name: "Testing",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [.library(name: "BatonTesting", targets: ["BatonTesting"])],
    dependencies: [.package(path: "../Records"), .package(path: "../Normalize")],
    targets: [
        .target(
            name: "BatonTesting",
            dependencies: [
                .product(name: "BatonRecords", package: "Records"),
                .product(name: "BatonNormalize", package: "Normalize"),
            ]),
        .testTarget(name: "BatonTestingTests", dependencies: ["BatonTesting"]),
    ]
)
