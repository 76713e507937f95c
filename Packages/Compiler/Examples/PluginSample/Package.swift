// swift-tools-version: 6.1
// A package that uses the compiler the way an app does: the plugin on a target holding
// `.graphql` files and a baton.json. `swift build` compiles the documents into lenses.
import PackageDescription

let package = Package(
    name: "PluginSample",
    platforms: [.macOS(.v15), .iOS(.v18)],
    dependencies: [.package(path: "../.."), .package(path: "../../../Lens")],
    targets: [
        .target(
            name: "Sample",
            dependencies: [.product(name: "BatonLens", package: "Lens")],
            exclude: ["baton.json", "schema.graphql"],
            plugins: [.plugin(name: "BatonCompilerPlugin", package: "Compiler")]
        )
    ]
)
