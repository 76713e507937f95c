// swift-tools-version: 6.0
// Test-only support: finds the repository's test data from its own path. Any test target (and
// the benchmarks) may use it; no library target may (`make layers` checks both).
import PackageDescription

let package = Package(
    name: "Support",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [.library(name: "BatonTestSupport", targets: ["BatonTestSupport"])],
    targets: [.target(name: "BatonTestSupport")]
)
