import Foundation

/// Holds a handle's `RetainToken` and releases it from the handle's `deinit`, which may run
/// off the main actor: at once when it runs on the main thread (the usual case), otherwise
/// in a main-actor task. Immutable: safe on any thread.
final class Retention: Sendable {
    private let token: RetainToken

    @MainActor
    init(_ token: RetainToken) {
        self.token = token
    }

    nonisolated func release() {
        let token = token
        if Thread.isMainThread {
            MainActor.assumeIsolated { token.release() }
        } else {
            Task { @MainActor in token.release() }
        }
    }
}
