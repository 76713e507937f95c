import Foundation

/// `Tests/Conformance/divergences.md`: the cases known to disagree, each with its reason
/// (under `## Diverging`), the cases whose dump is missing and whose reads alone are checked
/// (under `## Reads only`), and the cases that cannot run (under `## Not runnable`). Each
/// entry is a list item starting with the case's name in backticks.
struct DivergenceList: Sendable {
    var diverging: [String: String] = [:]
    var readsOnly: [String: String] = [:]
    var notRunnable: [String: String] = [:]

    init(markdown: String) {
        var section = ""
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("## ") {
                section = line.dropFirst(3).trimmingCharacters(in: .whitespaces).lowercased()
                continue
            }
            guard line.hasPrefix("- `"), let close = line.dropFirst(3).firstIndex(of: "`") else { continue }
            let name = String(line[line.index(line.startIndex, offsetBy: 3)..<close])
            let reason = line[line.index(after: close)...]
                .trimmingCharacters(in: CharacterSet(charactersIn: " :—-"))
            switch section {
            case "diverging": diverging[name] = reason
            case "reads only": readsOnly[name] = reason
            case "not runnable": notRunnable[name] = reason
            default: break
            }
        }
    }
}
