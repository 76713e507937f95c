import Foundation
import Testing
import BatonTestSupport
@_spi(Baton) @testable import BatonImage
import CSQLite

/// The seeds' benchmark fixture: 686,254 bytes, 899 records.
enum Fixture {
    static let schema = try! GraphQLSchema.parse(
        sdl: TestData.text("Conformance/baton-spec/rickandmorty/schema.graphql"))
    static let normalization = Normalization(schema: schema)
    static let plan = try! OperationPlan(
        TestData.text("Conformance/baton-spec/documents/Fixture.graphql"), variables: ["page": 1],
        normalization: normalization)
    static let response = try! TestData.data("Conformance/baton-spec/rickandmorty/characters-page-1.json")
    static let changes = try! Ingest().ingest(response, plan: plan).changes
}

/// A directory of its own for each test, removed when the test ends.
final class Scratch {
    let directory: URL

    init() {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("baton-image-tests-\(UUID().uuidString)", isDirectory: true)
        try! FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    var file: URL { directory.appendingPathComponent("image.sqlite") }

    /// Opens the image at `file`, waits for the open, runs `body`, waits for its writes and
    /// closes it: one launch.
    @discardableResult
    func launch<R>(version: String = "v1", options: StoreImage.Options = .init(), _ body: (StoreImage) throws -> R)
        throws -> R
    {
        let image = StoreImage.open(at: file, version: version, options: options)
        defer { image.close() }
        try image.waitUntilOpen()
        let result = try body(image)
        image.waitForPendingWrites()
        return result
    }
}

extension StoreImage {
    /// Reads `key` in a read transaction of its own (a root: every field in `fields`).
    func read(_ key: RecordKey, fields: [Slot] = []) throws -> RecordSnapshot? {
        try withReadTransaction { try $0.snapshot(of: key, fields: fields) }
    }

    func writeAndWait(_ batch: PersistenceBatch) {
        write(batch)
        waitForPendingWrites()
    }

    /// Writes the one record `key` holding `values` (its row not read this launch), and waits.
    func writeAndWait(_ key: RecordKey, _ values: [String: Value]) {
        writeAndWait(PersistenceBatch(entries: [.init(snapshot: snapshot(key, values), rowWasRead: false)]))
    }
}

extension PersistenceBatch {
    /// Every snapshot of `changes`, as entries whose rows were not read.
    init(_ changes: ChangeSet, rowWasRead: Bool = false, fetchTimes: [OperationIdentity: Date] = [:]) {
        self.init(
            entries: changes.snapshots.map { .init(snapshot: $0, rowWasRead: rowWasRead) },
            deletions: changes.deletions, fetchTimes: fetchTimes)
    }
}

func snapshot(_ key: RecordKey, _ values: [String: Value]) -> RecordSnapshot {
    RecordSnapshot(key: key, values: values)
}

/// Waits up to `seconds` for `condition`.
func eventually(_ seconds: Double = 5, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if condition() { return true }
        Thread.sleep(forTimeInterval: 0.005)
    }
    return condition()
}

/// Collects what an image reports through `onError`.
final class ErrorLog: @unchecked Sendable {
    private let lock = NSLock()
    private var errors: [ImageError] = []

    var handler: @Sendable (ImageError) -> Void {
        { [self] error in
            lock.lock()
            errors.append(error)
            lock.unlock()
        }
    }

    var all: [ImageError] {
        lock.lock()
        defer { lock.unlock() }
        return errors
    }
}

/// The file's names table, by text: each name's file-local id. Read with a connection of its own.
func namesTable(_ path: String) throws -> [String: Int] {
    var db: OpaquePointer?
    guard sqlite3_open(path, &db) == SQLITE_OK else { throw ImageError.unavailable(path: path, reason: "open") }
    defer { sqlite3_close(db) }
    var statement: OpaquePointer?
    sqlite3_prepare_v2(db, "SELECT id, text FROM names", -1, &statement, nil)
    defer { sqlite3_finalize(statement) }
    var names: [String: Int] = [:]
    while sqlite3_step(statement) == SQLITE_ROW {
        names[String(cString: sqlite3_column_text(statement, 1))] = Int(sqlite3_column_int64(statement, 0))
    }
    return names
}
