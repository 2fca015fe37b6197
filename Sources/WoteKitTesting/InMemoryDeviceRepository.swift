public import WoteDomain
import WoteLocked

/// A ``DeviceRepository`` that records the registered push tokens, for testing without a server.
public final class InMemoryDeviceRepository: DeviceRepository {
    private struct State {
        var tokens: [DeviceToken] = []
        var failure: WoteError?
    }

    private let state = Locked(State())

    /// Creates a repository with no registered token.
    public init() {}

    /// Makes every later registration fail with `error` (`nil` undoes it).
    public func failRegistrations(with error: WoteError?) {
        state.withLock { $0.failure = error }
    }

    /// Every token registered successfully, in order.
    public var registeredTokens: [DeviceToken] { state.current.tokens }

    /// Records `token`, or throws the scripted failure.
    public func registerDeviceToken(_ token: DeviceToken) async throws(WoteError) {
        try state.withLock { (state: inout State) throws(WoteError) in
            if let failure = state.failure { throw failure }
            state.tokens.append(token)
        }
    }
}
