// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Transport",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [.library(name: "BatonTransport", targets: ["BatonTransport"])],
    dependencies: [
        .package(path: "../Records"),
        .package(path: "../Normalize"),
        .package(path: "../../Tests/Support"),
    ],
    targets: [
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
        // TLS for the own WebSocket client's `wss://`, on Linux only: Apple platforms link no OpenSSL.
        .systemLibrary(
            name: "COpenSSL", pkgConfig: "openssl", providers: [.apt(["libssl-dev"]), .brew(["openssl"])]),
        .target(
            name: "BatonTransport",
            dependencies: [
                "CZlib",
                .target(name: "COpenSSL", condition: .when(platforms: [.linux])),
                .product(name: "BatonRecords", package: "Records"),
                .product(name: "BatonNormalize", package: "Normalize"),
            ]),
        .testTarget(
            name: "BatonTransportTests",
            dependencies: ["BatonTransport", .product(name: "BatonTestSupport", package: "Support")]),
    ]
)
