@_spi(Baton) import BatonRecords

/// A record held without a reference count, for code that reaches records something else
/// holds for its whole run: the table during a walk (``StoreNode``, ``MarkNode``), a write
/// buffer's entries during its apply (`WriteBuffer.apply`). The one place the store reads a
/// record through an unretained reference.
///
/// A call through ``withRecord(_:)`` borrows the record: the compiler neither retains nor
/// releases it around the call, as it does for a call on a record loaded from a stored
/// property (the check retained and released each record it reached at each link: `profile
/// check 10` 8.13M → 7.37M instructions without it). `unowned(unsafe)` makes a strong copy at
/// each use instead (+17%). The holder must outlive every use; debug builds trap a change to
/// the store begun inside a walk or a commit (`Store+Reentrance.swift`).
struct BorrowedRecord {
    private let reference: Unmanaged<Record>

    @inline(__always)
    init(_ record: Record) {
        reference = .passUnretained(record)
    }

    /// The record, as a strong reference where a caller keeps it.
    var record: Record { reference.takeUnretainedValue() }

    /// `body`'s result on the record, which `body` borrows.
    @inline(__always)
    func withRecord<R>(_ body: (Record) throws -> R) rethrows -> R {
        try reference._withUnsafeGuaranteedRef(body)
    }
}
