import Foundation
import BatonImage

// Test-only: commits to the image at argv[1] in a loop, as run argv[2], and prints the
// number of each commit once it is complete, until it is killed.
//   ImageCrashChild FILE RUN

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: ImageCrashChild FILE RUN\n".utf8))
    exit(2)
}
let image = StoreImage.open(at: URL(fileURLWithPath: arguments[1]), version: "crash-test")
let run = arguments[2]
do {
    try image.waitUntilOpen()
} catch {
    FileHandle.standardError.write(Data("open failed: \(error)\n".utf8))
    exit(3)
}
let padding = String(repeating: "x", count: 300)
var commit = 0
while true {
    var entries: [PersistenceBatch.Entry] = []
    for i in 0..<25 {
        let snapshot = RecordSnapshot(
            key: RecordKey(type: "Item", id: "\(run)-\(commit)-\(i)"),
            values: [
                "commit": .int(commit),
                "index": .int(i),
                "text": .string(padding),
                "tags": .list([.string("a"), .link(RecordKey(type: "Item", id: "\(run)-0-0")), .list([.int(i)])]),
            ])
        entries.append(.init(snapshot: snapshot, rowWasRead: false))
    }
    entries.append(
        .init(
            snapshot: RecordSnapshot(key: RecordKey(type: "Counter", id: run), values: ["last": .int(commit)]),
            rowWasRead: false))
    image.write(PersistenceBatch(entries: entries))
    image.waitForPendingWrites()
    FileHandle.standardOutput.write(Data("\(commit)\n".utf8))
    commit += 1
}
