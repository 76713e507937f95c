// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Compiler",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "BatonCompiler", targets: ["BatonCompiler"]),
        .executable(name: "baton-compile", targets: ["baton-compile"]),
        .plugin(name: "BatonCompilerPlugin", targets: ["BatonCompilerPlugin"]),
    ],
    dependencies: [
        .package(path: "../Records"), .package(path: "../Normalize"), .package(path: "../../Tests/Support"),
    ],
    targets: [
        .target(
            name: "BatonCompiler",
            dependencies: [
                .product(name: "BatonRecords", package: "Records"),
                .product(name: "BatonNormalize", package: "Normalize"),
            ]),
        .executableTarget(name: "baton-compile", dependencies: ["BatonCompiler"]),
        .plugin(name: "BatonCompilerPlugin", capability: .buildTool(), dependencies: ["baton-compile"]),
        .testTarget(
            name: "BatonCompilerTests",
            dependencies: ["BatonCompiler", .product(name: "BatonTestSupport", package: "Support")],
            exclude: ["Goldens"]),
    ]
)
