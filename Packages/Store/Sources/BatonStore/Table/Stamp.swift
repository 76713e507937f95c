import Foundation

/// When something happened: the store's clock, and the launch's order of events, so an
/// invalidation and a fetch in the same instant still compare. A fetch time read from the
/// persistence has sequence 0: it is older than everything this launch did.
struct Stamp: Hashable, Sendable {
    var date: Date
    var sequence: Int

    func isBefore(_ other: Stamp) -> Bool {
        sequence < other.sequence
    }
}
