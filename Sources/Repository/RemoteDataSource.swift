package import Foundation
package import WoteDomain
package import WoteWire

/// The Wote server's endpoints as the repositories see them: wire DTOs in, envelopes out.
///
/// Implemented by the Data layer over HTTP. An answer that is a valid envelope is returned, whatever
/// its codes, for the repository to decide on; only transport failures, unusable bodies and
/// session failures throw.
package protocol RemoteDataSource: Sendable {
    /// §4.1 / §4.13: social login (form body) or ID/password sign-in (JSON body). No Authorization.
    func login(_ credential: LoginCredential) async throws(APIError) -> ResponseEnvelope<LoginDataDTO>
    /// §4.12: ID/password sign-up; answers with the older envelope.
    func signUp(_ request: SignUpRequestDTO) async throws(APIError) -> SignUpResponseDTO
    /// §4.4: nickname check. No Authorization.
    func checkNickname(_ request: NicknameRequestDTO) async throws(APIError) -> ResponseEnvelope<NicknameCheckDTO>
    /// §4.5: multipart profile setup. Bearer.
    func setUpProfile(_ request: ProfileRequestDTO, imageJPEG: Data?) async throws(APIError)
        -> ResponseEnvelope<IgnoredPayload>
    /// §4.6: my profile. Bearer.
    func fetchMyProfile() async throws(APIError) -> ResponseEnvelope<ProfileDTO>
    /// §4.7: consumer type. Bearer.
    func setConsumerType(_ request: ConsumerTypeRequestDTO) async throws(APIError) -> ResponseEnvelope<IgnoredPayload>
    /// §4.9: device token registration. Bearer.
    func registerDeviceToken(_ request: DeviceTokenRequestDTO) async throws(APIError)
        -> ResponseEnvelope<IgnoredPayload>
    /// §4.8: withdrawal. Bearer, no body.
    func withdraw() async throws(APIError) -> ResponseEnvelope<IgnoredPayload>
    /// §4.8 with the `[ext]` body: withdrawal carrying a fresh Sign in with Apple authorization
    /// code (`{"appleAuthorizationCode"}`), so the server revokes the member's Apple tokens. Bearer.
    func withdraw(appleAuthorizationCode: String) async throws(APIError) -> ResponseEnvelope<IgnoredPayload>
    /// `[ext]` `POST /api/auth/logout/everywhere`: ends every sign-in of the member. Bearer.
    func logoutEverywhere() async throws(APIError) -> ResponseEnvelope<IgnoredPayload>
}

extension RemoteDataSource {
    /// A data source without the `[ext]` body withdraws without it.
    package func withdraw(appleAuthorizationCode: String) async throws(APIError) -> ResponseEnvelope<IgnoredPayload> {
        try await withdraw()
    }

    /// A data source without the `[ext]` endpoint refuses it, as a server without it does.
    package func logoutEverywhere() async throws(APIError) -> ResponseEnvelope<IgnoredPayload> {
        throw .session(.rejected(code: nil, message: "sign out everywhere: this server does not offer it"))
    }
}

/// The one owner of the tokens and the authentication state, as the repositories see it.
///
/// Implemented by the Data layer's session engine; every change of tokens or state goes through it.
package protocol SessionDataSource: Sendable {
    /// Starts a session with freshly issued tokens, replacing any other.
    ///
    /// - Parameters:
    ///   - session: the tokens and whether the profile is completed.
    ///   - persist: `true` writes it to the token store; `false` keeps it in memory and removes any
    ///     stored session ("keep me signed in" off).
    /// - Returns: the new state.
    func begin(_ session: StoredSession, persist: Bool) async throws(WoteError) -> AuthenticationState
    /// Ends the session locally for `reason`, removing stored tokens; idempotent.
    func end(reason: SignOutReason) async throws(WoteError)
    /// Which session is current, or `nil` when there is none. It changes when a session begins or
    /// ends, not when its tokens rotate: work asked for one session (a withdrawal) ends that one only.
    func currentSessionIdentity() -> SessionIdentity?
    /// Ends the session for `reason` as ``end(reason:)`` does, only while `identity` is still the
    /// current session; a session that began since is left alone.
    ///
    /// - Returns: whether it ended the session.
    func end(reason: SignOutReason, ifStill identity: SessionIdentity) async throws(WoteError) -> Bool
    /// Records that the server accepted the profile of the session `identity`: that session, while
    /// it is current, becomes signed in; a session that began since is left alone.
    ///
    /// - Throws: the error for a missing session when `identity` is no longer current; a store failure.
    func markProfileCompleted(ifStill identity: SessionIdentity) async throws(WoteError)
    /// Restores the session from the token store at launch.
    func restore() async -> SessionSnapshot
    /// Refreshes now (single-flight with any refresh already running).
    func refresh() async throws(WoteError) -> SessionSnapshot
    /// The session as it stands.
    func snapshot() async -> SessionSnapshot
    /// Logs out: ends the session here at once, and tells the backend with the tokens the session
    /// had (refreshing first when the access token has expired), within the request time-out.
    ///
    /// - Parameter deviceToken: the push token to unregister, if any.
    /// - Throws: ``WoteError/storageFailure(_:)`` when the stored tokens could not be removed.
    func logOut(deviceToken: String?) async throws(WoteError)
    /// A new stream of session events.
    func events() -> AsyncStream<SessionEvent>
    /// Tells every subscriber that the member's profile was fetched for the session `identity`,
    /// only while that session is current.
    ///
    /// - Throws: the error for a missing session when `identity` is no longer current: the profile
    ///   belongs to nobody now.
    func announceProfile(_ user: User, ifStill identity: SessionIdentity) async throws(WoteError)
}
