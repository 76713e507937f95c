import Foundation
import BatonTestSupport

// make bench: every figure the median of 21 runs after 3 warm-ups, printed and written to
// Benchmarks/results.json. `baton-bench FILTER` runs only the suites whose name has FILTER.

let filter = CommandLine.arguments.dropFirst().first
if filter == ImageBenchmarks.launchChildArgument, CommandLine.arguments.count == 3 {
    try MainActor.assumeIsolated { try ImageBenchmarks.launchChild(CommandLine.arguments[2]) }
    exit(0)
}
if filter == ImageBenchmarks.coldReadsChildArgument, CommandLine.arguments.count == 3 {
    try ImageBenchmarks.coldReadsChild(CommandLine.arguments[2])
    exit(0)
}
if filter == FirstPlanBenchmarks.childArgument {
    try MainActor.assumeIsolated { try FirstPlanBenchmarks.child() }
    exit(0)
}
if filter == Profiling.argument {
    try MainActor.assumeIsolated { try Profiling.run(CommandLine.arguments.dropFirst(2)) }
    exit(0)
}
var harness = Harness(filter: filter)
let suites: [(name: String, run: @MainActor (inout Harness) throws -> Void)] = [
    ("records", RecordsBenchmarks.run),
    ("normalize", NormalizeBenchmarks.run),
    ("store", StoreBenchmarks.run),
    ("image", ImageBenchmarks.run),
    ("lens", LensBenchmarks.run),
    ("lens-reads", LensReadBenchmarks.run),
    ("first-plan", FirstPlanBenchmarks.run),
    ("writes", WriteBenchmarks.run),
    ("transport", TransportBenchmarks.run),
    ("batching", BatchingBenchmarks.run),
    ("streams", StreamBenchmarks.run),
    ("networking", NetworkingBenchmarks.run),
    ("uploads", UploadBenchmarks.run),
]

print("Baton benchmarks — \(Harness.machine())")
for suite in suites where filter.map({ suite.name.contains($0) }) ?? true {
    print("\n[\(suite.name)]")
    do {
        try suite.run(&harness)
    } catch {
        print("suite \(suite.name) failed: \(error)")
        exit(1)
    }
}
if harness.misses.isEmpty {
    print("\nevery figure with a target meets it")
} else {
    print("\n\(harness.misses.count) figures miss their targets:")
    for miss in harness.misses {
        print("  \(miss.name) \(String(format: "%.3f", miss.value)), target \(miss.target.text)")
    }
}
if Harness.smoke {
    print("\nsmoke run: every suite ran once in release; nothing written")
} else {
    let output = TestData.repository.appendingPathComponent("Benchmarks/results.json")
    try harness.write(to: output)
    print("\nwrote \(output.path)")
}
