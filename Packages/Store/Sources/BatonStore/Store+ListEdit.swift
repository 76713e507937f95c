@_spi(Baton) import BatonRecords

extension Store {
    /// The list `edit` makes of `current` (nothing yet reads as an empty list), reading the
    /// elements' targets as the commit in `context` sees them.
    /// With `visible`, targets are read as they show (an optimistic layer's edit); otherwise
    /// as the base holds them (server data).
    func applying(_ edit: ListEdit, to current: Value?, in context: CommitContext, visible: Bool = false) -> Value {
        var elements: [Value]
        switch current {
        case .list(let list)?: elements = list
        default: elements = []
        }
        switch edit.operation {
        case .insert(let links, let atEnd, let uniqueBy):
            var seenLinks = Set(elements.compactMap(\.link))
            var seenTargets: Set<Value> = []
            if let uniqueBy {
                for element in elements {
                    if let target = targetValue(of: element, uniqueBy, in: context, visible: visible) { seenTargets.insert(target) }
                }
            }
            var added: [Value] = []
            for link in links {
                guard seenLinks.insert(link).inserted else { continue }
                if let uniqueBy, let target = targetValue(of: .link(link), uniqueBy, in: context, visible: visible) {
                    guard seenTargets.insert(target).inserted else { continue }
                }
                added.append(.link(link))
            }
            elements = atEnd ? elements + added : added + elements
        case .remove(let target, let field):
            elements.removeAll { element in
                guard let field else { return element.link == target }
                return targetValue(of: element, field, in: context, visible: visible)?.link == target
            }
        }
        return .list(elements)
    }

    /// The value of `slot` in the record `element` links to, as the commit sees it.
    private func targetValue(of element: Value, _ slot: Slot, in context: CommitContext, visible: Bool) -> Value? {
        guard let key = element.link, let record = held(key, in: context) else { return nil }
        return visible ? context.buffer.value(of: record, slot) : baseValue(record, slot, in: context)
    }
}
