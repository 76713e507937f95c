// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Records",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [.library(name: "BatonRecords", targets: ["BatonRecords"])],
    targets: [
        .target(name: "BatonRecords"),
        .testTarget(name: "BatonRecordsTests", dependencies: ["BatonRecords"]),
    ]
)
