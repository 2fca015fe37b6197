import WoteContract
import WoteData
import WoteSession

extension SessionConfiguration {
    /// The default configuration, but a refresh token is sent once per refresh: for tests of what
    /// one lost answer means (LostRefreshAnswerTests test sending it again).
    static var oneAttempt: SessionConfiguration {
        var configuration = SessionConfiguration()
        configuration.lostAnswerRetry = .never
        return configuration
    }
}
