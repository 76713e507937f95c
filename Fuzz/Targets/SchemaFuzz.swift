// libFuzzer target: the SDL (type system) parser and the schema builder, GraphQLSchema.parse.
//
// An input is the server's SDL text, then, after the first NUL byte if there is one, a client
// extension's text (so the client-only path and "defined twice" checks are reached).
// Properties, beyond "does not trap": a schema that builds answers its lookups, and every
// possible type of a type is a subtype of it that a fragment on the type applies to.
import BatonNormalize

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSchema(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: count)
    let split = bytes.firstIndex(of: 0)
    let server = String(decoding: bytes[..<(split ?? count)], as: UTF8.self)
    let client = split.map { [String(decoding: bytes[($0 + 1)...], as: UTF8.self)] } ?? []
    let schema: GraphQLSchema
    do {
        schema = try GraphQLSchema.parse(sdl: [server], clientExtensions: client)
    } catch {
        _ = error.message
        return 0
    }
    for kind in [OperationKind.query, .mutation, .subscription] { _ = schema.rootType(for: kind) }
    for (name, type) in schema.types {
        for field in type.fields { _ = schema.field(field.name, on: name) }
        for possible in schema.possibleTypes(name) {
            guard schema.isSubtype(possible, of: name) else {
                fatalError("'\(possible)' is a possible type of '\(name)' but not a subtype of it")
            }
            guard schema.canApply(typeCondition: name, to: possible) else {
                fatalError("a fragment on '\(name)' does not apply to its possible type '\(possible)'")
            }
        }
    }
    return 0
}
