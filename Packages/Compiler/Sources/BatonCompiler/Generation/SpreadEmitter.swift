/// Writes, once per generated file that spreads a fragment or narrows an abstract type, the
/// descriptor that shows the runtime a lens read over the same record: a fragment spread or
/// an `On` case. The runtime finds a lens's fields by reflection; without this descriptor it
/// would not know that the spread lens reads fields with arguments, and would drop the plan
/// selection those reads need. Its address is `__typename`, which the runtime's check of a
/// lens against its document skips.
enum SpreadEmitter {
    static let typeName = "BatonSpread"

    static func write(to writer: inout SwiftWriter) {
        writer.line("/// A lens read over the same record (a spread fragment, a case of `on`), shown to the runtime.")
        writer.block("struct \(typeName)<Lens: Fragment>: FieldDescriptor") { writer in
            writer.line("let address = Scalar<String>(\"__typename\").address")
            writer.line("var required: RequiredAction? { nil }")
            writer.line("var linkedFragment: (any Fragment.Type)? { Lens.self }")
        }
    }
}
