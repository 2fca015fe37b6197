public import Foundation
public import WoteDomain
public import WoteUseCases

extension WoteClient {
    // MARK: - Sign-up

    /// Creates an ID/password account: every field checked locally first, then the server asked.
    ///
    /// ```swift
    /// let form = SignUpForm(
    ///     loginId: loginId, password: password, name: "김투표", email: "vote@wote.kr", phone: "010-1234-5678")
    /// let outcome = try await wote.signUp(form)
    /// if outcome.isCreated { showLogin() } else { showAlert(outcome.message) }
    /// ```
    ///
    /// - Parameter form: the fields as the person typed them.
    /// - Returns: the outcome: created, refused with the server's message, malformed request,
    ///   server failure, or no network. Every answer from the server, and the lack of one, is an outcome.
    /// - Throws: ``WoteError/invalidField(_:reason:)`` for the first field that breaks its rule,
    ///   before any request; ``WoteError/cancelled``.
    public func signUp(_ form: SignUpForm) async throws(WoteError) -> SignUpOutcome {
        try await SignUpUseCase(accounts: accounts)(form)
    }

    // MARK: - The profile

    /// Checks a nickname: the local rule first, then, only when it passes, whether the server has it free.
    ///
    /// ```swift
    /// switch try await wote.checkNickname("투표왕") {
    /// case .available(let nickname): show("\(nickname) is free")
    /// case .taken: showTaken()
    /// case .invalid(let violation): show(violation.message)
    /// }
    /// ```
    ///
    /// - Parameter text: the nickname as the person typed it; it is NFC-normalised, not trimmed.
    /// - Returns: ``NicknameCheckResult/invalid(_:)`` without any request when the rule is broken,
    ///   else what the server says.
    /// - Throws: network and server failures from the check.
    public func checkNickname(_ text: String) async throws(WoteError) -> NicknameCheckResult {
        try await CheckNicknameUseCase(profiles: profiles)(text)
    }

    /// Completes the profile of a member in the "profile required" state; afterwards the person is
    /// signed in.
    ///
    /// - Parameters:
    ///   - nickname: the nickname as typed; it must satisfy the nickname rule.
    ///   - schoolName: the school's name; surrounding whitespace is trimmed and it must not be blank.
    ///   - region: the region the school is in.
    ///   - imageJPEG: JPEG bytes of a profile image, if the person chose one.
    /// - Throws: ``WoteError/invalidNickname(_:)`` or ``WoteError/invalidArgument(name:reason:)``
    ///   (a blank school name) before any request; ``WoteError/nicknameTaken`` when someone took the
    ///   nickname meanwhile; other server and network failures.
    public func completeProfile(nickname: String, schoolName: String, region: SchoolRegion, imageJPEG: Data? = nil)
        async throws(WoteError)
    {
        try await CompleteProfileUseCase(profiles: profiles)(
            nickname: nickname, schoolName: schoolName, region: region, imageJPEG: imageJPEG)
    }

    /// Fetches the signed-in member's profile.
    ///
    /// - Returns: the member as the server knows them.
    /// - Throws: ``WoteError/notSignedIn``, ``WoteError/sessionExpired``, ``WoteError/profileRequired``,
    ///   server and network failures; ``WoteError/malformedResponse(_:)`` for a profile WoteKit
    ///   cannot read.
    public func fetchMyProfile() async throws(WoteError) -> User {
        try await FetchMyProfileUseCase(profiles: profiles)()
    }

    /// Sets the member's consumer type.
    ///
    /// - Parameter consumerType: the type the member picked.
    /// - Throws: ``WoteError/profileRequired``, ``WoteError/notSignedIn``, server and network failures.
    public func setConsumerType(_ consumerType: ConsumerType) async throws(WoteError) {
        try await SetConsumerTypeUseCase(profiles: profiles)(consumerType)
    }

    // MARK: - Push

    /// Registers this device's push token for the signed-in member.
    ///
    /// ```swift
    /// try await wote.registerDeviceToken(DeviceToken(bytes: apnsToken))
    /// ```
    ///
    /// - Parameter token: the push token, for example `DeviceToken(bytes:)` from the APNs callback.
    /// - Throws: ``WoteError/notSignedIn``, ``WoteError/profileRequired``, server and network failures.
    public func registerDeviceToken(_ token: DeviceToken) async throws(WoteError) {
        try await RegisterDeviceTokenUseCase(devices: devices)(token)
    }

    /// Checks that `hex` is a hexadecimal push token, then registers it.
    ///
    /// - Parameter hex: the token as hexadecimal text.
    /// - Throws: ``WoteError/invalidArgument(name:reason:)`` before any request when `hex` is not an
    ///   even number of hexadecimal digits; otherwise as ``registerDeviceToken(_:)``.
    public func registerDeviceToken(hex: String) async throws(WoteError) {
        try await RegisterDeviceTokenUseCase(devices: devices)(hex: hex)
    }
}
