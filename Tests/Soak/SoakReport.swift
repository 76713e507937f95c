import Foundation

/// One part's outcome in `make soak`'s contract (Tools/Soak/soak.py): printed as the last line
/// of standard output, a JSON object `{"part", "passed", "figures", "summary"}`. A value.
struct SoakReport {
    let part: String
    let passed: Bool
    /// Each figure by name: numbers, or an object of numbers per protocol.
    let figures: [String: Any]
    let summary: String

    /// The object on one line, keys sorted.
    var line: String {
        let object: [String: Any] = ["part": part, "passed": passed, "figures": figures, "summary": summary]
        do {
            let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
            return String(decoding: data, as: UTF8.self)
        } catch {
            return
                #"{"part": "\#(part)", "passed": false, "figures": {}, "summary": "figures not encodable: \#(error)"}"#
        }
    }

    /// `value` rounded to `places` decimals, for figures read by people.
    static func rounded(_ value: Double, _ places: Int = 1) -> Double {
        let scale = pow(10, Double(places))
        return (value * scale).rounded() / scale
    }
}
