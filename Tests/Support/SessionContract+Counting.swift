import WoteData
package import WoteLocked
package import WoteSession

extension SessionContract {
    /// `contract` with every reading of an answer through it counted in `readings`: `classify`,
    /// `readAnswer` (which the profile gate's answer comes from) and the logout call's `reading`, so
    /// that a test sees an answer read once (issue 33, item 9).
    package static func countingReadings(of contract: SessionContract, in readings: Locked<Int>) -> SessionContract {
        var counting = contract
        counting.classify = { answer in
            readings.withLock { $0 += 1 }
            return contract.classify(answer)
        }
        counting.readAnswer = { answer in
            readings.withLock { $0 += 1 }
            return contract.readAnswer(answer)
        }
        if let logout = contract.logout?.reading {
            counting.logout?.reading = { answer in
                readings.withLock { $0 += 1 }
                return logout(answer)
            }
        }
        return counting
    }
}
