import BatonRecords

/// Turns a response's bytes into the change set the store commits, walking the operation's
/// plan while it reads, so no tree of the response is ever built.
///
/// Stateless and `Sendable`: call it from any task, off the main actor (a fetch runs it in
/// its own task). A response either ingests whole or throws an ``IngestError``; nothing is
/// half-written.
public struct Ingest: Sendable {
    /// Whether a response must answer every field the operation selects.
    public enum Completeness: Sendable {
        /// A server's response: an omitted field (not deferred) is malformed.
        case complete
        /// A payload written by hand: fields may be absent.
        case partial
    }

    public var completeness: Completeness
    /// Whether a member the plan does not select (other than `__typename`, which every object
    /// may answer) throws ``IngestError/Kind/unselectedKey(_:nearest:)`` instead of being
    /// skipped: for payloads written by hand, where such a member is a typo.
    public var rejectsUnselectedKeys: Bool
    /// The deepest nesting of the response's JSON accepted.
    public var maxDepth: Int

    public init(completeness: Completeness = .complete, rejectsUnselectedKeys: Bool = false, maxDepth: Int = 512) {
        self.completeness = completeness
        self.rejectsUnselectedKeys = rejectsUnselectedKeys
        self.maxDepth = maxDepth
    }

    /// The changes of `response`, a whole response to the operation of `plan`.
    ///
    /// For a later payload of an incremental (`@defer`) response, pass the deferred targets
    /// of the payloads before it: an `incremental` entry lands in the record its path names.
    public func ingest(
        _ response: some Collection<UInt8>, plan: OperationPlan, after targets: [DeferredTarget] = []
    ) throws(IngestError) -> IngestResult {
        var walker = ResponseWalker(
            reader: JSONReader(response, maxDepth: maxDepth), plan: plan,
            complete: completeness == .complete, rejectsUnselectedKeys: rejectsUnselectedKeys, targets: targets)
        return try walker.walkResponse()
    }
}
