import Foundation
import BatonImage

/// One batch a child commits, and how a checker finds it again: `count` records
/// `Item:<id>-<i>`, each naming its batch, its index, the batch's size and the launch it was
/// written in, with a text of `textLength` bytes and a list holding a link to the batch's
/// first record. Ids are never reused, so a batch is in a file whole, or not at all.
struct SoakBatch {
    let id: String
    let launch: Int64
    let count: Int
    let textLength: Int

    func key(_ index: Int) -> RecordKey { RecordKey(type: "Item", id: "\(id)-\(index)") }

    var persistenceBatch: PersistenceBatch {
        let text = String(repeating: "x", count: textLength)
        return PersistenceBatch(
            entries: (0..<count).map { index in
                .init(
                    snapshot: RecordSnapshot(
                        key: key(index),
                        values: [
                            "batch": .string(id), "index": .int(index), "of": .int(count), "launch": .int(Int(launch)),
                            "text": .string(text),
                            "tags": .list([.string("a"), .link(key(0)), .list([.int(index)])]),
                        ]),
                    rowWasRead: false)
            })
    }

    /// The batch id of an item's key, or nil for another key.
    static func id(of key: RecordKey) -> String? {
        let text = key.rawValue
        guard text.hasPrefix("Item:"), let dash = text.lastIndex(of: "-") else { return nil }
        return String(text[text.index(text.startIndex, offsetBy: 5)..<dash])
    }

    /// What a file holds of one batch.
    enum Presence: Equatable {
        /// Every record, each as written: the batch's launch.
        case whole(launch: Int64)
        /// Some records but not all, or a record unlike what was written: the file is damaged.
        case torn
    }

    /// Reads the batch `id`, of whose records `keys` are in the file, through `inspector`.
    static func presence(of id: String, keys: [RecordKey], in inspector: ImageInspector) throws -> Presence {
        guard let first = try inspector.record(RecordKey(type: "Item", id: "\(id)-0")),
            case .int(let count)? = first["of"], case .int(let launch)? = first["launch"],
            case .string(let text)? = first["text"], keys.count == count
        else { return .torn }
        let batch = SoakBatch(id: id, launch: Int64(launch), count: count, textLength: text.utf8.count)
        for (index, entry) in batch.persistenceBatch.entries.enumerated() {
            guard let record = try inspector.record(batch.key(index)),
                record.valuesByStorageKey == entry.snapshot.valuesByStorageKey
            else { return .torn }
        }
        return .whole(launch: Int64(launch))
    }
}

/// A seeded generator (SplitMix64), so a soak run can be repeated from its seed.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Writes `line` and a newline to standard output in one `write(2)`, unbuffered.
func report(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
