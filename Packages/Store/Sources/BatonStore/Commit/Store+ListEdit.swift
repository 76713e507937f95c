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
                    if let target = targetValue(of: element, uniqueBy, in: context, visible: visible) {
                        seenTargets.insert(target)
                    }
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
        case .replaceHead(let links, _, _):
            // Without the list as it was before the commit (``HeadBefore``): started again.
            elements = links.map(Value.link)
        }
        return .list(elements)
    }

    /// What a `ListEdit.Operation.replaceHead(links:uniqueBy:kept:)` edit needs of the
    /// store before the commit writes anything: the elements after the head, the head's
    /// targets' `uniqueBy` values and the kept fields' values. Nil when the list does not
    /// begin with the edit's links or has nothing after them: the page starts the list again.
    struct HeadBefore {
        var tail: [Value]
        var targets: [Value?]
        var kept: [(record: Record, slot: Slot, value: Value?)]
    }

    /// The ``HeadBefore`` of `edit`, read from the base as it is before the commit.
    func headBefore(_ edit: ListEdit, in context: CommitContext) -> HeadBefore? {
        guard case .replaceHead(let links, let uniqueBy, let kept) = edit.operation,
            let record = held(edit.key, in: context),
            case .list(let elements)? = baseValue(record, edit.slot, in: context),
            elements.count > links.count,
            zip(elements, links).allSatisfy({ $0.link == $1 })
        else { return nil }
        var fields: [(record: Record, slot: Slot, value: Value?)] = []
        for field in kept {
            guard let owner = held(field.key, in: context) else { return nil }
            fields.append((owner, field.slot, baseValue(owner, field.slot, in: context)))
        }
        return HeadBefore(
            tail: Array(elements[links.count...]),
            targets: links.map { targetValue(of: .link($0), uniqueBy, in: context, visible: false) },
            kept: fields)
    }

    /// Applies a `replaceHead` edit after the commit's snapshots: when the head's targets are
    /// what they were (`before`), the list is the head and the tail, without an element whose
    /// target the head has, and the kept fields are restored; otherwise the page's own
    /// snapshot stands. Returns whether the tail was kept.
    @discardableResult
    func keepTail(_ edit: ListEdit, _ before: HeadBefore, of record: Record, in context: inout CommitContext) -> Bool {
        guard case .replaceHead(let links, let uniqueBy, _) = edit.operation else { return false }
        let targets = links.map { targetValue(of: .link($0), uniqueBy, in: context, visible: false) }
        guard !targets.contains(where: { $0 == nil }), targets == before.targets else { return false }
        var seen = Set(targets.compactMap { $0 })
        var elements = links.map(Value.link)
        for element in before.tail {
            if let target = targetValue(of: element, uniqueBy, in: context, visible: false) {
                guard seen.insert(target).inserted else { continue }
            }
            elements.append(element)
        }
        writeBase(record, edit.slot, .list(elements), in: &context)
        for field in before.kept {
            writeBase(field.record, field.slot, field.value, in: &context)
        }
        return true
    }

    /// The value of `slot` in the record `element` links to, as the commit sees it; without a
    /// slot, the link itself when the store holds its target.
    private func targetValue(of element: Value, _ slot: Slot?, in context: CommitContext, visible: Bool) -> Value? {
        guard let key = element.link, let record = held(key, in: context) else { return nil }
        guard let slot else { return element }
        return visible ? context.buffer.value(of: record, slot) : baseValue(record, slot, in: context)
    }
}
