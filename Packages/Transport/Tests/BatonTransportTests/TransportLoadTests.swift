import BatonNormalize
import BatonRecords
import BatonTransport
import Foundation
import Synchronization
import Testing

/// A soak against the local server: 1,000 requests, 16 in flight, about a third cancelled at
/// a random moment (seeded), some of them slowed by the server so the cancellation lands
/// mid-exchange. Every request ends — an answer or `TransportError.cancelled` — and the
/// whole run ends well within its bound, so no task or connection is left hanging.
@Suite(.testServer)
struct TransportLoadTests {
    enum Outcome: Sendable, Equatable {
        case answered
        case cancelled
        case failed(String)
    }

    /// A seeded generator (SplitMix64): the same run every time.
    struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    struct Plan: Sendable {
        let id: Int
        /// The server holds the answer this long (X-Test-Delay), in seconds.
        let delay: Double
        /// Cancel the request this many milliseconds after it starts, if set.
        let cancelAfter: Int?
    }

    static func plans(count: Int) -> [Plan] {
        var random = SeededGenerator(state: 0xBA70_2026)
        return (0..<count).map { index in
            let slow = Int.random(in: 0..<4, using: &random) == 0
            let cancel = Int.random(in: 0..<3, using: &random) == 0
            return Plan(
                id: index % 20 + 1, delay: slow ? 0.05 : 0,
                cancelAfter: cancel ? Int.random(in: 0...60, using: &random) : nil)
        }
    }

    static func run(_ plan: Plan, _ transport: HTTPTransport) async -> Outcome {
        var headers: [String: String] = [:]
        if plan.delay > 0 { headers["X-Test-Delay"] = String(plan.delay) }
        let request = GraphQLRequest(
            document: "query Who($id: ID!) { character(id: $id) { id name } }", operationName: "Who",
            variables: ["id": .string(String(plan.id))], headers: headers)
        let task = Task { try await transport.send(request) }
        if let after = plan.cancelAfter {
            try? await Task.sleep(nanoseconds: UInt64(after) * 1_000_000)
            task.cancel()
        }
        do {
            let body = try await task.value
            guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
                value(object, "data", "character", "id") as? String == String(plan.id)
            else {
                return .failed("unexpected body: \(String(decoding: body.prefix(200), as: UTF8.self))")
            }
            return .answered
        } catch TransportError.cancelled {
            return plan.cancelAfter == nil ? .failed("cancelled without being asked") : .cancelled
        } catch {
            return .failed("\(error)")
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func aThousandRequestsSixteenAtATimeWithRandomCancellationsAllEndCleanly() async throws {
        let transport = HTTPTransport(configuration: .init(url: try server().graphQLURL))
        let plans = Self.plans(count: 1000)
        let start = Date()
        let outcomes = await withTaskGroup(of: Outcome.self, returning: [Outcome].self) { group in
            var outcomes: [Outcome] = []
            var next = 0
            while next < 16 {
                let plan = plans[next]
                group.addTask { await Self.run(plan, transport) }
                next += 1
            }
            while let outcome = await group.next() {
                outcomes.append(outcome)
                if next < plans.count {
                    let plan = plans[next]
                    group.addTask { await Self.run(plan, transport) }
                    next += 1
                }
            }
            return outcomes
        }
        let elapsed = Date().timeIntervalSince(start)
        #expect(outcomes.count == 1000)
        let failures = outcomes.compactMap { if case .failed(let why) = $0 { why } else { nil } }
        #expect(failures.isEmpty, "\(failures.count) failed, first: \(failures.first ?? "")")
        let cancelled = outcomes.filter { $0 == .cancelled }.count
        let answered = outcomes.filter { $0 == .answered }.count
        // Every request not cancelled answered; a good share of the cancellations landed.
        #expect(answered >= plans.filter { $0.cancelAfter == nil }.count)
        #expect(cancelled > 50)
        #expect(elapsed < 60)

        // The transport still answers afterwards: nothing it holds is wedged.
        let body = try await transport.send(GraphQLRequest(document: "{ character(id: 1) { name } }"))
        #expect(value(try json(body), "data", "character", "name") as? String == "Rick Sanchez")
    }
}
