package import Foundation
import WoteLocked

#if canImport(FoundationNetworking)
package import FoundationNetworking
#endif

/// Owns a `URLSession` whose delegate refuses every automatic redirect and reads each body up to a
/// size limit, and invalidates the session when it goes away (a session keeps its delegate, and
/// itself, alive until invalidated).
///
/// Every transfer is ended by this type's own hand, never by cancelling an awaiting Swift task
/// (which can freeze a session on Linux, see ``HTTPTransport/passesOnCancellation``):
/// - past the size limit: the delegate counts the bytes of each `didReceive data` (URLSession hands
///   them over decompressed), answers the caller with
///   ``TransportError/responseTooLarge(httpStatus:bytes:)`` at once, drops whatever comes after, and
///   cancels the task;
/// - past the deadline (the request's `timeoutInterval`, counted from the start, however steadily
///   the server trickles bytes): a deadline in ``TransferDeadlines/shared`` answers `timedOut` and
///   cancels the task;
/// - on the caller's cancellation, where WoteKit passes it on (Apple platforms): the same.
///
/// `cancel()` always runs on a global queue, never on the delegate queue: on Linux it waits for the
/// session's work queue, which may itself be waiting for room on the delegate queue
/// (``DeliveryQueue``). The caller is answered exactly once, by whichever comes first.
///
/// On Linux `cancel()` cannot land while libcurl reads a socket that stays readable (a fast
/// endless body, a gzip bomb): when the task is still running 100 ms after the cancellation, its
/// socket is cut under libcurl (``StuckConnection``), which then ends the transfer itself.
package final class RedirectRefusingSession: Sendable {
    private let session: URLSession
    private let transfers: Transfers

    init(configuration: URLSessionConfiguration) {
        let transfers = Transfers()
        self.transfers = transfers
        session = URLSession(configuration: configuration, delegate: transfers, delegateQueue: DeliveryQueue())
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// Performs one exchange; a 3xx comes back as the response.
    ///
    /// - Throws: ``TransportError/responseTooLarge(httpStatus:bytes:)`` once the body passes `limit`
    ///   bytes; `URLError` (`.timedOut` at the deadline, ...) when no answer came; `CancellationError`
    ///   when the caller was cancelled.
    func data(for request: URLRequest, readingAtMost limit: Int) async throws -> (Data, URLResponse) {
        let seconds = request.timeoutInterval.isFinite && request.timeoutInterval > 0 ? request.timeoutInterval : 60
        let task = TaskHandle(task: session.dataTask(with: Self.handedToURLSession(request, deadline: seconds)))
        let id = task.task.taskIdentifier
        let transfers = transfers
        return try await withTaskCancellationHandler {
            try await withUnsafeThrowingContinuation { continuation in
                transfers.begin(id, limit: limit, continuation: continuation)
                let deadline = TransferDeadlines.shared.schedule(after: seconds) {
                    transfers.end(id, task, with: .failure(URLError(.timedOut)))
                }
                transfers.setDeadline(deadline, for: id)
                task.task.resume()
                if Task.isCancelled { transfers.end(id, task, with: .failure(CancellationError())) }
            }
        } onCancel: {
            transfers.end(id, task, with: .failure(CancellationError()))
        }
    }
}

extension RedirectRefusingSession {
    /// How much later than this transport's own deadline corelibs' timer is set, on Linux.
    package static let corelibsTimerMargin: TimeInterval = 5

    /// The request as URLSession gets it: this transport's deadline (`deadline`, in seconds) ends
    /// every transfer, and on Linux corelibs' own timer is set `corelibsTimerMargin` after it.
    ///
    /// corelibs arms a timer of its own at the request's `timeoutInterval` from the start. When it
    /// fired at the same moment as this transport's deadline ended the same transfer, with a
    /// redirect waiting for the delegate's answer (a 3xx whose body never ends, ended by the
    /// deadline's cut), corelibs trapped: "Received callback for HTTP redirection, but we're not
    /// waiting for it". Later than the deadline and the cut after it, that timer never ends a
    /// transfer of this transport. On Apple platforms the interval is an idle time-out, left as it is.
    package static func handedToURLSession(_ request: URLRequest, deadline: TimeInterval) -> URLRequest {
        #if canImport(FoundationNetworking)
        var request = request
        request.timeoutInterval = deadline + corelibsTimerMargin
        return request
        #else
        return request
        #endif
    }
}

/// The deadlines of this transport's transfers: a table, watched by one timer on a dispatch queue
/// of its own.
///
/// Not ``ExchangeDeadlines``, whose watcher is a Swift task: on Linux, callers blocked in
/// `URLSession.dataTask(with:)` while a hostile transfer holds corelibs' work queue can occupy every
/// thread of Swift's cooperative pool (two on a two-core machine), and a deadline that needs that
/// pool would then never come, nor the cut that ends the stall (``StuckConnection``). A private
/// serial queue gets a thread of its own.
///
/// A cancelled deadline leaves the table at once, and with it what its action holds (the
/// transfer's task). Not a `DispatchWorkItem` per transfer: a cancelled work item stays queued, with
/// its closure, until it would have run, so every transfer's task was held for its whole time
/// limit (about 1.3 KB per request, 30 s long, all freed in one burst later).
package final class TransferDeadlines: Sendable {
    /// The table every ``RedirectRefusingSession`` uses.
    package static let shared = TransferDeadlines()

    private struct State {
        var nextID: UInt64 = 0
        var entries = DeadlineTable<DispatchTime>()
        /// When the armed look runs (`nil`: none armed), and its number: a look armed earlier
        /// than it and still queued finds another number and does nothing.
        var armedFor: DispatchTime?
        var armedNumber: UInt64 = 0
    }

    private let queue = DispatchQueue(label: "WoteKit URLSession deadlines")
    private let state = Locked(State())

    /// A table of its own (tests); transfers use ``shared``.
    package init() {}

    /// Runs `action` once `seconds` have passed, unless ``cancel(_:)`` comes first.
    ///
    /// - Returns: the deadline's number, for ``cancel(_:)``.
    package func schedule(after seconds: Double, _ action: @escaping @Sendable () -> Void) -> UInt64 {
        let due = DispatchTime.now() + seconds
        return state.withLock { state in
            state.nextID &+= 1
            state.entries.add(state.nextID, due: due, action)
            // A later deadline is due after the armed look, which re-arms for it.
            if state.armedFor.map({ due < $0 }) ?? true { arm(&state, at: due) }
            return state.nextID
        }
    }

    /// Forgets the deadline `id` and releases its action; the action will not run (unless it is
    /// running already).
    package func cancel(_ id: UInt64) {
        // Taken out through a captured variable, as in `ExchangeDeadlines.cancel(_:)`: returned
        // through `withLock`'s generic result, the closure would be re-abstracted (an allocation).
        var removed: (@Sendable () -> Void)?
        state.withLock { removed = $0.entries.remove(id) }
        _ = removed  // released here, outside the lock
    }

    /// Deadlines not yet due or cancelled, for tests.
    package var pending: Int { state.withLock { $0.entries.count } }

    private func arm(_ state: inout State, at due: DispatchTime) {
        state.armedNumber &+= 1
        state.armedFor = due
        let number = state.armedNumber
        queue.asyncAfter(deadline: due) { [weak self] in self?.look(as: number) }
    }

    /// Runs the deadlines that are due and arms the next look for the earliest one left.
    private func look(as number: UInt64) {
        let due = state.withLock { state -> [@Sendable () -> Void] in
            guard state.armedNumber == number else { return [] }
            state.armedFor = nil
            let (due, earliest) = state.entries.takeDue(at: DispatchTime.now())
            if let earliest { arm(&state, at: earliest) }
            return due
        }
        for action in due { action() }
    }
}

/// A task handed to the deadline and the cancellation handler; `URLSessionTask` is thread-safe but
/// not marked `Sendable` on every platform.
package struct TaskHandle: @unchecked Sendable {
    let task: URLSessionDataTask

    package init(task: URLSessionDataTask) { self.task = task }

    /// Cancels the transfer from a queue of its own (see ``RedirectRefusingSession``).
    ///
    /// Not a global queue: on Linux `cancel()` may block for as long as a hostile transfer holds
    /// corelibs' work queue, and the global queues' threads are those of Swift's cooperative pool.
    /// A new serial queue gets a thread of its own.
    func cancelSoon() {
        DispatchQueue(label: "WoteKit URLSession cancel").async { task.cancel() }
    }
}

/// The session's delegate: refuses redirects, and collects each task's body up to its limit.
/// Package-visible for tests only.
package final class Transfers: NSObject, URLSessionDataDelegate, Sendable {
    private struct Transfer {
        var continuation: UnsafeContinuation<(Data, URLResponse), any Error>?
        var limit: Int
        var deadline: UInt64?
        var body = Data()
        var received = 0
        /// Whether ``end(_:_:with:)`` watches already for a cancellation that does not land (Linux).
        var watchedForAStuckCancel = false
    }

    private let transfers = Locked<[Int: Transfer]>([:])

    package func begin(_ id: Int, limit: Int, continuation: UnsafeContinuation<(Data, URLResponse), any Error>) {
        transfers.withLock { $0[id] = Transfer(continuation: continuation, limit: limit) }
    }

    func setDeadline(_ deadline: UInt64, for id: Int) {
        let ended = transfers.withLock { transfers -> Bool in
            guard transfers[id] != nil else { return true }
            transfers[id]?.deadline = deadline
            return false
        }
        if ended { TransferDeadlines.shared.cancel(deadline) }
    }

    /// Answers the caller with `result` unless it has its answer already, and cancels the transfer.
    package func end(_ id: Int, _ task: TaskHandle, with result: Result<(Data, URLResponse), any Error>) {
        if let continuation = takeContinuation(id) { continuation.resume(with: result) }
        task.cancelSoon()
        #if canImport(FoundationNetworking) && canImport(Glibc)
        let firstEnd = transfers.withLock { transfers -> Bool in
            guard let watched = transfers[id]?.watchedForAStuckCancel, !watched else { return false }
            transfers[id]?.watchedForAStuckCancel = true
            return true
        }
        if firstEnd { cutIfTheCancelIsStuck(id, task, after: Self.grace) }
        #endif
    }

    #if canImport(FoundationNetworking) && canImport(Glibc)
    /// How long `cancel()` may take before the transfer counts as stuck.
    private static let grace = DispatchTimeInterval.milliseconds(100)

    /// Cuts the transfer's socket (``StuckConnection``) when `cancel()` has not landed within
    /// `delay`, and looks again, less and less often, until the transfer completes.
    ///
    /// corelibs sets the task's state to `.canceling` only once `cancel()` has its turn on the
    /// session's work queue; a task still `.running` then, and not completed, is one whose
    /// cancellation waits behind libcurl's receive loop. Cutting while the task is still running
    /// also means libcurl has not closed (and so not given away) the socket.
    private func cutIfTheCancelIsStuck(_ id: Int, _ task: TaskHandle, after delay: DispatchTimeInterval) {
        guard let url = task.task.originalRequest?.url, let host = url.host else { return }
        let port = url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80)
        // A queue of its own, not a global one (their threads may all be blocked, see cancelSoon).
        DispatchQueue(label: "WoteKit URLSession stuck-transfer watch").asyncAfter(deadline: .now() + delay) {
            [self] in
            guard transfers.withLock({ $0[id] != nil }), task.task.state == .running else { return }
            StuckConnection.cut(task.task, host: host, port: port)
            let next: DispatchTimeInterval =
                switch delay {
                case .milliseconds(let milliseconds): .milliseconds(min(milliseconds * 2, 1000))
                default: .seconds(1)
                }
            cutIfTheCancelIsStuck(id, task, after: next)
        }
    }
    #endif

    /// The caller's continuation, once: later calls get `nil`. The transfer stays listed (without
    /// it) until the task completes, so that what still arrives is dropped.
    private func takeContinuation(_ id: Int) -> UnsafeContinuation<(Data, URLResponse), any Error>? {
        let (continuation, deadline) = transfers.withLock { transfers in
            let taken = (transfers[id]?.continuation, transfers[id]?.deadline)
            transfers[id]?.continuation = nil
            transfers[id]?.body = Data()
            return taken
        }
        if let deadline { TransferDeadlines.shared.cancel(deadline) }
        return continuation
    }

    /// Answers every redirect with "do not follow", so the 3xx response itself is delivered.
    ///
    /// Checked on Linux (swift-corelibs-foundation) and documented on Apple platforms: completing
    /// with `nil` finishes the task with the redirect response. Linux delivers it with an empty body.
    ///
    /// A transfer this transport has ended already (its deadline, its size limit, its caller's
    /// cancellation) gets no answer: it is being cancelled, and on Linux an answer that reaches
    /// corelibs after the cancellation traps the process ("Received callback for HTTP redirection,
    /// but we're not waiting for it"). That happens when the cut of a stuck 3xx transfer ends it
    /// while its `cancel()` waits for the work queue: the redirect is asked for, then the
    /// cancellation runs, then the answer arrives.
    package func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        guard transfers.withLock({ $0[task.taskIdentifier]?.continuation != nil }) else { return }
        completionHandler(nil)
    }

    package func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let id = dataTask.taskIdentifier
        let tooLarge = transfers.withLock { transfers -> Int? in
            guard var transfer = transfers[id], transfer.continuation != nil else { return nil }
            transfers[id] = nil  // so that the append below does not copy the body
            transfer.received += data.count
            defer { transfers[id] = transfer }
            guard transfer.received <= transfer.limit else { return transfer.received }
            transfer.body.append(data)
            return nil
        }
        if let bytes = tooLarge {
            let status = (dataTask.response as? HTTPURLResponse)?.statusCode ?? 0
            end(
                id, TaskHandle(task: dataTask),
                with: .failure(TransportError.responseTooLarge(httpStatus: status, bytes: bytes)))
        }
    }

    package func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let transfer = transfers.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        if let deadline = transfer.deadline { TransferDeadlines.shared.cancel(deadline) }
        guard let continuation = transfer.continuation else { return }
        if let error {
            continuation.resume(throwing: error)
        } else if let response = task.response {
            continuation.resume(returning: (transfer.body, response))
        } else {
            continuation.resume(throwing: URLError(.badServerResponse))
        }
    }
}
