/// One argument a fragment declares with Relay's `@argumentDefinitions`:
/// `count: {type: "Int", defaultValue: 10}`. Inside the fragment, `$count` names this
/// argument (a local variable); a variable the fragment does not declare names the
/// operation's.
///
/// A plain value: safe on any thread.
public struct FragmentArgumentDefinition: Sendable, Hashable {
    public let name: String
    /// The `type:` string as written; nil when it is missing or not a string.
    public let typeText: String?
    /// `typeText` parsed; nil when it is missing or does not parse.
    public let type: TypeReference?
    /// The `defaultValue:`, if given.
    public let defaultValue: InputValue?

    public init(name: String, typeText: String?, defaultValue: InputValue?) {
        self.name = name
        self.typeText = typeText
        self.type = typeText.flatMap(TypeReference.parse)
        self.defaultValue = defaultValue
    }

    /// The definitions `directive` (an `@argumentDefinitions`) declares, in order.
    public static func definitions(in directive: Directive) -> [FragmentArgumentDefinition] {
        directive.arguments.map { argument in
            guard case .object(let fields) = argument.value else {
                return FragmentArgumentDefinition(name: argument.name, typeText: nil, defaultValue: nil)
            }
            let typeText: String? =
                if case .string(let text)? = fields.first(where: { $0.name == "type" })?.value { text } else { nil }
            return FragmentArgumentDefinition(
                name: argument.name, typeText: typeText,
                defaultValue: fields.first(where: { $0.name == "defaultValue" })?.value)
        }
    }
}

extension TypeReference {
    /// The type `text` spells (`Int`, `[String!]!`); nil when it is not one whole type.
    public static func parse(_ text: String) -> TypeReference? {
        do {
            var parser = try Parser(text)
            let type = try parser.parseTypeReference()
            return parser.peek(.eof) ? type : nil
        } catch {
            return nil
        }
    }
}

extension FragmentDefinition {
    /// The arguments the fragment declares with `@argumentDefinitions` (empty without it).
    public var argumentDefinitions: [FragmentArgumentDefinition] {
        directives.filter { $0.name == Document.argumentDefinitionsDirective }.flatMap(
            FragmentArgumentDefinition.definitions)
    }
}

extension FragmentSpread {
    /// The arguments the spread passes with `@arguments` (empty without it).
    public var fragmentArguments: [Argument] {
        directives.filter { $0.name == Document.argumentsDirective }.flatMap(\.arguments)
    }
}
