// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Image",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "BatonImage", targets: ["BatonImage"]),
        // Inspects an image pulled from a device: `baton-image stats|dump|get KEY FILE`.
        .executable(name: "baton-image", targets: ["BatonImageTool"]),
    ],
    dependencies: [
        .package(path: "../Records"), .package(path: "../Normalize"), .package(path: "../Store"),
        .package(path: "../../Tests/Support"),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]),
        .target(
            name: "BatonImage",
            dependencies: [
                "CSQLite",
                .product(name: "BatonRecords", package: "Records"),
                .product(name: "BatonStore", package: "Store"),
            ]),
        .executableTarget(name: "BatonImageTool", dependencies: ["BatonImage"]),
        // Test and soak only: the writing, holding and attempting processes of the crash-consistency
        // and process-lock tests, and the drivers of `make soak`'s crashes and two-processes parts.
        .executableTarget(name: "ImageCrashChild", dependencies: ["BatonImage"]),
        .testTarget(
            name: "BatonImageTests",
            dependencies: [
                "BatonImage",
                "BatonImageTool",
                "ImageCrashChild",
                .product(name: "BatonNormalize", package: "Normalize"),
                .product(name: "BatonTestSupport", package: "Support"),
            ]),
    ]
)
