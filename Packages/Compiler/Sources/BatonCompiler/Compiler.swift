import BatonNormalize

/// GraphQL documents in, Swift out: parses the sources, validates them against the schema
/// (see ``ValidationRule``), and emits, per operation, a `GraphQLOperation` with its compact
/// document text, the SHA-256 of the text a server receives (its persisted-query hash), its
/// data lens, its typed `Variables` and, for a mutation, its typed `OptimisticResponse`; per
/// fragment, a lens (and, for a `@refetchable` one, its refetch query, compiled as an
/// operation, and its `RefetchableFragment` conformance); per enum the documents read or take, a `GraphQLEnum`; per input object
/// the variables reach, a `GraphQLInputValue`; and a table of the schema's identity and
/// possible types. Every selection set gains the key fields and the `__typename` the store
/// needs (see `KeyFieldSelector`).
///
/// Each operation also carries its `OperationTemplate` as data: its plan before variables,
/// resolved against the schema here, so the app parses no GraphQL and needs no schema at run
/// time (the runtime checks the lenses against the first plan made from it).
///
/// A value: safe on any thread.
public struct Compiler: Sendable {
    public let schema: CompilerSchema
    /// The name of the identity and possible-types table.
    public var schemaTypeName = "BatonSchema"

    public init(schema: CompilerSchema) {
        self.schema = schema
    }

    /// What a compile produced: the Swift source, or the errors that stopped it.
    public struct Output: Sendable {
        public var swift: String
        public var errors: [CompilerError]
        /// What the compile went on past (the schema's ``CompilerSchema/warnings``), with or
        /// without errors: print them, and fail nothing for them.
        public var warnings: [CompilerWarning] = []
        /// Field, spread and case descriptors and `on` accessors written.
        public var accessors: Int
        /// The bytes of `swift` before the line ``Compiler/tablesMark`` (and the blank line above it):
        /// the lenses, without the tables.
        public var codeBytes: Int = 0
        /// Every operation compiled, as the persisted-query manifest a server that runs only
        /// trusted documents is given (empty when there are errors).
        public var manifest = OperationManifest()

        /// Bytes of lens code per accessor (0 without accessors).
        public var bytesPerAccessor: Int { accessors == 0 ? 0 : codeBytes / accessors }
    }

    /// Compiles every source together (a fragment may be spread from any of them).
    public func compile(_ sources: [GraphQLSource]) -> Output {
        var output = compiled(sources)
        output.warnings = schema.warnings
        return output
    }

    private func compiled(_ sources: [GraphQLSource]) -> Output {
        let (documents, syntaxErrors) = DocumentSet.parse(sources)
        if !syntaxErrors.isEmpty { return Output(swift: "", errors: syntaxErrors, accessors: 0) }
        let (errors, refetchQueries) = Validator.validate(documents, schema: schema)
        if !errors.isEmpty { return Output(swift: "", errors: errors, accessors: 0) }
        return generate(
            KeyFieldSelector(schema: schema).apply(to: RefetchQueryEmitter.appending(refetchQueries, to: documents)),
            refetchQueries: refetchQueries)
    }

    /// The line between the lenses and the tables: documents, hashes, plans, variables,
    /// payloads, enums, input objects, identity.
    public static let tablesMark =
        "// MARK: - Tables: each operation's document, persisted-query hash (SHA-256 of the text sent, without client directives), plan template, typed variables and payload; each fragment's payload; enums; input objects; identity"
}
