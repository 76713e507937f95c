@_spi(Baton) import BatonNormalize

/// The schema-free rules the document checks itself (`Document.placedValidationErrors()`:
/// unique operation and fragment names, known fragments, no fragment cycles, variables
/// defined), as compiler errors: in the compiler's words, in the file each definition came
/// from, at the offending token, grouped for the ``Validator`` to report beside its own.
///
/// A value made and read on one thread for one validation.
struct DocumentRules {
    /// Duplicate operation and fragment names, by the index of the definition they lie in.
    private(set) var names: [Int: [CompilerError]] = [:]
    /// Spreads of unknown fragments, by the index of the definition holding the spread.
    private(set) var spreads: [Int: [CompilerError]] = [:]
    /// Fragment cycles, each at the spread that closes it.
    private(set) var cycles: [CompilerError] = []
    /// Variables used and not defined, by the name of the operation that uses them.
    private var variables: [String?: [CompilerError]] = [:]

    init(_ documents: DocumentSet) {
        let fragmentNames = documents.document.fragments.keys
        for placed in documents.document.placedValidationErrors() {
            let source = documents.entries[placed.definition].source
            // `file:line:column` of a duplicate's first definition, for the message at the next one.
            func place(_ firstLocation: SourceLocation) -> String {
                let first = documents.entries[placed.firstDefinition ?? placed.definition].source
                let position = first.filePosition(of: firstLocation)
                return "\(first.file):\(position.line):\(position.column)"
            }
            switch placed.error {
            case .duplicateOperationName(let name, let location, let firstLocation):
                names[placed.definition, default: []].append(
                    source.invalid(
                        .operationNameUniqueness,
                        "there is already an operation named '\(name)', at \(place(firstLocation))", at: location))
            case .duplicateFragmentName(let name, let location, let firstLocation):
                names[placed.definition, default: []].append(
                    source.invalid(
                        .fragmentNameUniqueness,
                        "there is already a fragment named '\(name)', at \(place(firstLocation))",
                        at: location))
            case .anonymousOperationNotAlone:
                // The compiler's own rule is stricter: every operation needs a name (its Swift type's).
                continue
            case .unknownFragment(let name, let location):
                let suggestions = Suggestions.hint(Suggestions.nearest(to: name, among: fragmentNames))
                spreads[placed.definition, default: []].append(
                    source.invalid(.fragmentSpreadTarget, "unknown fragment '\(name)'\(suggestions)", at: location))
            case .fragmentCycle(let names, let location):
                let cycle = (names + [names[0]]).joined(separator: " → ")
                cycles.append(
                    source.invalid(.fragmentCycle, "fragment '\(names[0])' spreads itself: \(cycle)", at: location))
            case .undefinedVariable(let name, let operation, let location):
                // The document places it at the field or directive; the compiler at the variable.
                let variable = source.locate(name, after: location, variable: true)
                let owner = operation.map { "operation '\($0)'" } ?? "the anonymous operation"
                variables[operation, default: []].append(
                    source.invalid(.variableDefined, "variable '$\(name)' is not defined by \(owner)", at: variable))
            }
        }
    }

    /// The undefined variables of the operations named `name`, once: the first operation of a
    /// name takes them all (a second of the name is an error already).
    mutating func takeUndefinedVariables(of name: String?) -> [CompilerError] {
        variables.removeValue(forKey: name) ?? []
    }
}
