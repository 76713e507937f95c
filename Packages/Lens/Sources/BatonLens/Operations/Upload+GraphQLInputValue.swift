import Foundation
import Synchronization

extension Upload: GraphQLInputValue {
    /// While a mutation performed with typed `Variables` encodes them (`MutationHandle`'s
    /// `perform(variables:)` taking `Op.Variables`), a placeholder the handle turns into
    /// `null` and an `UploadPlacement` at its path, so the transport sends the file; anywhere
    /// else `null`, and no file is sent.
    public var inputValue: JSONValue {
        UploadCollector.current?.placeholder(for: self) ?? .null
    }
}

/// The uploads met while typed variables are encoded: each `Upload` encodes as a placeholder
/// object keyed by this collector's own name, which ``collecting(_:)`` replaces with `null`,
/// recording the upload at that path.
///
/// Set for one synchronous encoding on the task that runs it (a task-local value); the list
/// is behind a mutex.
final class UploadCollector: Sendable {
    @TaskLocal static var current: UploadCollector?

    private let key = "__batonUpload-" + UUID().uuidString
    private let uploads = Mutex<[Upload]>([])

    /// The placeholder for `upload`, the next in the list.
    func placeholder(for upload: Upload) -> JSONValue {
        let index = uploads.withLock { list in
            list.append(upload)
            return list.count - 1
        }
        return .object([(key, .int(index))])
    }

    /// The variables `encode` makes, `null` at each upload, and the uploads at their paths
    /// (`variables.files.0`) in the variables' name order, then document order.
    static func collecting(_ encode: () -> [String: JSONValue]) -> (
        variables: [String: JSONValue], uploads: [UploadPlacement]
    ) {
        let collector = UploadCollector()
        let values = $current.withValue(collector) { encode() }
        let found = collector.uploads.withLock { $0 }
        guard !found.isEmpty else { return (values, []) }
        var placements: [UploadPlacement] = []
        var variables: [String: JSONValue] = [:]
        for name in values.keys.sorted() {
            variables[name] = collector.replacing(values[name]!, at: ["variables", name], found, &placements)
        }
        return (variables, placements)
    }

    /// `value` with each placeholder `null`, its upload appended to `placements`.
    private func replacing(
        _ value: JSONValue, at path: [String], _ found: [Upload], _ placements: inout [UploadPlacement]
    ) -> JSONValue {
        switch value {
        case .object(let members):
            if members.count == 1, members[0].0 == key, case .int(let index) = members[0].1,
                found.indices.contains(index)
            {
                placements.append(UploadPlacement(found[index], atPath: path))
                return .null
            }
            return .object(members.map { ($0.0, replacing($0.1, at: path + [$0.0], found, &placements)) })
        case .array(let elements):
            return .array(
                elements.enumerated().map { replacing($0.element, at: path + [String($0.offset)], found, &placements) })
        default:
            return value
        }
    }
}
