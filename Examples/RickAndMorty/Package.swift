// swift-tools-version: 6.0
// The Rick and Morty terminal example: pages through characters, opens one with its episodes
// and notes, edits a note optimistically, and keeps its store in an image across launches.
// Depends on the layer packages by path, as an app would.
import PackageDescription

let package = Package(
    name: "RickAndMorty",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [.executable(name: "rick-and-morty", targets: ["RickAndMorty"])],
    dependencies: [
        .package(path: "../../Packages/Lens"),
        .package(path: "../../Packages/Image"),
        .package(path: "../../Packages/Transport"),
        .package(path: "../../Packages/Compiler"),
        .package(path: "../../Packages/Testing"),
    ],
    targets: [
        .executableTarget(
            name: "RickAndMorty",
            dependencies: [
                .product(name: "BatonLens", package: "Lens"),
                .product(name: "BatonImage", package: "Image"),
                .product(name: "BatonTransport", package: "Transport"),
            ],
            path: "Sources/RickAndMorty",
            exclude: ["baton.json"],
            // Generates the lenses of the `.graphql` files and the `/* graphql */` markers.
            plugins: [.plugin(name: "BatonCompilerPlugin", package: "Compiler")]
        ),
        // The screens under test: the list, the character, the note edit, with the testing
        // product's scripted transport and mocks built from the generated payloads.
        .testTarget(
            name: "RickAndMortyTests",
            dependencies: [
                "RickAndMorty",
                .product(name: "BatonTesting", package: "Testing"),
            ],
            path: "Tests/RickAndMortyTests"
        ),
    ]
)
