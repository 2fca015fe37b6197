import WoteData
import WoteDomain
import WoteLocked

// A store that cannot be read at launch (a locked Keychain before the first unlock, issue 30 item 3)
// is `storageUnavailable`, never a sign-out; when the platform says protected data became available
// (`SessionConfiguration.protectedDataNotices`), a session still `storageUnavailable` restores again.
extension SessionEngine {
    /// Starts listening to the protected-data notices, once per engine (at the first restore).
    func hearProtectedDataNotices() {
        guard let makeStream = configuration.protectedDataNotices.makeStream else { return }
        protectedDataListening.withLock { listening in
            guard listening == nil else { return }
            let notices = makeStream()
            listening = Task.detached { [weak self] in
                for await _ in notices {
                    guard let self else { return }
                    await self.protectedDataBecameAvailable()
                }
            }
        }
    }

    /// Counts the notice (a restore under way reads again after it: see ``restore()``) and, when the
    /// store was unavailable and nothing has begun since, restores again.
    func protectedDataBecameAvailable() async {
        protectedDataNoticesHeard &+= 1
        guard machine.restoresWhenProtectedDataArrives else { return }
        _ = await restore()
    }

    /// Stops listening (at shutdown).
    nonisolated func stopHearingProtectedData() {
        protectedDataListening.withLock { listening in
            listening?.cancel()
            listening = nil
        }
    }
}
