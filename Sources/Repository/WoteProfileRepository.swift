import Foundation
package import WoteDomain
import WoteWire

/// The member's profile on the Wote server (§4.4–§4.7).
package struct WoteProfileRepository: ProfileRepository {
    private let remote: any RemoteDataSource
    private let session: any SessionDataSource

    /// Creates the repository; only the composition root builds one.
    ///
    /// - Parameters:
    ///   - remote: the server's endpoints.
    ///   - session: told when the profile gets completed.
    package init(remote: any RemoteDataSource, session: any SessionDataSource) {
        self.remote = remote
        self.session = session
    }

    /// Asks the server whether `nickname` is free.
    ///
    /// The server answers a taken nickname on HTTP 200 with body status 409 and `isExist: true`.
    ///
    /// - Parameter nickname: a nickname that already passed the local rule.
    /// - Returns: `true` when nobody uses it.
    /// - Throws: ``WoteError/rejected(code:message:)`` when the server refuses it (G013),
    ///   ``WoteError/malformedResponse(_:)`` when a success carries no answer, network failures.
    package func isNicknameAvailable(_ nickname: Nickname) async throws(WoteError) -> Bool {
        let envelope = try await ResponseEnvelope<NicknameCheckDTO>.received { () async throws(APIError) in
            try await remote.checkNickname(NicknameRequestDTO(nickname: nickname.value))
        }
        if envelope.divisionCode == nil || envelope.divisionCode == .nicknameInUse,
            envelope.data?.isExist == true || envelope.status == 409
        {
            return false
        }
        try envelope.requireSuccess()
        guard let answer = envelope.data else {
            throw MalformedResponse(httpStatus: envelope.httpStatus, problem: .missingField("data.isExist")).toDomain()
        }
        return !answer.isExist
    }

    /// Completes the profile; afterwards the session is ``AuthenticationState/signedIn``.
    ///
    /// - Parameter draft: the nickname, school and optional image.
    /// - Throws: ``WoteError/nicknameTaken`` (E013), ``WoteError/rejected(code:message:)`` (E017,
    ///   G013) and other failures; the session stays in "profile required" then. The session error
    ///   (``WoteError/notSignedIn`` when another began) when the session it was asked under ended
    ///   before its answer was taken: a newer session's profile state is left alone.
    package func completeProfile(_ draft: ProfileDraft) async throws(WoteError) {
        // The answer belongs to the session the request was issued under: it completes that
        // session's profile, never that of one that began while it was on its way.
        let issuedUnder = session.currentSessionIdentity()
        let envelope = try await ResponseEnvelope<IgnoredPayload>.received { () async throws(APIError) in
            try await remote.setUpProfile(ProfileRequestDTO(draft), imageJPEG: draft.imageJPEG)
        }
        try envelope.requireSuccess()
        // Without a session when it was asked, the request fails for the lack of one; if one began
        // in time for it to be sent, a later answer behind the profile gate shows the profile complete.
        guard let issuedUnder else { return }
        try await session.markProfileCompleted(ifStill: issuedUnder)
    }

    /// Fetches the signed-in member's profile.
    ///
    /// - Returns: the member.
    /// - Throws: ``WoteError/malformedResponse(_:)`` when the profile is missing or names an
    ///   unknown region or consumer type; the server's refusal; network failures; the session error
    ///   (``WoteError/notSignedIn`` when another began) when the session it was asked under ended
    ///   before its answer was taken.
    package func fetchMyProfile() async throws(WoteError) -> User {
        // The profile belongs to the session the request was issued under (issue 33, item 2).
        let issuedUnder = session.currentSessionIdentity()
        let envelope = try await ResponseEnvelope<ProfileDTO>.received { () async throws(APIError) in
            try await remote.fetchMyProfile()
        }
        let profile = try envelope.requireData()
        let user: User
        do {
            user = try profile.toDomain(httpStatus: envelope.httpStatus)
        } catch {
            throw error.toDomain()
        }
        // The session's subscribers (the observable session among them) hear of every profile
        // fetched, whether the client's method or a view model asked, while its session is current:
        // a profile whose session ended on its way is nobody's, and its caller gets the session error.
        if let issuedUnder { try await session.announceProfile(user, ifStill: issuedUnder) }
        return user
    }

    /// Sets the member's consumer type.
    ///
    /// - Parameter consumerType: the type to set.
    /// - Throws: the server's refusal or a network failure.
    package func setConsumerType(_ consumerType: ConsumerType) async throws(WoteError) {
        let envelope = try await ResponseEnvelope<IgnoredPayload>.received { () async throws(APIError) in
            try await remote.setConsumerType(ConsumerTypeRequestDTO(consumerType: consumerType.rawValue))
        }
        try envelope.requireSuccess()
    }
}
