import Foundation

/// What a soak part found: the JSON line `make soak` reads as the part's last line of
/// standard output (`{"part", "passed", "figures", "summary"}`; Tools/Soak/README.md).
struct SoakReport {
    var part: String
    var passed: Bool
    var figures: [String: Any]
    var summary: String

    func print() {
        let object: [String: Any] = ["part": part, "passed": passed, "figures": figures, "summary": summary]
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        FileHandle.standardOutput.write(data + Data("\n".utf8))
    }
}
