import Foundation

// `BatonSoak session [loads]` or `BatonSoak subscriptions [events]`: one part of `make soak`
// (Tools/Soak/soak.py); the last line printed is the part's JSON report.
let arguments = Array(CommandLine.arguments.dropFirst())
let count = arguments.count > 1 ? Int(arguments[1]) : nil
let report: SoakReport
switch arguments.first {
case "session":
    var session = LongSession()
    if let count {
        session.loads = count
        session.warmUp = count / 5
        session.sampleEvery = max(1, count / 20)
    }
    report = await session.run()
case "subscriptions":
    var soak = SubscriptionSoak()
    if let count { soak.events = count }
    report = await soak.run()
default:
    FileHandle.standardError.write(Data("usage: BatonSoak session|subscriptions [count]\n".utf8))
    exit(2)
}
print(report.line)
exit(report.passed ? 0 : 1)
