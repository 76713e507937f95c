import CSQLite

/// SQLite's "copy the bytes now" destructor, `SQLITE_TRANSIENT`, from the C shim.
var transientDestructor: sqlite3_destructor_type { baton_sqlite_transient() }

/// A prepared statement, a thin wrapper over `sqlite3_stmt*`. Bind with the 1-based
/// `bind` calls, `step` until it returns false, read columns 0-based between steps.
///
/// Lives with its ``Connection`` and is used under the same lock.
@_spi(Baton) public final class Statement {
    let handle: OpaquePointer
    unowned let connection: Connection

    init(_ handle: OpaquePointer, connection: Connection) {
        self.handle = handle
        self.connection = connection
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Resets the statement and clears its bindings.
    func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    @_spi(Baton) public func bind(_ value: Int64, at index: Int32) throws {
        try check(sqlite3_bind_int64(handle, index, value))
    }

    func bind(_ value: Double, at index: Int32) throws {
        try check(sqlite3_bind_double(handle, index, value))
    }

    @_spi(Baton) public func bind(_ value: String, at index: Int32) throws {
        var value = value
        try value.withUTF8 { utf8 in
            try utf8.withMemoryRebound(to: CChar.self) { chars in
                if let base = chars.baseAddress {
                    try check(sqlite3_bind_text(handle, index, base, Int32(chars.count), transientDestructor))
                } else {
                    try check(sqlite3_bind_text(handle, index, "", 0, transientDestructor))
                }
            }
        }
    }

    @_spi(Baton) public func bind(blob bytes: [UInt8], at index: Int32) throws {
        try bytes.withUnsafeBytes { try bind(blob: $0, at: index) }
    }

    /// Binds a copy of `raw`'s bytes, so they need not outlive the call.
    func bind(blob raw: UnsafeRawBufferPointer, at index: Int32) throws {
        try check(
            sqlite3_bind_blob(
                handle, index, raw.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!, Int32(raw.count),
                transientDestructor))
    }

    /// Runs `body` with `value` bound at `index` in place, without the copy
    /// ``bind(_:at:)-(String,_)`` makes: the binding holds only inside `body`, and the
    /// statement is reset, its bindings cleared, when this returns.
    @_spi(Baton) public func withText<R>(_ value: String, at index: Int32, _ body: () throws -> R) throws -> R {
        var value = value
        defer { reset() }
        return try value.withUTF8 { utf8 in
            let base = UnsafeRawPointer(utf8.baseAddress ?? UnsafePointer(bitPattern: 1)!)
            try check(
                sqlite3_bind_text(handle, index, base.assumingMemoryBound(to: CChar.self), Int32(utf8.count), nil))
            return try body()
        }
    }

    /// Runs `body` with `bytes` bound at `index` in place, without the copy
    /// ``bind(blob:at:)-([UInt8],_)`` makes: the binding holds only inside `body`, and the statement is
    /// reset, its bindings cleared, when this returns.
    @_spi(Baton) public func withBlob<R>(_ bytes: [UInt8], at index: Int32, _ body: () throws -> R) throws -> R {
        defer { reset() }
        return try bytes.withUnsafeBytes { raw in
            try check(
                sqlite3_bind_blob(
                    handle, index, raw.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!, Int32(raw.count), nil))
            return try body()
        }
    }

    /// Steps once: true when a row is ready, false when the statement is done.
    @_spi(Baton) public func step() throws -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw connection.error(code)
        }
    }

    /// Steps until done, for a statement that returns no rows.
    @_spi(Baton) public func run() throws {
        defer { sqlite3_reset(handle) }
        while try step() {}
    }

    func int64(_ column: Int32) -> Int64 {
        sqlite3_column_int64(handle, column)
    }

    func double(_ column: Int32) -> Double {
        sqlite3_column_double(handle, column)
    }

    func isNull(_ column: Int32) -> Bool {
        sqlite3_column_type(handle, column) == SQLITE_NULL
    }

    @_spi(Baton) public func text(_ column: Int32) -> String {
        guard let pointer = sqlite3_column_text(handle, column) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
    }

    /// The column's bytes, valid until the next step, reset or finalize.
    @_spi(Baton) public func blob(_ column: Int32) -> UnsafeRawBufferPointer {
        let pointer = sqlite3_column_blob(handle, column)
        let count = Int(sqlite3_column_bytes(handle, column))
        guard let pointer, count > 0 else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        return UnsafeRawBufferPointer(start: pointer, count: count)
    }

    func check(_ code: Int32) throws {
        guard code == SQLITE_OK else { throw connection.error(code) }
    }
}
