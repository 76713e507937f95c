/// What reflection finds in a fragment's ``FieldSet``, once per fragment type: its fields,
/// which are `@required`, and whether anything below it needs the plan. Main actor: the
/// cache is read on every link.
@MainActor
@usableFromInline
final class FragmentMetadata {
    /// The fragment type, for its name in reports and errors (``typeName``).
    let type: any Fragment.Type
    let typeCondition: String
    let descriptors: [any FieldDescriptor]
    let required: [(address: FieldAddress, action: RequiredAction)]
    let throwsOnFieldError: Bool
    /// Whether a field of this fragment or of a fragment below it takes arguments, so lenses
    /// must carry the selection they were reached through. Set once, when the metadata is
    /// made; main actor, so unchecked: a dynamic exclusivity check on every link read cost
    /// about 60 instructions.
    @usableFromInline @exclusivity(unchecked) private(set) var needsSelection = true

    @usableFromInline var hasRules: Bool { throwsOnFieldError || !required.isEmpty }

    // Main actor, so unchecked: a dynamic exclusivity check on every link read costs about 85 instructions.
    @exclusivity(unchecked) private static var cache: [TypeKey: FragmentMetadata] = [:]

    /// What `traits(of:)` gave last, by its type: a list's elements are of one type, and a
    /// screen reads one link again and again, so most reads find it here, inlined into the
    /// read, without a call or a look-up in `cache` (about 90 instructions an element). Main
    /// actor, so unchecked, as `cache`.
    @usableFromInline @exclusivity(unchecked) static var last: (type: ObjectIdentifier, traits: Traits)?

    /// What a link read asks of a fragment's metadata, as plain words: the metadata
    /// unretained (metadata is kept for the life of the process) and the two answers every
    /// link read needs, so a read takes no reference.
    @usableFromInline
    struct Traits {
        @usableFromInline let metadata: Unmanaged<FragmentMetadata>
        /// ``FragmentMetadata/needsSelection``.
        @usableFromInline let needsSelection: Bool
        /// ``FragmentMetadata/hasRules``.
        @usableFromInline let hasRules: Bool
    }

    @usableFromInline
    static func of<F: Fragment>(_ type: F.Type) -> FragmentMetadata {
        traits(of: type).metadata.takeUnretainedValue()
    }

    /// `type`'s metadata and what a link read asks of it, built on first use.
    @inlinable
    static func traits<F: Fragment>(of type: F.Type) -> Traits {
        if let last, last.type == ObjectIdentifier(type) { return last.traits }
        return find(type)
    }

    /// `traits(of:)` past its last answer: from `cache`, else built.
    @usableFromInline
    static func find<F: Fragment>(_ type: F.Type) -> Traits {
        let id = ObjectIdentifier(type)
        let found = cache[TypeKey(type)] ?? build(type)
        // Set after any build is done: a fragment reached again while its own build runs
        // is answered before its `needsSelection` is final, and this replaces that answer.
        let traits = Traits(
            metadata: Unmanaged.passUnretained(found), needsSelection: found.needsSelection, hasRules: found.hasRules)
        last = (id, traits)
        return traits
    }

    /// A fragment type as the cache's key, hashed from its metadata's address alone: the
    /// seeded `Hasher` of an `ObjectIdentifier` cost each link read about 90 instructions.
    /// Type metadata addresses are the runtime's, never chosen by input.
    struct TypeKey: Hashable {
        let id: ObjectIdentifier

        init(_ type: Any.Type) {
            id = ObjectIdentifier(type)
        }

        func _rawHashValue(seed: Int) -> Int {
            // Metadata is aligned: drop the low bits, multiply, fold the high half down.
            let spread = (UInt(bitPattern: id) >> 4) &* 0x9E37_79B9_7F4A_7C15
            return Int(bitPattern: spread ^ (spread >> 29))
        }
    }

    /// The metadata of an existential fragment type.
    static func of(any type: any Fragment.Type) -> FragmentMetadata {
        func open<F: Fragment>(_ type: F.Type) -> FragmentMetadata { of(type) }
        return open(type)
    }

    /// The fragment type's name, as a report or an error names it. Made when asked: a type's
    /// description casts the metatype to the protocols that customize one, and each cast's
    /// first time for a type scans every conformance record of the process (the first plan
    /// of the fixture's screen in a new process: 22.7M instructions, 11.6M of them this name).
    var typeName: String { String(describing: type) }

    private init(
        type: any Fragment.Type, typeCondition: String, descriptors: [any FieldDescriptor], throwsOnFieldError: Bool
    ) {
        self.type = type
        self.typeCondition = typeCondition
        self.descriptors = descriptors
        self.required = descriptors.compactMap { descriptor in descriptor.required.map { (descriptor.address, $0) } }
        self.throwsOnFieldError = throwsOnFieldError
    }

    private static func build<F: Fragment>(_ type: F.Type) -> FragmentMetadata {
        let descriptors = F.fields.descriptors
        let metadata = FragmentMetadata(
            type: type, typeCondition: F.typeCondition, descriptors: descriptors,
            throwsOnFieldError: F.throwsOnFieldError)
        // Registered before the children are built, so recursive fragments terminate (a
        // fragment reached again while being built counts as needing the selection).
        cache[TypeKey(type)] = metadata
        var needs = descriptors.contains { $0.address.takesArguments }
        if !needs {
            for descriptor in descriptors {
                guard let child = descriptor.linkedFragment else { continue }
                if of(any: child).needsSelection {
                    needs = true
                    break
                }
            }
        }
        metadata.needsSelection = needs
        return metadata
    }

    /// Applies `@throwOnFieldError` and `@required` to `ref`: throws for a field error or a
    /// `.throw` null; returns the response key of a `.none`/`.log` required field that is null.
    @usableFromInline
    func applyRules(to ref: RecordRef) throws(LensError) -> String? {
        if throwsOnFieldError {
            for descriptor in descriptors {
                let (field, _) = try descriptor.address.resolve(in: ref)
                if case .error(let error)? = ref.record[field] {
                    throw .fieldError(error, field: descriptor.address.responseKey, record: ref.record.key)
                }
            }
        }
        for (address, action) in required {
            let (field, _) = try address.resolve(in: ref)
            switch ref.record[field] {
            case .null?, .error?:
                switch action {
                case .throw: throw .requiredNull(field: address.responseKey, record: ref.record.key)
                case .log:
                    ref.context.report(.requiredFieldNull(fragment: typeName, field: address.responseKey))
                    return address.responseKey
                case .none, .notRequired: return address.responseKey
                }
            default: continue
            }
        }
        return nil
    }
}
