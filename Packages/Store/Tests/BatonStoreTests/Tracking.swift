import Foundation
import Observation
import Synchronization
import BatonStore

/// Counts how many times each tracked closure's `onChange` fired. Safe from any thread.
final class FireLog: Sendable {
    private let counts = Mutex<[String: Int]>([:])

    func fire(_ name: String) {
        counts.withLock { $0[name, default: 0] += 1 }
    }

    var fired: [String: Int] { counts.withLock { $0 } }
    var total: Int { counts.withLock { $0.values.reduce(0, +) } }
}

/// Runs `body` inside a tracking scope, as a view body, and logs `name` when it is invalidated.
@MainActor func track(_ name: String, in log: FireLog, _ body: () -> Void) {
    withObservationTracking(body, onChange: { log.fire(name) })
}

/// Reads every listed field of `record`, tracked, as a row view's body does.
@MainActor func readAll(_ record: Record, _ fields: [FieldSlot]) {
    for field in fields { _ = record[field] }
}

/// For each record `plan` reads from the store, the fields it reads there: a view per record.
@MainActor func footprint(of plan: OperationPlan, in store: Store) -> [(record: Record, fields: [FieldSlot])] {
    var order: [RecordKey] = []
    var fields: [RecordKey: [FieldSlot]] = [:]
    func object(_ record: Record, _ selection: SelectionPlan) {
        if fields[record.key] == nil { order.append(record.key) }
        for field in selection.resolved(for: record.typename).fields {
            if !(fields[record.key]?.contains { $0 === field.field } ?? false) {
                fields[record.key, default: []].append(field.field)
            }
            guard let sub = field.selection, let value = record[untracked: field.field.slot] else { continue }
            walk(value, sub)
        }
    }
    func walk(_ value: Value, _ selection: SelectionPlan) {
        switch value {
        case .link(let key): if let target = store.record(key) { object(target, selection) }
        case .list(let elements): for element in elements { walk(element, selection) }
        default: break
        }
    }
    object(store.record(plan.rootKey)!, plan.root)
    return order.map { (store.record($0)!, fields[$0]!) }
}
