// libFuzzer target: the image's row decoder (BatonImage/Rows/), compiled into this binary with
// the few BatonImage files it needs (the decoder is internal; see Fuzz/build.sh).
//
// Properties, beyond "does not trap": a row that decodes re-encodes to bytes that decode to
// a value that encodes to the same bytes again (the encoding of a decoded row is canonical),
// and a record row's cell ranges exist exactly when the record decodes.
//
// `BATON_FUZZ_WRITE_SEEDS=<dir>` writes rows of every value kind into <dir> and exits (Support/SeedWriting.swift).
import Foundation
import CSQLite
import BatonRecords

/// An in-memory names table: ids 0...39, so both the short (type id < 32) and long link
/// forms are reachable.
// libFuzzer calls the target on one thread.
nonisolated(unsafe) let fuzzNames: Names = {
    do {
        let connection = try Connection(path: ":memory:", flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        try connection.execute(ImageSchema.create)
        var texts = ["__typename", "id", "name", "Character", "Location", "friends(first:10)", "origin", "status"]
        for n in texts.count..<40 { texts.append("Type\(n)") }
        for (id, text) in texts.enumerated() {
            try connection.execute("INSERT INTO names(id, text) VALUES (\(id), '\(text)')")
        }
        return try Names(connection: connection)
    } catch { fatalError("names: \(error)") }
}()

let recordKey = RecordKey("Character:1")

/// The bytes of `row` (a record row when `isRecord`, else a root field's value) after one
/// decode and encode, or nil when it does not decode.
func reencoded(_ row: [UInt8], isRecord: Bool) -> [UInt8]? {
    row.withUnsafeBytes { buffer -> [UInt8]? in
        var encoder = RowEncoder(names: fuzzNames)
        encoder.begin()
        do {
            if isRecord {
                guard let snapshot = RowDecoder.record(buffer, key: recordKey, names: fuzzNames) else { return nil }
                for cell in snapshot.cells { try encoder.cell(cell.slot, cell.value) }
            } else {
                guard let value = RowDecoder.rootField(buffer, names: fuzzNames) else { return nil }
                try encoder.encode(value)
            }
        } catch { fatalError("a decoded row does not encode: \(error)") }
        return encoder.bytes.copiedToArray
    }
}

func check(_ row: [UInt8], isRecord: Bool) {
    guard let once = reencoded(row, isRecord: isRecord) else { return }
    guard let twice = reencoded(once, isRecord: isRecord) else {
        fatalError("a re-encoded row does not decode: \(once)")
    }
    guard once == twice else { fatalError("re-encoding is not stable: \(once) vs \(twice)") }
}

/// Rows of every value kind, each as a root field's value and as a record's cell.
func fuzzSeeds() -> [(name: String, bytes: [UInt8])] {
    var seeds: [(name: String, bytes: [UInt8])] = []
    let error = FieldError(message: "boom", path: [.key("a"), .index(-3)], extensions: .object(["code": .int(7)]))
    let values: [Value] = [
        .null, .bool(true), .bool(false), .int(5), .int(-1), .int(1 << 40), .double(2.5), .string("short"),
        .string(String(repeating: "x", count: 70)), .link(RecordKey("Character:12")), .link(RecordKey("Type35:abc")),
        .link(RecordKey("Type36:99")), .link(RecordKey("Character:x-y")), .link(RecordKey("nocolon")),
        .list([.int(1), .list([.string("a")])]), .list(Array(repeating: .int(1), count: 70)),
        .scalar(.object([("a", .array([.int(1), .double(1.5), .string("s"), .null, .bool(true)]))])), .error(error),
    ]
    for (index, value) in values.enumerated() {
        var encoder = RowEncoder(names: fuzzNames)
        encoder.begin()
        do { try encoder.encode(value) } catch { fatalError("\(error)") }
        seeds.append(("root-\(index)", [0] + encoder.bytes.copiedToArray))
        encoder.begin()
        do {
            try encoder.cell(Slot("id"), .string("1"))
            try encoder.cell(Slot("name"), value)
        } catch { fatalError("\(error)") }
        seeds.append(("record-\(index)", [1] + encoder.bytes.copiedToArray))
    }
    return seeds
}

func fuzzPrepare() {
    _ = fuzzNames
}

/// The first byte chooses the decoder (even: a root field's value, odd: a record row); the
/// rest is the row.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRow(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard count > 0 else { return 0 }
    let row = Array(UnsafeBufferPointer(start: data + 1, count: count - 1))
    let isRecord = data[0] & 1 == 1
    check(row, isRecord: isRecord)
    if isRecord {
        let decodes = row.withUnsafeBytes { RowDecoder.record($0, key: recordKey, names: fuzzNames) != nil }
        let ranges = row.withUnsafeBytes { RowDecoder.cellRanges($0, key: recordKey, names: fuzzNames) != nil }
        guard decodes == ranges else { fatalError("cellRanges and record disagree on \(row)") }
    }
    return 0
}
