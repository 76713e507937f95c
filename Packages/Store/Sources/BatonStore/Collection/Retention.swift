/// The operations collection keeps: those handles retain, and the most recently released
/// ones. Part of one ``Store``; main actor, with it.
struct Retention {
    /// The operations held by live ``RetainToken``s, by token.
    private(set) var retained: [Int: OperationPlan] = [:]
    private var nextID = 1
    /// Released operations still kept, oldest first.
    private(set) var releaseBuffer: [OperationPlan] = []
    /// How many released operations are kept.
    var bufferSize: Int {
        didSet { trim() }
    }

    init(bufferSize: Int) {
        self.bufferSize = max(0, bufferSize)
    }

    /// Holds `plan`; returns the token's id.
    mutating func retain(_ plan: OperationPlan) -> Int {
        defer { nextID += 1 }
        retained[nextID] = plan
        return nextID
    }

    /// Moves the plan `id` holds to the release buffer.
    mutating func release(_ id: Int) {
        guard let plan = retained.removeValue(forKey: id), bufferSize > 0 else { return }
        releaseBuffer.append(plan)
        trim()
    }

    private mutating func trim() {
        if releaseBuffer.count > bufferSize { releaseBuffer.removeFirst(releaseBuffer.count - bufferSize) }
    }
}
