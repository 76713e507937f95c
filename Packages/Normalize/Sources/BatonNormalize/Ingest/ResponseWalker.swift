import BatonRecords

/// One pass over one response: reads it with a pull reader while walking the plan, and
/// gathers the change set. Used once, by one task.
struct ResponseWalker<Reader: JSONTokenSource & ~Copyable>: ~Copyable {
    var reader: Reader
    let plan: OperationPlan
    let complete: Bool
    /// Whether a member the plan does not select throws rather than being skipped.
    let rejectsUnselectedKeys: Bool
    let policy: CacheKeyPolicy
    /// Every field name that identifies some type: what a scan ahead looks for.
    let keyFieldNames: Set<String>
    var changes = ChangeSet()
    /// Cell buffers to reuse: an object's cells are gathered in one, then merged.
    var cellPool: [[RecordSnapshot.Cell]] = []
    /// The long strings made so far, shared by every value that repeats one.
    var strings: StringTable
    /// Where the records written so far are among the change set's snapshots, by type and id.
    var records: RecordIndex
    /// How many times the walk replaced a value it had written with a different one, or wrote
    /// a connection or an edge: an object's last read stands for a repeat of it only while this
    /// is unchanged, since only then does every cell it wrote still hold what it wrote.
    var replacements = 0
    /// Whether an object the walk has read before is left unread when it comes again the same
    /// (`readObject`): always, but for tests that compare with reading everything.
    let skipsRepeats: Bool
    /// How many objects the walk left unread as repeats of ones it had read.
    var repeatsSkipped = 0
    /// The one field that identifies every type, when the policy has no other key and no
    /// closure: an object's key is then `Type:<that field>`, found by its UTF-8.
    let soleKeyField: String?
    /// The length of the response's text; nil for a tree, whose tables are sized by what the
    /// operation's last tree made (`WalkSizes`).
    let responseBytes: Int?
    /// Records named by `@deleteRecord` fields, deleted after the walk.
    var deletions: [RecordKey] = []
    /// Whether the operation defers fragments, so the walk notes where deferred data lands.
    let tracksDeferred: Bool
    /// The response path of the object being read, kept only when `tracksDeferred`.
    var path: [FieldError.PathElement] = []
    /// Objects holding deferred fields: where later payloads land.
    var deferredTargets: [DeferredTarget]
    /// The deliveries this payload's `pending` announces, by id, at their response paths.
    var pending: [(id: String, path: [FieldError.PathElement])] = []
    /// The errors of this payload's `completed` entries that no record of it holds.
    var completedErrors: [FieldError] = []
    /// The schema's check of each member as it is read, for a payload written by hand
    /// (``Ingest/checksSchema``) under a schema; nil for a server's response.
    var schemaCheck: PayloadCheck?

    init(
        reader: consuming Reader, plan: OperationPlan, complete: Bool, rejectsUnselectedKeys: Bool = false,
        checkingAgainst schema: GraphQLSchema? = nil, targets: [DeferredTarget] = [], skippingRepeats: Bool = true,
        responseBytes: Int? = nil
    ) {
        self.responseBytes = responseBytes
        let sizes =
            responseBytes.map { (records: $0 / Self.bytesPerRecord, strings: $0 / Self.bytesPerLongString) }
            ?? plan.walkSizes?.last ?? (0, 0)
        changes.reserveCapacity(sizes.records)
        self.records = RecordIndex(expecting: sizes.records)
        strings = StringTable(expecting: sizes.strings)
        self.skipsRepeats = skippingRepeats
        if let schema { self.schemaCheck = PayloadCheck(schema: schema, plan: plan) }
        self.rejectsUnselectedKeys = rejectsUnselectedKeys
        self.reader = reader
        self.tracksDeferred = !plan.deferLabels.isEmpty
        self.deferredTargets = targets
        self.plan = plan
        self.complete = complete
        self.policy = plan.normalization.cacheKeys
        self.keyFieldNames = policy.allKeyFields
        self.soleKeyField = policy.soleKeyField
    }

    /// About how many bytes of a response make a record, and how many a long string (one of
    /// more than 15 bytes, made once and shared): the fixture screen's 686 KB hold 899 records
    /// (the root among them) and 2,660 such strings. A response's walk starts its tables at
    /// the size its length suggests, where they grew to it from 1,024 slots (four growths of
    /// the fixture's tables, with its change set's index: 8% of its ingest); a wrong guess
    /// costs a growth, or zeroed slots. A tree has no length: see `WalkSizes`.
    static var bytesPerRecord: Int { 512 }
    static var bytesPerLongString: Int { 256 }

    mutating func walkResponse() throws(IngestError) -> IngestResult {
        var hasData = false
        var sawMember = false
        var errors: JSONValue?
        var extensions: JSONValue?
        var hasNext = false
        var sawData = false
        do {
            guard try reader.peekKind() == .object else {
                throw IngestError(.notAResponse("the top level is not an object"))
            }
            try reader.beginObject()
            while let key = try reader.nextKey() {
                if key.equals("data") {
                    guard !sawData else { throw IngestError(.duplicateField("data")) }
                    sawData = true
                    sawMember = true
                    if try !reader.tryNull() {
                        try walkRoot()
                        hasData = true
                    }
                } else if key.equals("errors") {
                    guard errors == nil else { throw IngestError(.duplicateField("errors")) }
                    sawMember = true
                    errors = try reader.readValue()
                } else if key.equals("extensions") {
                    extensions = try reader.readValue()
                } else if key.equals("incremental") {
                    sawMember = true
                    try walkIncremental()
                    hasData = true
                } else if key.equals("pending") {
                    try readPending()
                } else if key.equals("completed") {
                    sawMember = true
                    try readCompleted()
                } else if key.equals("hasNext") {
                    hasNext = try reader.readBool()
                } else {
                    try reader.skipValue()
                }
            }
            try reader.finish()
        } catch let error as JSONReadError {
            throw IngestError(.malformedJSON(reader.locating(error)))
        } catch let error as IngestError {
            throw error
        } catch {
            throw IngestError(.notAResponse("\(error)"))
        }
        guard sawMember else { throw IngestError(.notAResponse("it has neither data nor errors")) }
        try attachPending()
        for key in deletions { changes.delete(key) }
        var unplaced = completedErrors
        if let errors {
            unplaced += try ErrorPlacement(plan: plan).place(errors, in: &changes)
        }
        if responseBytes == nil { plan.walkSizes?.note(records: changes.snapshots.count, strings: strings.count) }
        return IngestResult(
            changes: changes, hasData: hasData, errors: unplaced, extensions: extensions, hasNext: hasNext,
            deferredTargets: deferredTargets)
    }

    mutating func walkRoot() throws {
        guard try reader.peekKind() == .object else {
            throw IngestError(.wrongType(expected: "an object for data", found: try describeNext()))
        }
        _ = try readObject(
            plan.root, knownKey: plan.rootKey, typename: plan.rootTypename,
            embedded: EmbeddedKey(parent: plan.rootKey, storageKey: ""))
    }
}
