import Foundation
import Testing
import BatonNormalize
import BatonRecords

/// The seeds' conformance suite, as far as the Normalize layer can express it: every case
/// either agrees with its dump and reads, or is listed in `Tests/Conformance/divergences.md`
/// with its reason; a listed case that now agrees fails too, so the list stays true.
@Suite struct ConformanceTests {
    static let divergencesFile: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Packages").path) {
                return url.appendingPathComponent("Tests/Conformance/divergences.md")
            }
        }
        return url
    }()

    @Test func everyCaseAgreesOrIsAListedDivergence() throws {
        let runner = ConformanceRunner()
        let cases = try runner.cases()
        #expect(cases.count == 49)
        let listed = DivergenceList(markdown: try String(contentsOf: Self.divergencesFile, encoding: .utf8))
        var agreeing = 0, diverging = 0, notRunnable = 0, lensRows = 0
        for testCase in cases {
            switch runner.run(testCase) {
            case .agrees(let rows):
                agreeing += 1
                lensRows += rows.count
                if listed.diverging[testCase.name] != nil {
                    Issue.record("\(testCase.name) agrees now: take it off divergences.md")
                }
            case .diverges(let differences):
                diverging += 1
                if listed.diverging[testCase.name] == nil {
                    let lines = differences.prefix(12).joined(separator: "\n  ")
                    Issue.record("\(testCase.name) diverges:\n  \(lines)")
                }
            case .notRunnable(let reason):
                notRunnable += 1
                if listed.notRunnable[testCase.name] == nil {
                    Issue.record("\(testCase.name) cannot run (\(reason)) and is not listed as not runnable")
                }
            }
        }
        let names = Set(cases.map(\.name))
        for name in Set(listed.diverging.keys).union(listed.notRunnable.keys) where !names.contains(name) {
            Issue.record("divergences.md lists \(name), which the manifest does not have")
        }
        print("conformance: \(cases.count) cases: \(agreeing) agree, \(diverging) diverge, \(notRunnable) not runnable;"
              + " \(lensRows) reads need the lens")
    }

    @Test func listedNotRunnableCasesLackTheirFiles() throws {
        let runner = ConformanceRunner()
        let listed = DivergenceList(markdown: try String(contentsOf: Self.divergencesFile, encoding: .utf8))
        for testCase in try runner.cases() where listed.notRunnable[testCase.name] != nil {
            guard case .notRunnable = runner.run(testCase) else {
                Issue.record("\(testCase.name) runs now: take it off the not-runnable list")
                continue
            }
        }
    }
}
