import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What URLSession reports of one data task, in order: the response head, then body
/// chunks as they arrive; the stream ends when the task completes (throwing its error).
enum WireEvent: Sendable {
    case response(HTTPURLResponse)
    case data(Data)
}

/// The one delegate of an `HTTPTransport`'s session: routes each task's callbacks to an
/// `AsyncThrowingStream`, so a body is read as it arrives rather than after it ends.
///
/// It lets URLSession follow no redirect: the 3xx answer reaches the transport, which follows
/// it by its ``RedirectPolicy`` (`HTTPTransport.exchange`). On Linux, FoundationNetworking
/// follows a 307 POST with an empty body (`Content-Length: 0`), which loses the GraphQL
/// request, and sends every header to whatever origin the redirect names; following
/// redirects in the transport makes every platform behave alike.
///
/// Thread-safe: the route table is behind a mutex; URLSession calls from its own queue.
final class SessionDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private let routes = Mutex<[Int: AsyncThrowingStream<WireEvent, any Error>.Continuation]>([:])

    /// Starts `task` and answers its events. Cancelling the consumer cancels the task.
    func start(_ task: URLSessionDataTask) -> AsyncThrowingStream<WireEvent, any Error> {
        let (stream, continuation) = AsyncThrowingStream<WireEvent, any Error>.makeStream()
        continuation.onTermination = { termination in
            if case .cancelled = termination { task.cancel() }
        }
        routes.withLock { $0[task.taskIdentifier] = continuation }
        task.resume()
        return stream
    }

    func urlSession(
        _ session: URLSession,
        dataTask: URLSessionDataTask,
        didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        if let http = response as? HTTPURLResponse {
            _ = routes.withLock { $0[dataTask.taskIdentifier] }?.yield(.response(http))
        }
        completionHandler(.allow)
    }

    /// Refuses the redirect, so its 3xx head and body complete the task and the transport
    /// follows it.
    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        _ = routes.withLock { $0[dataTask.taskIdentifier] }?.yield(.data(data))
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let continuation = routes.withLock { $0.removeValue(forKey: task.taskIdentifier) }
        if let error {
            continuation?.finish(throwing: error)
        } else {
            continuation?.finish()
        }
    }
}
