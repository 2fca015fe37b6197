import Foundation
import WoteData
package import WoteDomain
import WoteLocked

/// Hands every session event to every subscriber's own stream; a new stream starts with the
/// session's state once it is known.
package final class SessionEventBroadcaster: Sendable {
    private struct Subscribers {
        var continuations: [UUID: AsyncStream<SessionEvent>.Continuation] = [:]
        /// The state the last state-setting event sent; `nil` until the first one (the restore at launch).
        var knownState: AuthenticationState?
    }

    private let subscribers = Locked(Subscribers())

    private let onSend: (@Sendable (SessionEvent) -> Void)?

    /// Creates a broadcaster; `onSend` also sees every event (for diagnostics).
    package init(onSend: (@Sendable (SessionEvent) -> Void)? = nil) {
        self.onSend = onSend
    }

    /// A new stream that starts with ``SessionEvent/initialState(_:)`` when the state is known, then
    /// sees every event sent from now on.
    package func stream() -> AsyncStream<SessionEvent> {
        let (stream, continuation) = AsyncStream<SessionEvent>.makeStream()
        let id = UUID()
        // Under the lock, so that no event is sent between the initial state and the subscription.
        subscribers.withLock { subscribers in
            subscribers.continuations[id] = continuation
            if let state = subscribers.knownState { continuation.yield(.initialState(state)) }
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.subscribers.withLock { $0.continuations.removeValue(forKey: id) }
        }
        return stream
    }

    /// Sends `event` to every subscriber, in the order of the calls.
    package func send(_ event: SessionEvent) {
        onSend?(event)
        subscribers.withLock { subscribers in
            if let state = event.state { subscribers.knownState = state }
            for continuation in subscribers.continuations.values { continuation.yield(event) }
        }
    }

    /// Sends `event` to every subscriber only while `condition` holds, checked under the lock that
    /// orders every event: an event sent after the condition stopped holding can never come
    /// between this check and this event.
    ///
    /// - Returns: whether it was sent.
    package func send(_ event: SessionEvent, while condition: () -> Bool) -> Bool {
        let sent = subscribers.withLock { subscribers in
            guard condition() else { return false }
            if let state = event.state { subscribers.knownState = state }
            for continuation in subscribers.continuations.values { continuation.yield(event) }
            return true
        }
        if sent { onSend?(event) }
        return sent
    }

    /// Ends every stream; later subscribers still get new streams.
    package func finishAll() {
        let ended = subscribers.withLock { subscribers in
            defer { subscribers.continuations.removeAll() }
            return Array(subscribers.continuations.values)
        }
        for continuation in ended { continuation.finish() }
    }

    /// How many streams are listening.
    package var subscriberCount: Int { subscribers.current.continuations.count }
}
