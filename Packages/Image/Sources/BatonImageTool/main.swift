import Foundation
import BatonImage

// baton-image: inspects an image pulled from a device, read-only.
//   baton-image stats FILE     keys (records, roots, deleted), counts, bytes, launches (the last
//                              that read rows among them), the oldest row
//   baton-image dump FILE      every record as JSON, links as {"__ref": key}
//   baton-image get FILE KEY   one record as JSON

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(1)
}

let arguments = Array(CommandLine.arguments.dropFirst())
let usage = "usage: baton-image stats FILE | dump FILE | get FILE KEY"
guard arguments.count >= 2 else { fail(usage) }
let command = arguments[0]
let path = arguments[1]

do {
    let inspector = try ImageInspector(path: path)
    switch command {
    case "stats":
        guard arguments.count == 2 else { fail(usage) }
        let stats = try inspector.stats()
        print("file: \(path)")
        print("version: \(stats.version ?? "none")")
        print("bytes: \(stats.bytes)" + (stats.walBytes > 0 ? " (+ \(stats.walBytes) in the WAL)" : ""))
        print(
            "keys: \(stats.keys) = records \(stats.records) + roots \(stats.roots) + deleted \(stats.deleted) (the keys dump lists)"
        )
        print("root fields: \(stats.rootFields)")
        print("operations: \(stats.operations)")
        print("names: \(stats.names)")
        print("launch: \(stats.launch)")
        print(
            "last launch that read rows: "
                + (stats.activeLaunch.map { "\($0) (the next open keeps its rows and later ones)" }
                    ?? "none (the next open keeps every row)"))
        let launches = stats.rowsByLaunch.keys.sorted().map { "\($0): \(stats.rowsByLaunch[$0]!) rows" }
        print("launches: " + (launches.isEmpty ? "none" : launches.joined(separator: ", ")))
        if let oldest = stats.oldestRow {
            print("oldest row: \(oldest.key) (launch \(oldest.launch))")
        } else {
            print("oldest row: none")
        }
    case "dump":
        guard arguments.count == 2 else { fail(usage) }
        print(try inspector.dump().jsonText(sortedKeys: true))
    case "get":
        guard arguments.count == 3 else { fail(usage) }
        guard let snapshot = try inspector.record(RecordKey(arguments[2])) else {
            if try inspector.isDeleted(RecordKey(arguments[2])) { fail("\(arguments[2]): deleted in \(path)") }
            fail("\(arguments[2]): no such record in \(path)")
        }
        print(snapshot.relayDump.jsonText(sortedKeys: true))
    default:
        fail(usage)
    }
} catch {
    fail("baton-image: \(error)")
}
