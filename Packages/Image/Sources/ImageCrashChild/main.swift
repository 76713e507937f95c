import Foundation
import BatonImage

// Test and soak only (not a product): the processes of the crash-consistency and two-process
// tests and of `make soak` (Tools/Soak/README.md). Each mode writes its report to standard
// output, a line per event, written with one `write(2)` as it happens, so a kill loses at most
// the line it cut short.
//
//   ImageCrashChild commits FILE RUN        commits a batch at a time until killed
//   ImageCrashChild writes FILE RUN SEED    commits, reopens (ageing), removeAll, over a small
//                                           size limit (eviction), at random, until killed
//   ImageCrashChild hold FILE RUN           holds the image, committing, until its standard input
//                                           ends (then closes it) or it is killed
//   ImageCrashChild attempt FILE COUNT      opens the image COUNT times, reporting each outcome
//   ImageCrashChild soak-crashes KILLS DIRECTORY SEED
//   ImageCrashChild soak-two-processes SECONDS DIRECTORY
//                                           the soak parts: run the modes above as children and
//                                           end with the part's JSON line

let arguments = Array(CommandLine.arguments.dropFirst())
let usage = """
    usage: ImageCrashChild commits FILE RUN | writes FILE RUN SEED | hold FILE RUN | attempt FILE COUNT
           | soak-crashes KILLS DIRECTORY SEED | soak-two-processes SECONDS DIRECTORY

    """

func argument(_ index: Int) -> String {
    guard index < arguments.count else {
        FileHandle.standardError.write(Data(usage.utf8))
        exit(2)
    }
    return arguments[index]
}

func number(_ index: Int) -> Int {
    guard let value = Int(argument(index)) else {
        FileHandle.standardError.write(Data(usage.utf8))
        exit(2)
    }
    return value
}

switch arguments.first {
case "commits":
    ChildWriter(path: argument(1), run: argument(2), seed: 0, mix: .commitsOnly).run(until: nil)
case "writes":
    ChildWriter(path: argument(1), run: argument(2), seed: UInt64(number(3)), mix: .everyKind).run(until: nil)
case "hold":
    ChildWriter(path: argument(1), run: argument(2), seed: 0, mix: .commitsOnly).run(until: InputEnd())
case "attempt":
    OpenAttempts(path: argument(1)).run(count: number(2))
case "soak-crashes":
    CrashSoak(kills: number(1), directory: argument(2), seed: UInt64(number(3))).run().print()
case "soak-two-processes":
    TwoProcessSoak(seconds: Double(number(1)), directory: argument(2)).run().print()
default:
    FileHandle.standardError.write(Data(usage.utf8))
    exit(2)
}
