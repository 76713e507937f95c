import BatonNormalize

/// Adds each `@refetchable` fragment's query to the documents (so it compiles like a written
/// operation: document, persisted-query hash, template, typed variables, data lens) and writes
/// the fragment's `RefetchableFragment` conformance, which names that query and how the
/// fragment's record is found in its answer.
///
/// A namespace of pure functions: safe on any thread.
enum RefetchQueryEmitter {
    /// `documents` with each query after the fragment it refetches, from the fragment's source.
    static func appending(_ queries: [RefetchQuery], to documents: DocumentSet) -> DocumentSet {
        guard !queries.isEmpty else { return documents }
        let byFragment = Dictionary(queries.map { ($0.fragment, $0) }, uniquingKeysWith: { first, _ in first })
        var entries: [DocumentSet.Entry] = []
        for entry in documents.entries {
            entries.append(entry)
            if case .fragment(let fragment) = entry.definition, let query = byFragment[fragment.name] {
                entries.append(DocumentSet.Entry(definition: .operation(query.operation), source: query.source))
            }
        }
        return DocumentSet(entries: entries)
    }

    /// The Swift type of `query`: its name, with `Query` added when it lacks it.
    static func typeName(of query: RefetchQuery) -> String {
        query.queryName.hasSuffix("Query") ? query.queryName : query.queryName + "Query"
    }

    /// `extension F: RefetchableFragment { typealias RefetchQuery = ...; static let refetchTarget = ... }`.
    static func writeConformance(_ query: RefetchQuery, fragmentType: String, to writer: inout SwiftWriter) {
        writer.line()
        writer.block("extension \(fragmentType): RefetchableFragment") { writer in
            writer.line("typealias RefetchQuery = \(typeName(of: query))")
            if let lookup = query.lookup {
                let arguments = lookup.arguments.map {
                    ".init(argument: \(SwiftNames.literal($0.argument)), keyField: \(SwiftNames.literal($0.keyField)))"
                }
                writer.line(
                    "static let refetchTarget = RefetchTarget.lookup(field: \(SwiftNames.literal(lookup.field)), arguments: [\(arguments.joined(separator: ", "))])"
                )
            } else {
                writer.line("static let refetchTarget = RefetchTarget.root")
            }
        }
    }
}
