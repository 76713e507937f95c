import BatonNormalize
import Foundation

/// The one WebSocket connection a ``GraphQLWebSocketTransport`` shares among its operations.
///
/// It opens the connection for the first operation (`connection_init`, then waits for
/// `connection_ack`), routes each server message to its operation by id, answers pings, sends
/// keepalive pings, and closes the connection when the last operation ends. When the
/// connection fails or drops, every operation on it fails with the ``WebSocketError``; the
/// next operation opens a new one. An actor: its state is touched on its own executor only,
/// and no blocking call runs on it (the socket is read by the connection: ``WebSocketClient``'s own thread, or URLSession).
actor GraphQLWebSocketSession {
    typealias Events = AsyncThrowingStream<StreamEvent, any Error>.Continuation

    private struct Live {
        var client: any WebSocketConnection
        var acknowledged = false
        var waiting: [CheckedContinuation<any WebSocketConnection, any Error>] = []
        var closeFrame: (code: UInt16?, reason: String)?
        var tasks: [Task<Void, Never>] = []
    }

    let configuration: GraphQLWebSocketTransport.Configuration
    private var live: Live?
    private var opening: Task<any WebSocketConnection, any Error>?
    private var operations: [String: Events] = [:]
    /// Why the last connection ended, for an operation that was waiting on it.
    private var lastFailure: (any Error)?

    init(configuration: GraphQLWebSocketTransport.Configuration) {
        self.configuration = configuration
    }

    /// Starts operation `id`: its events go to `events`, `.connected` first. A cancelled
    /// caller's operation is dropped once the connection is up, before it is subscribed.
    func start(id: String, request: GraphQLRequest, events: Events) async {
        operations[id] = events
        do {
            let client = try await acknowledgedClient()
            guard operations[id] != nil else { return }
            if Task.isCancelled {
                operations.removeValue(forKey: id)?.finish(throwing: CancellationError())
                closeIfIdle()
                return
            }
            events.yield(.connected)
            try await client.send(.text(configuration.subprotocol.startMessage(id: id, request: request)))
        } catch {
            operations.removeValue(forKey: id)?.finish(throwing: error)
        }
    }

    /// Stops operation `id` (its consumer went away) after its ``start(id:request:events:)``
    /// returned; the last one closes the connection.
    func stop(id: String) async {
        guard operations.removeValue(forKey: id) != nil else { return }
        if let client = live?.client, live?.acknowledged == true {
            try? await client.send(.text(configuration.subprotocol.stopMessage(id: id)))
        }
        closeIfIdle()
    }

    /// Closes the connection at once; every open operation ends.
    func close() {
        guard let current = live else { return }
        shutDown(current, failing: nil)
        current.client.close(code: WebSocketCloseCode.normal, reason: "")
    }

    private func acknowledgedClient() async throws -> any WebSocketConnection {
        if let current = live { return try await acknowledgement(of: current.client) }
        if let opening { return try await opening.value }
        let task = Task { try await open() }
        opening = task
        defer { opening = nil }
        return try await task.value
    }

    private func open() async throws -> any WebSocketConnection {
        let parameters = try await configuration.connectionParameters()
        let client = try await WebSocketConnector.connect(to: configuration.url, configuration: configuration)
        var current = Live(client: client)
        current.tasks.append(Task { await self.read(client) })
        current.tasks.append(Task { await self.expire(client, after: configuration.acknowledgementTimeout) })
        if let interval = configuration.pingInterval, configuration.subprotocol.pingMessage != nil {
            current.tasks.append(Task { await self.keepAlive(client, every: interval) })
        }
        live = current
        do {
            try await client.send(.text(configuration.subprotocol.initMessage(parameters)))
        } catch {
            ended(client, error: error)
            throw error
        }
        return try await acknowledgement(of: client)
    }

    /// Waits for `client`'s `connection_ack`, checking first (after any suspension) whether it
    /// came already or the connection ended, so that no waiter is left unresumed.
    private func acknowledgement(of client: any WebSocketConnection) async throws -> any WebSocketConnection {
        guard let current = live, current.client === client else {
            throw lastFailure ?? WebSocketError.connectionDropped(reason: "the connection ended before connection_ack")
        }
        if current.acknowledged { return client }
        return try await withCheckedThrowingContinuation { waiter in
            if live != nil {
                live?.waiting.append(waiter)
            } else {
                waiter.resume(
                    throwing: WebSocketError.connectionDropped(reason: "the connection ended before connection_ack"))
            }
        }
    }

    private func read(_ client: any WebSocketConnection) async {
        do {
            for try await message in client.messages {
                switch message {
                case .text(let text): try await receive(text, on: client)
                case .binary(let data): try await receive(String(decoding: data, as: UTF8.self), on: client)
                case .close(let code, let reason): if live?.client === client { live?.closeFrame = (code, reason) }
                case .ping, .pong: break
                }
            }
            ended(client, error: nil)
        } catch {
            ended(client, error: error)
        }
    }

    private func receive(_ text: String, on client: any WebSocketConnection) async throws {
        guard live?.client === client, let message = try GraphQLWebSocketIncoming.read(text) else { return }
        switch message.kind {
        case .ack:
            guard var current = live, !current.acknowledged else { return }
            current.acknowledged = true
            let waiting = current.waiting
            current.waiting = []
            live = current
            for waiter in waiting { waiter.resume(returning: client) }
        case .ping:
            try await client.send(.text(configuration.subprotocol.pongMessage))
        case .pong, .keepAlive:
            break
        case .next:
            guard let id = message.id, let payload = message.payload else { return }
            operations[id]?.yield(.payload(payload))
        case .error:
            guard let id = message.id else { return }
            operations.removeValue(forKey: id)?.finish(
                throwing: TransportError.subscriptionFailed(url: configuration.url, body: message.payload ?? Data()))
            closeIfIdle()
        case .complete:
            guard let id = message.id else { return }
            operations.removeValue(forKey: id)?.finish()
            closeIfIdle()
        case .connectionError:
            let reason = message.payload.map { String(decoding: $0, as: UTF8.self) } ?? "connection_error"
            throw WebSocketError.closed(code: nil, reason: reason)
        }
    }

    /// The connection ended: a close frame from the server, a drop, or a protocol failure.
    private func ended(_ client: any WebSocketConnection, error: (any Error)?) {
        guard let current = live, current.client === client else { return }
        let failure: any Error =
            if let error { error } else if let frame = current.closeFrame {
                WebSocketError.closed(code: frame.code, reason: frame.reason)
            } else { WebSocketError.connectionDropped(reason: "the connection ended") }
        shutDown(current, failing: failure)
        client.abort()
    }

    private func expire(_ client: any WebSocketConnection, after seconds: TimeInterval) async {
        try? await Task.sleep(for: .seconds(seconds))
        guard let current = live, current.client === client, !current.acknowledged else { return }
        shutDown(current, failing: WebSocketError.timedOut(waitingFor: "connection_ack", after: seconds))
        client.close(code: 4408, reason: "no connection_ack")
    }

    private func keepAlive(_ client: any WebSocketConnection, every seconds: TimeInterval) async {
        while !Task.isCancelled {
            try? await Task.sleep(for: .seconds(seconds))
            guard !Task.isCancelled, let ping = configuration.subprotocol.pingMessage else { return }
            try? await client.send(.text(ping))
        }
    }

    private func closeIfIdle() {
        guard operations.isEmpty, let current = live, current.acknowledged else { return }
        shutDown(current, failing: nil)
        current.client.close(code: WebSocketCloseCode.normal, reason: "")
    }

    /// Forgets `current` and ends every operation: finished when `failure` is nil.
    private func shutDown(_ current: Live, failing failure: (any Error)?) {
        live = nil
        lastFailure = failure
        for task in current.tasks { task.cancel() }
        for waiter in current.waiting {
            waiter.resume(throwing: failure ?? WebSocketError.closed(code: nil, reason: "the client closed it"))
        }
        let ending = operations
        operations = [:]
        for events in ending.values {
            if let failure { events.finish(throwing: failure) } else { events.finish() }
        }
    }
}
