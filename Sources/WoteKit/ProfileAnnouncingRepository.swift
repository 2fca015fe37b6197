import WoteData
import WoteDomain

/// A ``ProfileRepository`` that tells the session's subscribers (``SessionModel`` among them)
/// about every profile fetched through it, whether the client's method or a view model asked.
struct ProfileAnnouncingRepository: ProfileRepository {
    let base: any ProfileRepository
    let engine: SessionEngine

    func isNicknameAvailable(_ nickname: Nickname) async throws(WoteError) -> Bool {
        try await base.isNicknameAvailable(nickname)
    }

    func completeProfile(_ draft: ProfileDraft) async throws(WoteError) {
        try await base.completeProfile(draft)
    }

    func fetchMyProfile() async throws(WoteError) -> User {
        let user = try await base.fetchMyProfile()
        engine.announceProfile(user)
        return user
    }

    func setConsumerType(_ consumerType: ConsumerType) async throws(WoteError) {
        try await base.setConsumerType(consumerType)
    }
}
