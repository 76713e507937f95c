import Foundation
import Testing
import BatonNormalize
import BatonRecords
import BatonTestSupport

/// The seeds' conformance suite (`Tests/Conformance/baton-spec`), as far as the Normalize layer
/// can express it: every case either agrees with its dump and reads, or is listed in
/// `Tests/Conformance/divergences.md` with its reason (a case without a dump, under Reads only,
/// when its reads agree); a listed case that now agrees fails too, so the list stays true.
@Suite struct ConformanceTests {
    static let divergencesFile = TestData.url("Conformance/divergences.md")

    @Test func everyCaseAgreesOrIsAListedDivergence() throws {
        let runner = ConformanceRunner()
        let cases = try runner.cases()
        #expect(cases.count == 49)
        let listed = DivergenceList(markdown: try String(contentsOf: Self.divergencesFile, encoding: .utf8))
        var agreeing = 0
        var readsOnly = 0
        var diverging = 0
        var notRunnable = 0
        var lensRows = 0
        for testCase in cases {
            switch runner.run(testCase) {
            case .agrees(let rows):
                agreeing += 1
                lensRows += rows.count
                if listed.diverging[testCase.name] != nil || listed.readsOnly[testCase.name] != nil {
                    Issue.record("\(testCase.name) agrees now, records and reads: take it off divergences.md")
                }
            case .readsAgreeWithoutDump(let rows):
                readsOnly += 1
                lensRows += rows.count
                if listed.readsOnly[testCase.name] == nil {
                    Issue.record("\(testCase.name) has no dump and its reads agree: list it under Reads only")
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
        let allListed = Set(listed.diverging.keys).union(listed.readsOnly.keys).union(listed.notRunnable.keys)
        for name in allListed where !names.contains(name) {
            Issue.record("divergences.md lists \(name), which the manifest does not have")
        }
        print(
            "conformance: \(cases.count) cases: \(agreeing) agree, \(readsOnly) agree in their reads (no dump),"
                + " \(diverging) diverge, \(notRunnable) not runnable;"
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
