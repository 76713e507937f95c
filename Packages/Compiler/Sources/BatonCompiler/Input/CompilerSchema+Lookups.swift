import BatonNormalize

extension CompilerSchema {
    /// The configuration's `lookups` name root fields the schema has, each returning its type
    /// (or an abstract type it is one of) and taking its arguments.
    func checkLookups() throws(CompilerError) {
        guard !configuration.lookups.isEmpty else { return }
        let root = schema.queryType ?? "Query"
        for lookup in configuration.lookups {
            guard let field = schema.field(lookup.field, on: root) else {
                throw configuration.error(
                    "lookups names '\(lookup.field)', which '\(root)' does not have", about: "\(root).\(lookup.field)")
            }
            if let type = lookup.type {
                guard schema.types[type]?.isComposite == true else {
                    throw configuration.error(
                        "lookups names type '\(type)', which is not an object or interface type of the schema",
                        about: type)
                }
                let returned = field.type.namedType
                guard returned == type || schema.possibleTypes(returned).contains(type) else {
                    throw configuration.error(
                        "lookup '\(lookup.field)' returns '\(returned)', not '\(type)'", about: lookup.field)
                }
            }
            if lookup.arguments.isEmpty {
                throw configuration.error("lookup '\(lookup.field)' names no argument", about: lookup.field)
            }
            for argument in lookup.arguments where !field.arguments.contains(where: { $0.name == argument }) {
                throw configuration.error(
                    "lookup '\(lookup.field)' names argument '\(argument)', which the field does not take",
                    about: argument)
            }
        }
    }

    /// The lookup that finds records of `typeName`: the configuration's for that type, else, for
    /// a type implementing `Node`, `Query.node(id:)` when the schema has it. Nil when none does.
    func lookup(for typeName: String) -> CompilerConfiguration.Lookup? {
        if let configured = configuration.lookups.first(where: { $0.type == typeName }) { return configured }
        let root = schema.queryType ?? "Query"
        if typeName == "Node" || schema.possibleTypes("Node").contains(typeName),
            let node = schema.field("node", on: root), node.type.namedType == "Node",
            node.arguments.contains(where: { $0.name == "id" })
        {
            return CompilerConfiguration.Lookup(field: "node", arguments: ["id"])
        }
        return nil
    }
}
