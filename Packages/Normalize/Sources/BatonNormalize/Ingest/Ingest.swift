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
    /// Whether `data` is checked against the plan's schema before it is walked, for payloads
    /// written by hand (a write from app code, an optimistic response), which a server's
    /// validation never saw: a null where the field's type (or a list's element type) is
    /// non-null throws ``IngestError/Kind/nullInNonNull(type:)``, a value its enum does not
    /// declare ``IngestError/Kind/undeclaredEnumValue(_:enum:values:nearest:)``, a `__typename`
    /// that is not a possible type of its position ``IngestError/Kind/impossibleTypename(_:position:possible:)``
    /// or, naming no type at all, ``IngestError/Kind/unknownTypename(_:possible:nearest:)``.
    ///
    /// A field left out is no error (a partial payload leaves what it omits untouched). The
    /// schema is the normalization's, else its ``Normalization/payloadSchema`` (what the
    /// compiler generates), parsed at the first check; a normalization with neither has
    /// nothing to check against, and the payload is not checked.
    /// The walk checks each member as it reads it, against its field's definition on the type
    /// of the object it is in, so the payload is still read once; off (a server's response),
    /// the walk checks nothing.
    public var checksSchema: Bool
    /// The deepest nesting of the response's JSON accepted.
    public var maxDepth: Int

    public init(
        completeness: Completeness = .complete, rejectsUnselectedKeys: Bool = false, checksSchema: Bool = false,
        maxDepth: Int = 512
    ) {
        self.completeness = completeness
        self.rejectsUnselectedKeys = rejectsUnselectedKeys
        self.checksSchema = checksSchema
        self.maxDepth = maxDepth
    }

    /// The changes of `response`, a whole response to the operation of `plan`.
    ///
    /// For a later payload of an incremental (`@defer`) response, pass the deferred targets
    /// of the payloads before it: an `incremental` entry lands in the record its path names.
    public func ingest(
        _ response: some Collection<UInt8>, plan: OperationPlan, after targets: [DeferredTarget] = []
    ) throws(IngestError) -> IngestResult {
        let reader = JSONReader(response, maxDepth: maxDepth)
        let bytes = reader.byteCount
        var walker = ResponseWalker(
            reader: reader, plan: plan, complete: completeness == .complete,
            rejectsUnselectedKeys: rejectsUnselectedKeys, checkingAgainst: try schemaToCheck(under: plan.normalization),
            targets: targets, responseBytes: bytes)
        return try walker.walkResponse()
    }

    /// The ingest of a payload written by hand (an app's write, an optimistic response):
    /// partial, refusing members the plan does not select, checked against the schema.
    public static var handWritten: Ingest {
        Ingest(completeness: .partial, rejectsUnselectedKeys: true, checksSchema: true)
    }

    /// The changes of `data`, an operation's `data` given as a tree (a payload app code
    /// writes): read as a response holding it would be, checked as ``checksSchema`` says. The
    /// walk reads the tree as it is, never writing it to text: the result (and any error, but
    /// for a JSON error's byte offset) is that of ``ingest(_:plan:after:)`` over the bytes of
    /// `{"data": data}`.
    public func ingest(data: JSONValue, plan: OperationPlan) throws(IngestError) -> IngestResult {
        var walker = ResponseWalker(
            reader: JSONTreeReader(.object([("data", data)]), maxDepth: maxDepth), plan: plan,
            complete: completeness == .complete, rejectsUnselectedKeys: rejectsUnselectedKeys,
            checkingAgainst: try schemaToCheck(under: plan.normalization))
        return try walker.walkResponse()
    }
}

extension Ingest {
    /// The schema a walk under `normalization` checks each member against: none unless
    /// ``checksSchema``; the normalization's ``Normalization/schema``, else its
    /// ``Normalization/payloadSchema`` parsed (once, at its first use); none when it has neither.
    func schemaToCheck(under normalization: Normalization) throws(IngestError) -> GraphQLSchema? {
        guard checksSchema else { return nil }
        if let schema = normalization.schema { return schema }
        guard let payloadSchema = normalization.payloadSchema else { return nil }
        do {
            return try payloadSchema.schema()
        } catch {
            throw IngestError(.unreadablePayloadSchema(error))
        }
    }
}
