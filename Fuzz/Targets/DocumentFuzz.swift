// libFuzzer target: the GraphQL executable-document parser (the SDL parser is fuzz-schema's).
//
// Properties checked on every input, beyond "does not trap":
// - a document that parses prints (compact) to text that parses again and prints the same;
// - a parsed document validates or throws a typed error; a valid one with one operation plans
//   (no schema) or throws a typed error.
import BatonNormalize
import BatonRecords

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDocument(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: count), as: UTF8.self)
    guard let document = try? Document.parse(text) else { return 0 }
    let printed = document.compactText
    guard let again = try? Document.parse(printed) else {
        fatalError("the printed document does not parse: \(printed)")
    }
    guard again.compactText == printed else {
        fatalError("printing is not stable:\n\(printed)\n\(again.compactText)")
    }
    if (try? document.validate()) != nil, document.operations.count == 1 {
        _ = try? OperationPlan(document: document)
    }
    return 0
}
