import BatonLens

/// Why a preview seed step (``PreviewSeed``) committed nothing; the store is as before it.
public enum PreviewSeedError: Error, CustomStringConvertible {
    /// `operation` does not build under the variables given.
    case invalidOperation(OperationBuildError, operation: String)
    /// The response's bytes are not a response to `operation` (the ingest's error).
    case malformedResponse(any Error, operation: String)
    /// The recordings hold no readable response for the request.
    case notRecorded(RecordedTransportError)
    /// The store refused a payload or data written by hand for `operation`: a `WriteError`
    /// (a member the operation does not select, a value the schema rules out).
    case rejectedWrite(any Error, operation: String)

    public var description: String {
        switch self {
        case .invalidOperation(let error, let operation): "\(operation) does not build: \(error)"
        case .malformedResponse(let error, let operation): "not a response to \(operation): \(error)"
        case .notRecorded(let error): "\(error)"
        case .rejectedWrite(let error, let operation): "the seed's write of \(operation) was refused: \(error)"
        }
    }
}
