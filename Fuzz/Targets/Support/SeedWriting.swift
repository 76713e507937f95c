// The `LLVMFuzzerInitialize` of the targets that make their own seeds (compiled into each of
// them; see Fuzz/build.sh). Each such target defines `fuzzSeeds()`, its seed inputs by file
// name, and `fuzzPrepare()`, what it builds once before the first input.
//
// `BATON_FUZZ_WRITE_SEEDS=<dir>` writes the seeds into <dir> and exits (Fuzz/targets.sh).
import Foundation

@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
) -> CInt {
    guard let directory = ProcessInfo.processInfo.environment["BATON_FUZZ_WRITE_SEEDS"] else {
        fuzzPrepare()
        return 0
    }
    do {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    } catch { fatalError("cannot make \(directory): \(error)") }
    let seeds = fuzzSeeds()
    for seed in seeds {
        guard FileManager.default.createFile(atPath: "\(directory)/\(seed.name)", contents: Data(seed.bytes)) else {
            fatalError("cannot write \(directory)/\(seed.name)")
        }
    }
    print("wrote \(seeds.count) seeds to \(directory)")
    exit(0)
}
