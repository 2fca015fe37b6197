public import WoteData
import WoteLocked

/// A fake of the system's background time (``BackgroundExecution``): grants every activity (or
/// none, when told to refuse), records which are running, and lets a test make their time run
/// out, as iOS does shortly before it suspends the app.
public final class FakeBackgroundExecution: Sendable {
    private struct State {
        var nextID = 0
        var running: [Int: @Sendable () -> Void] = [:]
        var begun = 0
        var endedTwice = 0
        var refuses = false
    }

    private let state = Locked(State())

    /// Creates a fake that grants every activity.
    public init() {}

    /// The hook to give a store.
    public var execution: BackgroundExecution {
        BackgroundExecution { _, onExpiry in self.begin(onExpiry: onExpiry) }
    }

    /// Activities begun and not ended yet.
    public var running: Int { state.current.running.count }
    /// Activities ever granted.
    public var begun: Int { state.current.begun }
    /// Activities ended more than once (WoteKit must end each exactly once).
    public var endedTwice: Int { state.current.endedTwice }

    /// From now on grants no time (`nil`), as when the app is already being suspended.
    public func refuse() { state.withLock { $0.refuses = true } }

    /// The time of every running activity runs out: calls each one's expiry handler, as the system
    /// does; the handler must end its activity before it returns.
    ///
    /// - Returns: how many activities were running.
    @discardableResult
    public func expireAll() -> Int {
        let handlers = state.current.running.values
        for handler in handlers { handler() }
        return handlers.count
    }

    private func begin(onExpiry: @escaping @Sendable () -> Void) -> BackgroundExecution.Activity? {
        let id: Int? = state.withLock { state in
            guard !state.refuses else { return nil }
            state.nextID += 1
            state.begun += 1
            state.running[state.nextID] = onExpiry
            return state.nextID
        }
        guard let id else { return nil }
        return BackgroundExecution.Activity {
            self.state.withLock { state in
                if state.running.removeValue(forKey: id) == nil { state.endedTwice += 1 }
            }
        }
    }
}
