import Foundation

/// Collects figures and writes them: each figure the median of at least 20 timed runs
/// after a warm-up, named in snake_case with its unit as the suffix.
///
/// With `BATON_BENCH_SMOKE=1` (`make bench-smoke`, which `make test` runs) each figure comes
/// from one run and nothing is written: the release build runs every suite's code once, so a
/// crash only the optimizer's code has fails the tests.
struct Harness {
    static let smoke = ProcessInfo.processInfo.environment["BATON_BENCH_SMOKE"] == "1"
    /// 21, or `BATON_BENCH_RUNS` when set (more runs, for a figure read on a loaded machine).
    static let runs = smoke ? 1 : ProcessInfo.processInfo.environment["BATON_BENCH_RUNS"].flatMap { Int($0) } ?? 21
    static let warmups = smoke ? 0 : 3

    private(set) var figures: [(name: String, value: Double)] = []
    /// Restricts the run to suites whose name contains this text, when set.
    let filter: String?

    init(filter: String?) {
        self.filter = filter
    }

    /// The figures that missed their target (``Target/figures``) so far, with it.
    private(set) var misses: [(name: String, value: Double, target: Target)] = []

    /// Records a figure and prints it, with its target when it has one (`MISS` when it is not
    /// met).
    mutating func record(_ name: String, _ value: Double) {
        figures.append((name, value))
        let shown = value >= 100 ? String(format: "%.0f", value) : String(format: "%.3f", value)
        var line = name.padding(toLength: 44, withPad: " ", startingAt: 0) + shown
        if let target = Target.figures[name] {
            let met = target.isMet(by: value)
            line =
                line.padding(toLength: 56, withPad: " ", startingAt: 0) + "target \(target.text)"
                + (met ? "" : "  MISS")
            if !met { misses.append((name, value, target)) }
        }
        print(line)
    }

    /// The median of `runs` measurements after `warmups` discarded ones. `body` returns one
    /// measurement in the figure's unit.
    static func median(runs: Int = runs, warmups: Int = warmups, _ body: () throws -> Double) rethrows -> Double {
        for _ in 0..<warmups { _ = try body() }
        var samples: [Double] = []
        samples.reserveCapacity(runs)
        for _ in 0..<runs { samples.append(try body()) }
        samples.sort()
        return samples[samples.count / 2]
    }

    /// The medians of two measurements taken in turn, run after run, so both see the same
    /// moments of a noisy machine: for a figure that is their ratio.
    static func interleavedMedians(
        _ first: () throws -> Double, _ second: () throws -> Double
    ) rethrows -> (first: Double, second: Double) {
        let medians = try interleavedMedians(count: 2) { try $0 == 0 ? first() : second() }
        return (medians[0], medians[1])
    }

    /// The medians of `count` measurements taken in turn, run after run: `body(i)` returns one
    /// of measurement `i`. For figures that are ratios of any two of them.
    static func interleavedMedians(count: Int, _ body: (Int) throws -> Double) rethrows -> [Double] {
        var samples = [[Double]](repeating: [], count: count)
        for run in 0..<(warmups + runs) {
            for index in 0..<count {
                let sample = try body(index)
                if run >= warmups { samples[index].append(sample) }
            }
        }
        return samples.map { $0.sorted()[$0.count / 2] }
    }

    /// Nanoseconds `body` takes.
    @inline(never)
    static func nanoseconds(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start)
    }

    static func milliseconds(_ body: () throws -> Void) rethrows -> Double {
        try nanoseconds(body) / 1e6
    }

    /// The numbers this executable prints when run again in a new process with `arguments`
    /// (a suite's child: a launch, a first plan).
    static func childFigures(_ arguments: [String]) throws -> [Double] {
        let child = Process()
        child.executableURL = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        child.arguments = arguments
        let output = Pipe()
        child.standardOutput = output
        try child.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        child.waitUntilExit()
        let figures = text.split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
        guard child.terminationStatus == 0, !figures.isEmpty else {
            throw ImageBenchmarks.BenchError.child(
                "status \(child.terminationStatus), printed \(text.debugDescription)")
        }
        return figures
    }

    /// Writes `{"machine", "date", "figures"}` to `url`. A run of some suites only (a filter)
    /// keeps the other suites' figures from the file.
    func write(to url: URL) throws {
        var figuresObject: [String: Double] = [:]
        if filter != nil, let data = try? Data(contentsOf: url),
            let old = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
            let oldFigures = old["figures"] as? [String: Double]
        {
            figuresObject = oldFigures
        }
        for (name, value) in figures { figuresObject[name] = value }
        let object: [String: Any] = [
            "machine": Self.machine(),
            "date": ISO8601DateFormatter().string(from: Date()),
            "figures": figuresObject,
        ]
        let data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
        try data.write(to: url)
    }

    static func machine() -> String {
        let info = ProcessInfo.processInfo
        var cpu = "unknown cpu"
        if let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
            let line = text.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
            let name = line.split(separator: ":", maxSplits: 1).last
        {
            cpu = name.trimmingCharacters(in: .whitespaces)
        }
        return
            "\(cpu), \(info.activeProcessorCount) cores, \(info.physicalMemory >> 30) GiB, \(info.operatingSystemVersionString)"
    }
}

/// Keeps a value alive and opaque to the optimizer.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
