import BatonNormalize

/// Writes an operation's variables as a `Variables` struct (a property per variable, and
/// `variableValues`, what the request sends), and each input object the variables reach as
/// a `GraphQLInputValue`.
///
/// A nullable variable or field is kept as a `GraphQLNullable` (left out, `null`, or a
/// value), one of a non-null type with a default as an optional; the initializer takes either
/// as an optional, and nil leaves it out of the request, so a default applies. A property keeps its GraphQL name, suffixed
/// with `_` where it would shadow a member (`self_`), and backticked where it is a keyword.
enum VariablesEmitter {
    /// Names a variable's or an input field's property must not take: members, and the types
    /// generated code names unqualified.
    static let members: Set<String> = SwiftNames.reservedTypes.union([
        "self", "Self", "Type", "Protocol", "init", "variableValues", "inputValue",
    ])

    /// One property: the GraphQL name (the JSON key), the Swift name, the type its
    /// initializer takes, and how it is kept.
    struct Property {
        enum Storage {
            /// Always sent.
            case required
            /// Of a non-null type with a default: an optional, left out while nil.
            case optional
            /// Of a nullable type: a `GraphQLNullable`, which can also send `null`. The
            /// initializer takes an optional (nil: left out).
            case nullable
        }

        let name: String
        let swiftName: String
        /// The type of a value of it: the GraphQL type, its outermost level non-null.
        let valueType: String
        let storage: Storage

        /// The initializer's parameter type: an optional unless required.
        var type: String { storage == .required ? valueType : valueType + "?" }

        /// The stored property's type.
        var storedType: String { storage == .nullable ? "GraphQLNullable<\(valueType)>" : type }
    }

    static func writeVariables(_ variables: [VariableDefinition], types: TypeMapper, to writer: inout SwiftWriter) {
        let properties = self.properties(variables.map { ($0.name, $0.type, $0.defaultValue != nil) }, types: types)
        writer.block("struct Variables: GraphQLVariables") { writer in
            writeStorage(properties, to: &writer)
            writer.block("var variableValues: [String: JSONValue]") { writer in
                writer.line("var values: [String: JSONValue] = [:]")
                writeValues(properties, to: &writer) { key, value in "values[\(key)] = \(value)" }
                writer.line("return values")
            }
        }
    }

    /// `type`, an input object, as `swiftName`: a struct, or a final class when it reaches
    /// itself through fields that are not lists (a struct cannot hold itself).
    static func writeInputObject(
        _ type: SchemaType, as swiftName: String, recursive: Bool, types: TypeMapper, to writer: inout SwiftWriter
    ) {
        let properties = self.properties(
            type.inputFields.map { ($0.name, $0.type, $0.defaultValue != nil) }, types: types)
        writer.line("/// The schema's input object `\(type.name)`.")
        writer.block("\(recursive ? "final class" : "struct") \(swiftName): GraphQLInputValue") { writer in
            writeStorage(properties, to: &writer)
            writer.block("var inputValue: JSONValue") { writer in
                writer.line("var fields: [(String, JSONValue)] = []")
                writeValues(properties, to: &writer) { key, value in "fields.append((\(key), \(value)))" }
                writer.line("return .object(fields)")
            }
        }
    }

    private static func properties(_ inputs: [(String, TypeReference, Bool)], types: TypeMapper) -> [Property] {
        var names = NameScope(reserved: members)
        return inputs.map { name, type, hasDefault in
            let storage: Property.Storage = !type.isNonNull ? .nullable : hasDefault ? .optional : .required
            return Property(
                name: name, swiftName: names.claim(name),
                valueType: TypeMapper.render(
                    .nonNull(type.nullable), base: types.input(type.namedType), nonNullLevels: []),
                storage: storage)
        }
    }

    /// A line per property putting its JSON into the request (`add(key, value)` is the
    /// statement): an optional one only while it is not nil.
    static func writeValues(
        _ properties: [Property], to writer: inout SwiftWriter, _ add: (_ key: String, _ value: String) -> String
    ) {
        for property in properties {
            let key = SwiftNames.literal(property.name)
            let member = "self.\(SwiftNames.declared(property.swiftName))"
            switch property.storage {
            case .required: writer.line(add(key, "\(member).inputValue"))
            case .optional: writer.line("if let value = \(member) { \(add(key, "value.inputValue")) }")
            case .nullable: writer.line("if let value = \(member).inputValue { \(add(key, "value")) }")
            }
        }
    }

    /// The properties and an initializer taking each (an optional one defaults to nil); none
    /// without properties (Swift's `init()` is the one).
    static func writeStorage(_ properties: [Property], to writer: inout SwiftWriter) {
        for property in properties {
            writer.line("var \(SwiftNames.declared(property.swiftName)): \(property.storedType)")
        }
        guard !properties.isEmpty else { return }
        let parameters = properties.map { property in
            let label = SwiftNames.declared(property.swiftName)
            let local = SwiftNames.keywords.contains(property.swiftName) ? " _\(property.swiftName)" : ""
            return "\(label)\(local): \(property.type)\(property.storage == .required ? "" : " = nil")"
        }
        writer.block("init(\(parameters.joined(separator: ", ")))") { writer in
            for property in properties {
                let local =
                    SwiftNames.keywords.contains(property.swiftName) ? "_\(property.swiftName)" : property.swiftName
                let value = property.storage == .nullable ? "GraphQLNullable(\(local))" : local
                writer.line("self.\(SwiftNames.declared(property.swiftName)) = \(value)")
            }
        }
    }
}
