import Foundation

/// What the store can answer for an operation. A value: safe on any thread.
public enum Availability: Hashable, Sendable {
    /// Everything the operation selects is held, and fresh.
    case available
    /// Everything is held, but the operation's last fetch is older than the maxAge asked
    /// for, or a record it read was invalidated after that fetch.
    case stale
    /// The response paths the store cannot answer, in walk order.
    case missing([[FieldError.PathElement]])
}

/// Where the check's answer came from, in the spec's words.
public enum CheckSource: String, Hashable, Sendable {
    /// Memory held everything the walk read.
    case memory
    /// Memory lacked something and the persistence supplied it.
    case image
    /// Something is missing even after asking the persistence (or there is none).
    case miss
}

/// The availability check's answer. A value: safe on any thread.
public struct CheckResult: Hashable, Sendable {
    public var availability: Availability
    public var source: CheckSource
    /// When the operation was last fetched, as far as the store knows.
    public var fetchedAt: Date?
    /// Whether a deferred field is absent (its payload has not arrived): not missing.
    public var hasPendingDeferred: Bool

    public var isAvailable: Bool { availability == .available }

    /// The missing paths, as dotted text (`characters.results.0.name`).
    public var missingPaths: [String] {
        guard case .missing(let paths) = availability else { return [] }
        return paths.map { $0.map(\.description).joined(separator: ".") }
    }
}
