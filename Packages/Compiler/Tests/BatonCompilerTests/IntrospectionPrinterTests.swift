import BatonCompiler
import BatonNormalize
import Foundation
import Testing

/// An introspection result read as the schema (the printer `fetch-schema` writes with):
/// descriptions of every kind of element survive, as block strings or quoted; deprecations
/// keep their reasons; defaults, interfaces of interfaces, unions, input objects, custom
/// directives and renamed roots come through.
struct IntrospectionPrinterTests {
    static func named(_ name: String) -> String { #"{"kind": "OBJECT", "name": "\#(name)", "ofType": null}"# }
    static func scalar(_ name: String) -> String { #"{"kind": "SCALAR", "name": "\#(name)", "ofType": null}"# }
    static func nonNull(_ inner: String) -> String { #"{"kind": "NON_NULL", "name": null, "ofType": \#(inner)}"# }

    static let introspection = """
        {"data": {"__schema": {
          "queryType": {"name": "Root"}, "mutationType": null, "subscriptionType": null,
          "types": [
            {"kind": "OBJECT", "name": "Root", "description": "The root.\\n\\nIt has \\"quotes\\" and a \\\\ backslash.",
             "fields": [
               {"name": "node", "description": "One node.", "args": [
                 {"name": "id", "description": "  Indented, kept.", "type": \(nonNull(scalar("ID"))), "defaultValue": null},
                 {"name": "depth", "description": null, "type": \(scalar("Int")), "defaultValue": "3"}],
                "type": {"kind": "INTERFACE", "name": "Node", "ofType": null}, "isDeprecated": false, "deprecationReason": null},
               {"name": "old", "description": null, "args": [], "type": \(scalar("String")),
                "isDeprecated": true, "deprecationReason": "Use \\"node\\"."},
               {"name": "older", "description": null, "args": [], "type": \(scalar("String")),
                "isDeprecated": true, "deprecationReason": "No longer supported"},
               {"name": "search", "description": null, "args": [
                 {"name": "filter", "description": null, "type": {"kind": "INPUT_OBJECT", "name": "Filter", "ofType": null},
                  "defaultValue": "{color: RED}"}],
                "type": {"kind": "LIST", "name": null, "ofType": {"kind": "UNION", "name": "Result", "ofType": null}},
                "isDeprecated": false, "deprecationReason": null}],
             "inputFields": null, "interfaces": [], "enumValues": null, "possibleTypes": null},
            {"kind": "INTERFACE", "name": "Node", "description": null, "fields": [
               {"name": "id", "description": null, "args": [], "type": \(nonNull(scalar("ID"))), "isDeprecated": false, "deprecationReason": null}],
             "inputFields": null, "interfaces": [], "enumValues": null, "possibleTypes": [\(named("Item"))]},
            {"kind": "INTERFACE", "name": "Named", "description": null, "fields": [
               {"name": "id", "description": null, "args": [], "type": \(nonNull(scalar("ID"))), "isDeprecated": false, "deprecationReason": null},
               {"name": "name", "description": null, "args": [], "type": \(scalar("String")), "isDeprecated": false, "deprecationReason": null}],
             "inputFields": null, "interfaces": [{"kind": "INTERFACE", "name": "Node", "ofType": null}], "enumValues": null,
             "possibleTypes": [\(named("Item"))]},
            {"kind": "OBJECT", "name": "Item", "description": null, "fields": [
               {"name": "id", "description": null, "args": [], "type": \(nonNull(scalar("ID"))), "isDeprecated": false, "deprecationReason": null},
               {"name": "name", "description": null, "args": [], "type": \(scalar("String")), "isDeprecated": false, "deprecationReason": null},
               {"name": "color", "description": null, "args": [], "type": {"kind": "ENUM", "name": "Color", "ofType": null}, "isDeprecated": false, "deprecationReason": null},
               {"name": "at", "description": null, "args": [], "type": \(scalar("DateTime")), "isDeprecated": false, "deprecationReason": null}],
             "inputFields": null, "interfaces": [{"kind": "INTERFACE", "name": "Named", "ofType": null}, {"kind": "INTERFACE", "name": "Node", "ofType": null}],
             "enumValues": null, "possibleTypes": null},
            {"kind": "UNION", "name": "Result", "description": "Items only, for now.", "fields": null, "inputFields": null,
             "interfaces": null, "enumValues": null, "possibleTypes": [\(named("Item"))]},
            {"kind": "ENUM", "name": "Color", "description": null, "fields": null, "inputFields": null, "interfaces": null,
             "enumValues": [
               {"name": "RED", "description": "Like a\\nfire truck.", "isDeprecated": false, "deprecationReason": null},
               {"name": "MAUVE", "description": null, "isDeprecated": true, "deprecationReason": "No longer supported"}],
             "possibleTypes": null},
            {"kind": "INPUT_OBJECT", "name": "Filter", "description": null, "fields": null, "interfaces": null, "enumValues": null,
             "inputFields": [
               {"name": "color", "description": "The color.", "type": {"kind": "ENUM", "name": "Color", "ofType": null}, "defaultValue": "RED"},
               {"name": "names", "description": null, "type": {"kind": "LIST", "name": null, "ofType": \(nonNull(scalar("String")))}, "defaultValue": "[\\"a\\"]"}],
             "possibleTypes": null},
            {"kind": "SCALAR", "name": "DateTime", "description": "An instant.", "fields": null, "inputFields": null,
             "interfaces": null, "enumValues": null, "possibleTypes": null},
            {"kind": "SCALAR", "name": "String", "description": "Built in.", "fields": null, "inputFields": null,
             "interfaces": null, "enumValues": null, "possibleTypes": null},
            {"kind": "OBJECT", "name": "__Type", "description": null, "fields": [], "inputFields": null,
             "interfaces": [], "enumValues": null, "possibleTypes": null}],
          "directives": [
            {"name": "cached", "description": "Cache it.", "locations": ["FIELD_DEFINITION", "OBJECT"], "args": [
              {"name": "seconds", "description": null, "type": \(nonNull(scalar("Int"))), "defaultValue": "60"}]},
            {"name": "include", "description": null, "locations": ["FIELD"], "args": []}]
        }}}
        """

    static func schema() throws -> CompilerSchema {
        try CompilerSchema(sources: [GraphQLSource(file: "introspection.json", text: introspection)])
    }

    @Test func descriptionsOfEveryKindSurviveTheText() throws {
        let schema = try Self.schema().schema
        #expect(schema.types["Root"]?.description == "The root.\n\nIt has \"quotes\" and a \\ backslash.")
        let node = try #require(schema.field("node", on: "Root"))
        #expect(node.description == "One node.")
        #expect(node.argument("id")?.description == "  Indented, kept.")
        #expect(schema.types["Color"]?.enumValues.first?.description == "Like a\nfire truck.")
        #expect(schema.types["Filter"]?.inputField(named: "color")?.description == "The color.")
        #expect(schema.types["DateTime"]?.description == "An instant.")
        #expect(schema.types["Result"]?.description == "Items only, for now.")
        #expect(schema.directives["cached"]?.description == "Cache it.")
    }

    @Test func deprecationsDefaultsAndTypesComeThrough() throws {
        let schema = try Self.schema().schema
        let old = try #require(schema.field("old", on: "Root"))
        #expect(old.directives.map(\.name) == ["deprecated"])
        #expect(old.directives.first?.argument("reason").map { "\($0)" } == "\(InputValue.string("Use \"node\"."))")
        #expect(schema.field("older", on: "Root")?.directives.first?.arguments.isEmpty == true)
        #expect(schema.types["Color"]?.enumValues.last?.directives.map(\.name) == ["deprecated"])
        #expect(schema.field("node", on: "Root")?.argument("depth")?.defaultValue == .int("3"))
        #expect(schema.field("search", on: "Root")?.type == .list(.named("Result")))
        #expect(schema.types["Filter"]?.inputField(named: "names")?.type == .list(.nonNull(.named("String"))))
        #expect(schema.types["Named"]?.interfaces == ["Node"])
        #expect(schema.types["Item"]?.interfaces == ["Named", "Node"])
        #expect(schema.types["Result"]?.unionMembers == ["Item"])
        #expect(schema.directives["cached"]?.locations == ["FIELD_DEFINITION", "OBJECT"])
        #expect(schema.queryType == "Root")
        #expect(schema.types["__Type"] == nil)
    }

    @Test func thePrintedTextHasASchemaBlockOnlyForRenamedRootsAndNoBuiltIns() throws {
        let sdl = try Self.schema().sdl
        #expect(sdl.hasPrefix("schema {\n  query: Root\n}\n\n"))
        #expect(!sdl.contains("scalar String") && !sdl.contains("directive @include"))
        #expect(
            sdl.contains("enum Color {\n  \"\"\"\n  Like a\n  fire truck.\n  \"\"\"\n  RED\n  MAUVE @deprecated\n}"))
        #expect(sdl.contains(#"  old: String @deprecated(reason: "Use \"node\".")"#))
    }
}
