import BatonLens
import BatonTestSupport
import BatonTransport
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `make soak`'s subscription soak: one subscription handle per protocol Baton speaks
/// (graphql-transport-ws and graphql-ws over its WebSocket transport, server-sent events and
/// multipart over HTTP), each in its own environment, fed by the test server's numbered
/// stream (`/_test/publish`) while the server is killed (SIGKILL) and started again on the
/// same port, `restarts` times in the middle.
///
/// An event is *emitted on a live subscription* when the server's publish reached that
/// protocol's subscription; one published while the handle is disconnected reaches no
/// subscription and is not owed. Before each kill the driver stops publishing until every
/// emitted event has arrived (or 10 s passed), so a kill never takes an event in flight:
/// every emitted one must reach the handle, in order, once. At the end every handle is
/// stopped and let go: its stream, its backoff wait and the server's subscription must end.
/// Main actor, as the handles are.
@MainActor
struct SubscriptionSoak {
    var events = 1_000
    var restarts = 5

    enum Wire: String, CaseIterable {
        case graphqlTransportWS = "graphql-transport-ws"
        case graphqlWS = "graphql-ws"
        case serverSentEvents = "sse"
        case multipart = "multipart"

        /// The noteAdded channel this protocol's handle subscribes to.
        var character: String { "soak-\(rawValue)" }

        func transport(port: Int) -> any Transport {
            let http = URL(string: "http://127.0.0.1:\(port)/graphql")!
            let ws = URL(string: "ws://127.0.0.1:\(port)/graphql")!
            switch self {
            case .graphqlTransportWS:
                return GraphQLWebSocketTransport(configuration: .init(url: ws, subprotocol: .graphqlTransportWS))
            case .graphqlWS:
                return GraphQLWebSocketTransport(configuration: .init(url: ws, subprotocol: .graphqlWS))
            case .serverSentEvents:
                return HTTPTransport(configuration: .init(url: http, subscriptionProtocol: .serverSentEvents))
            case .multipart:
                return HTTPTransport(configuration: .init(url: http, subscriptionProtocol: .multipart))
            }
        }
    }

    /// One protocol's handle and what it was owed.
    @MainActor
    private final class Lane {
        let wire: Wire
        let counting: CountingTransport
        let environment: GraphQLEnvironment
        var handle: SubscriptionHandle<SoakNoteAddedSubscription>?
        /// Numbers the server emitted on this lane's live subscription, in order.
        var emitted: [Int] = []
        var unowed = 0

        init(wire: Wire, port: Int, backoff: Backoff) {
            self.wire = wire
            counting = CountingTransport(wire.transport(port: port))
            environment = GraphQLEnvironment(
                store: Store(normalization: SoakSchema.normalization), transport: counting)
            handle = SubscriptionHandle(
                SoakNoteAddedSubscription.self, variables: ["characterId": .string(wire.character)], backoff: backoff,
                in: environment)
        }

        /// Whether every emitted event has landed in the handle (not only reached its stream).
        var caughtUp: Bool { (handle?.eventCount ?? 0) >= emitted.count && counting.received.count >= emitted.count }
    }

    func run() async -> SoakReport {
        let started = ContinuousClock.now
        var server: LocalTestServer
        do { server = try await LocalTestServer.start() } catch {
            return SoakReport(part: "subscriptions", passed: false, figures: [:], summary: "no test server: \(error)")
        }
        let port = server.port
        let waits = Atomic<Int>(0)
        let backoff = Backoff(
            initial: .milliseconds(50), maximum: .milliseconds(400),
            sleep: { delay in
                waits.add(1, ordering: .relaxed)
                defer { waits.subtract(1, ordering: .relaxed) }
                try await Task.sleep(for: delay)
            })
        let lanes = Wire.allCases.map { Lane(wire: $0, port: port, backoff: backoff) }
        for lane in lanes { lane.handle?.start() }

        var seq = 0
        var problems: [String] = []
        let lives = restarts + 1
        for life in 0..<lives {
            let quota = events / lives + (life < events % lives ? 1 : 0)
            let target = lanes.map { $0.emitted.count + quota }
            let lifeStarted = ContinuousClock.now
            while zip(lanes, target).contains(where: { $0.emitted.count < $1 }) {
                if ContinuousClock.now - lifeStarted > .seconds(40) {
                    problems.append("life \(life): a subscription did not come back within 40 s")
                    break
                }
                let open = zip(lanes, target).filter { $0.emitted.count < $1 }.map(\.0)
                seq += 1
                let delivered = await Self.publish(seq, to: open.map(\.wire.character), port: port)
                var anyLive = false
                for lane in open {
                    let reached = delivered[lane.wire.character] ?? 0
                    if reached > 0 {
                        lane.emitted.append(seq)
                        anyLive = true
                    } else {
                        lane.unowed += 1
                    }
                    if reached > 1 {
                        problems.append("\(lane.wire.rawValue): seq \(seq) reached \(reached) subscriptions")
                    }
                }
                if !anyLive { try? await Task.sleep(for: .milliseconds(20)) }
            }
            _ = await Self.eventually(seconds: 10) { lanes.allSatisfy(\.caughtUp) }
            if life < restarts {
                server.kill()
                try? await Task.sleep(for: .milliseconds(300))
                guard let next = await Self.restart(port: port) else {
                    problems.append("the server did not start again on port \(port)")
                    break
                }
                server = next
            }
        }
        let streaming = ContinuousClock.now - started

        // Every handle stopped and let go: its task must end, and with it the transport's
        // stream and the server's subscription.
        let resumptions = lanes.map { $0.handle?.resumptions ?? 0 }
        let eventCounts = lanes.map { $0.handle?.eventCount ?? 0 }
        let lastIDs = lanes.map { lane in (try? lane.handle?.data?.noteAdded?.id) ?? nil }
        let stored = lanes.map { lane in
            lane.emitted.filter {
                lane.environment.store.record(RecordKey(type: "Note", id: "seq-\($0)-\(lane.wire.character)")) != nil
            }.count
        }
        let weakHandles = lanes.map { Weak($0.handle) }
        for lane in lanes {
            lane.handle?.stop()
            lane.handle = nil
        }
        _ = await Self.eventually(seconds: 5) {
            lanes.allSatisfy { $0.counting.liveStreams == 0 } && waits.load(ordering: .relaxed) == 0
                && weakHandles.allSatisfy { $0.object == nil }
        }
        var serverSubscriptions: [String: Int] = [:]
        for _ in 0..<50 {
            seq += 1
            serverSubscriptions = await Self.publish(seq, to: lanes.map(\.wire.character), port: port)
            if serverSubscriptions.values.allSatisfy({ $0 == 0 }) { break }
            try? await Task.sleep(for: .milliseconds(100))
        }
        server.stop()
        let waiting = waits.load(ordering: .relaxed)

        var figures: [String: Any] = ["backoff_waits_alive": waiting]
        var passed = problems.isEmpty && waiting == 0
        var parts: [String] = []
        for (index, lane) in lanes.enumerated() {
            let received = lane.counting.received
            let distinct = Set(received)
            let lost = lane.emitted.filter { !distinct.contains($0) }.count
            let duplicated = received.count - distinct.count
            let outOfOrder = zip(received, received.dropFirst()).filter { $0 >= $1 }.count
            let unexpected = distinct.subtracting(lane.emitted).count
            let hanging =
                (weakHandles[index].object == nil ? 0 : 1) + lane.counting.liveStreams
                + (serverSubscriptions[lane.wire.character] ?? 1)
            // Streams that came up after the first: the resubscriptions that worked.
            let reconnects = lane.counting.streamsConnected - 1
            let landed =
                eventCounts[index] == received.count && stored[index] == lane.emitted.count
                && lastIDs[index] == lane.emitted.last.map { "seq-\($0)-\(lane.wire.character)" }
            let ok =
                lost == 0 && duplicated == 0 && outOfOrder == 0 && unexpected == 0 && hanging == 0 && landed
                && lane.emitted.count == events && reconnects >= restarts
            passed = passed && ok
            figures[lane.wire.rawValue] =
                [
                    "events": lane.emitted.count, "received": received.count, "restarts": restarts, "lost": lost,
                    "duplicated": duplicated, "out_of_order": outOfOrder, "reconnects": reconnects,
                    "reconnect_attempts": resumptions[index], "streams_opened": lane.counting.streamsOpened,
                    "unowed_publishes": lane.unowed,
                    "handle_event_count": eventCounts[index], "stored_notes": stored[index],
                    "hanging_handles": hanging, "duration_s": SoakReport.rounded(streaming / .seconds(1)),
                ] as [String: Any]
            parts.append(
                "\(lane.wire.rawValue) \(lane.emitted.count) events, \(lost) lost, \(duplicated) duplicated, \(reconnects) reconnects (\(resumptions[index]) attempts), \(hanging) hanging"
            )
        }
        let seconds = (ContinuousClock.now - started) / .seconds(1)
        figures["duration_s"] = SoakReport.rounded(seconds)
        var summary =
            "\(restarts) SIGKILL restarts on one port in \(Int(seconds)) s; every event emitted on a live subscription (the server's publish reached it; none is in flight at a kill) reached its handle in order, once: "
            + parts.joined(separator: "; ")
        if !passed { summary = "FAILED: " + summary }
        if let first = problems.first { summary += "; \(problems.count) problems, first: \(first)" }
        return SoakReport(part: "subscriptions", passed: passed, figures: figures, summary: summary)
    }

    /// A weak reference to a handle.
    private final class Weak {
        weak var object: AnyObject?
        init(_ object: AnyObject?) { self.object = object }
    }

    /// Publishes `seq` on each of `characters`' noteAdded channels; how many subscriptions
    /// each reached (empty when the server is down).
    private static func publish(_ seq: Int, to characters: [String], port: Int) async -> [String: Int] {
        let query = characters.map { "characterId=\($0)" }.joined(separator: "&")
        let url = URL(string: "http://127.0.0.1:\(port)/_test/publish?seq=\(seq)&\(query)")!
        guard let (data, _) = try? await URLSession.shared.data(from: url),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let delivered = object["delivered"] as? [String: Int]
        else { return [:] }
        return delivered
    }

    /// A server started on `port` again, retrying while the port is not free yet.
    private static func restart(port: Int) async -> LocalTestServer? {
        for _ in 0..<20 {
            if let server = try? await LocalTestServer.start(port: port) { return server }
            try? await Task.sleep(for: .milliseconds(250))
        }
        return nil
    }

    /// Polls `holds` until it is true or `seconds` pass.
    private static func eventually(seconds: Int, _ holds: () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while ContinuousClock.now < deadline {
            if holds() { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return holds()
    }
}
