/// A one-time signal: ``wait()`` returns once ``fire()`` was called, before or after the wait began.
final class Wake: Sendable {
    // A stream that is finished on the first fire: waiting is iterating it to its end.
    private let fired: AsyncStream<Never>
    private let firing: AsyncStream<Never>.Continuation

    /// Creates a signal that has not fired yet.
    init() {
        (fired, firing) = AsyncStream.makeStream()
    }

    /// Wakes the waiter, now or when it starts waiting; later calls do nothing.
    func fire() {
        firing.finish()
    }

    /// Returns once ``fire()`` has been called. One waiter at a time.
    func wait() async {
        for await _ in fired {}
    }
}
