import BatonRecords

/// Storage keys: a field's name plus its arguments, spelled as Relay spells them, so two
/// selections of one field with the same arguments share a slot whatever their aliases.
///
/// Arguments are sorted by name and each value is JSON with object members sorted:
/// `character(id:"9")`, `characters(filter:{"name":"Rick","status":"Alive"})`. A literal
/// `null` argument is left out; a variable whose value is null stays in as `null`, as the
/// conformance dumps write it (`notes(after:null,first:2)`).
public enum StorageKey {
    /// The storage key of `name` with `arguments` already resolved (nil: left out).
    public static func make(name: String, arguments: [(name: String, value: JSONValue?)]) -> String {
        let present = arguments.compactMap { argument in argument.value.map { (argument.name, $0) } }
        guard !present.isEmpty else { return name }
        var text = name + "("
        for (i, (argumentName, value)) in present.sorted(by: { $0.0 < $1.0 }).enumerated() {
            if i > 0 { text += "," }
            text += argumentName
            text += ":"
            value.write(to: &text, sortedKeys: true)
        }
        return text + ")"
    }

    /// The resolved arguments of `arguments` under `variables`, as a storage key needs them.
    static func resolve(_ arguments: [Argument], variables: [String: JSONValue]) -> [(name: String, value: JSONValue?)]
    {
        arguments.map { argument in
            switch argument.value {
            case .null: (argument.name, nil)
            default: (argument.name, argument.value.resolved(variables) ?? .null)
            }
        }
    }
}
