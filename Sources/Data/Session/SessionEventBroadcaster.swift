import Foundation
package import WoteDomain

/// Hands every session event to every subscriber's own stream.
package final class SessionEventBroadcaster: Sendable {
    private let subscribers = Locked<[UUID: AsyncStream<SessionEvent>.Continuation]>([:])

    private let onSend: (@Sendable (SessionEvent) -> Void)?

    /// Creates a broadcaster; `onSend` also sees every event (for diagnostics).
    package init(onSend: (@Sendable (SessionEvent) -> Void)? = nil) {
        self.onSend = onSend
    }

    /// A new stream that sees every event sent from now on.
    package func stream() -> AsyncStream<SessionEvent> {
        let (stream, continuation) = AsyncStream<SessionEvent>.makeStream()
        let id = UUID()
        subscribers.withLock { $0[id] = continuation }
        continuation.onTermination = { [weak self] _ in
            _ = self?.subscribers.withLock { $0.removeValue(forKey: id) }
        }
        return stream
    }

    /// Sends `event` to every subscriber.
    package func send(_ event: SessionEvent) {
        onSend?(event)
        for continuation in subscribers.current.values { continuation.yield(event) }
    }

    /// Ends every stream; later subscribers still get new streams.
    package func finishAll() {
        let ended = subscribers.withLock { subscribers in
            defer { subscribers.removeAll() }
            return Array(subscribers.values)
        }
        for continuation in ended { continuation.finish() }
    }

    /// How many streams are listening.
    package var subscriberCount: Int { subscribers.current.count }
}
