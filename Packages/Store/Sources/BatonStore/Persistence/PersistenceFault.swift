/// A fault a ``Persistence`` reported: the disk did not do what the store handed it (it could
/// not open, filled up, stopped writing). The store goes on in memory whatever the fault; what
/// the disk still does after it is the persistence's to say (the SQLite image's `state`).
///
/// Value-free: it carries the persistence's own error (for the SQLite image an `ImageError`,
/// naming the file and the SQLite code or errno), never a record's value. A value: safe on any
/// thread. Two faults are equal when their errors are.
public struct PersistenceFault: Error, Sendable, Hashable, CustomStringConvertible {
    /// The persistence's error, typed as the persistence threw it: cast it to read its cases.
    public let error: any Error & Sendable & Hashable

    public init(_ error: any Error & Sendable & Hashable) {
        self.error = error
    }

    public var description: String { "\(error)" }

    public static func == (lhs: PersistenceFault, rhs: PersistenceFault) -> Bool {
        func equals<E: Hashable>(_ error: E, _ other: any Hashable) -> Bool { error == other as? E }
        return equals(lhs.error, rhs.error)
    }

    public func hash(into hasher: inout Hasher) {
        error.hash(into: &hasher)
    }
}
