import BatonNormalize

extension PlanEmitter {
    /// A `@pageList`/`@offsetList` as the Swift that makes its `PageListTemplate`.
    static func pageList(_ list: PageListTemplate) -> String {
        var text = "PageListTemplate(.\(list.counting.rawValue), argument: \(SwiftNames.literal(list.argument))"
        text += ", variable: \(list.variable.map(SwiftNames.literal) ?? "nil")"
        text += ", items: \(SwiftNames.literal(list.items))"
        if let next = list.next { text += ", next: [\(next.map(SwiftNames.literal).joined(separator: ", "))]" }
        return text + ")"
    }
}
