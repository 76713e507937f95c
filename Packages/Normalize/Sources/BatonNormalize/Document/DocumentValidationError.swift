/// A rule of the spec's executable-document validation that a document breaks, with where.
///
/// A plain value: safe on any thread.
public enum DocumentValidationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A spread of a fragment the document does not define; at the spread.
    case unknownFragment(name: String, location: SourceLocation)
    /// Fragments that spread each other in a cycle, starting with the fragment spread again; at the
    /// spread that closes the cycle.
    case fragmentCycle(names: [String], location: SourceLocation)
    /// A variable used by `operation` (directly or in a fragment it uses) that it does not define;
    /// at the field or directive whose argument uses it.
    case undefinedVariable(name: String, operation: String?, location: SourceLocation)
    /// A second operation with a name already used; at the second.
    case duplicateOperationName(name: String, location: SourceLocation, firstLocation: SourceLocation)
    /// A second fragment with a name already used; at the second.
    case duplicateFragmentName(name: String, location: SourceLocation, firstLocation: SourceLocation)
    /// An anonymous operation in a document with more than one operation; at the anonymous one.
    case anonymousOperationNotAlone(location: SourceLocation)

    public var location: SourceLocation {
        switch self {
        case .unknownFragment(_, let location), .fragmentCycle(_, let location),
            .undefinedVariable(_, _, let location), .duplicateOperationName(_, let location, _),
            .duplicateFragmentName(_, let location, _), .anonymousOperationNotAlone(let location):
            location
        }
    }

    public var description: String {
        switch self {
        case .unknownFragment(let name, let location):
            "\(location): Unknown fragment '\(name)'"
        case .fragmentCycle(let names, let location):
            "\(location): Fragment cycle: \((names + [names[0]]).joined(separator: " -> "))"
        case .undefinedVariable(let name, let operation, let location):
            "\(location): Variable '$\(name)' is not defined by operation '\(operation ?? "<anonymous>")'"
        case .duplicateOperationName(let name, let location, let first):
            "\(location): There can be only one operation named '\(name)'; the first is at \(first)"
        case .duplicateFragmentName(let name, let location, let first):
            "\(location): There can be only one fragment named '\(name)'; the first is at \(first)"
        case .anonymousOperationNotAlone(let location):
            "\(location): An anonymous operation must be the only operation in the document"
        }
    }
}
