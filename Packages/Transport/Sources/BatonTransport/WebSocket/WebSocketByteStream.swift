import Foundation

/// The bytes under a ``WebSocketClient``: a plain ``TCPSocket`` (`ws://`) or TLS over one
/// (`wss://`).
///
/// Its calls block, as ``TCPSocket``'s do, and the same threads make them: `read` on the
/// client's reader thread, `write` on its write queue (the two may overlap), `shutdown` from
/// any thread, any number of times, waking a blocked `read`.
protocol WebSocketByteStream: Sendable {
    /// Writes all of `bytes`.
    func write(_ bytes: [UInt8]) throws(WebSocketError)
    /// Reads what is available into `buffer`: the count, 0 at the end of the stream; throws
    /// `.timedOut` after the read timeout.
    func read(into buffer: inout [UInt8]) throws(WebSocketError) -> Int
    /// Bounds each `read` to `seconds`; nil for no bound.
    func setReadTimeout(_ seconds: TimeInterval?)
    /// Ends both directions.
    func shutdown()
}

extension TCPSocket: WebSocketByteStream {
    func setReadTimeout(_ seconds: TimeInterval?) {
        setTimeout(SO_RCVTIMEO, seconds)
    }
}
