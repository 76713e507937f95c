import BatonNormalize

/// The documents of one compile: every definition of every source, in order, with the source
/// each came from. Fragments are global: an operation may spread a fragment of another file.
///
/// A plain value: safe on any thread.
public struct DocumentSet: Sendable {
    /// One definition and the source holding it.
    public struct Entry: Sendable {
        public let definition: Document.Definition
        public let source: GraphQLSource
    }

    public let entries: [Entry]
    /// All definitions as one document (fragments by name: the first definition).
    public let document: Document

    public init(entries: [Entry]) {
        self.entries = entries
        self.document = Document(definitions: entries.map(\.definition))
    }

    /// Parses every source; the syntax errors of those that are not well formed.
    public static func parse(_ sources: [GraphQLSource]) -> (set: DocumentSet, errors: [CompilerError]) {
        var entries: [Entry] = []
        var errors: [CompilerError] = []
        for source in sources {
            do {
                let document = try Document.parse(source.text)
                entries += document.definitions.map { Entry(definition: $0, source: source) }
            } catch {
                errors.append(source.syntaxError(error))
            }
        }
        return (DocumentSet(entries: entries), errors)
    }

    /// The source of the fragment named `name` (its first definition).
    public func source(ofFragment name: String) -> GraphQLSource? {
        for entry in entries {
            if case .fragment(let fragment) = entry.definition, fragment.name == name { return entry.source }
        }
        return nil
    }
}
