import Foundation
public import Observation
public import WoteDomain
public import WoteUseCases

/// The home and settings screen: the member's profile, consumer type, logout, and account
/// withdrawal behind a confirmation step.
///
/// ```swift
/// Task { @MainActor in
///     let home = wote.makeHomeViewModel()
///     await home.load()
///     home.requestWithdrawal()        // "Delete account": isConfirmingWithdrawal shows the dialog
///     await home.confirmWithdrawal()  // "Delete" in the dialog (or confirmWithdrawal(with: apple))
///     if let message = home.errorMessage { showAlert(message) }
///     if home.isSignedOut { showLogin() }
/// }
/// ```
@MainActor @Observable
public final class HomeViewModel: ScreenViewModel {
    /// The member's profile, once loaded.
    public private(set) var user: User?
    /// Whether a request is under way; other intents meanwhile are ignored, but logging out is not.
    public var isBusy: Bool { screen.isBusy }
    /// A sentence for an alert when something failed; `nil` when there is nothing to show.
    public var errorMessage: String? {
        get { screen.errorMessage }
        set { screen.errorMessage = newValue }
    }
    /// Whether the person asked to delete the account and has yet to confirm.
    public private(set) var isConfirmingWithdrawal = false
    /// Whether the session has ended after a logout or withdrawal; the app shows login then.
    public private(set) var isSignedOut = false

    @ObservationIgnored private let fetchMyProfile: FetchMyProfileUseCase
    @ObservationIgnored private let logoutUseCase: LogoutUseCase
    @ObservationIgnored private let withdrawUseCase: WithdrawUseCase
    @ObservationIgnored private let setConsumerTypeUseCase: SetConsumerTypeUseCase
    private let screen = ScreenTask()

    /// Creates the view model.
    ///
    /// - Parameters:
    ///   - fetchMyProfile: loads the profile.
    ///   - logout: logs out.
    ///   - withdraw: deletes the account.
    ///   - setConsumerType: sets the consumer type.
    public init(
        fetchMyProfile: FetchMyProfileUseCase, logout: LogoutUseCase, withdraw: WithdrawUseCase,
        setConsumerType: SetConsumerTypeUseCase
    ) {
        self.fetchMyProfile = fetchMyProfile
        logoutUseCase = logout
        withdrawUseCase = withdraw
        setConsumerTypeUseCase = setConsumerType
    }

    /// Loads the member's profile.
    public func load() async {
        await screen.run { [self] () throws(WoteError) in
            let fetched = try await fetchMyProfile()
            // A logout that happened while the profile was on its way wins.
            if !isSignedOut { user = fetched }
        }
    }

    /// Sets the member's consumer type and shows it in ``user``.
    ///
    /// - Parameter consumerType: the type the member picked.
    public func setConsumerType(_ consumerType: ConsumerType) async {
        await screen.run { [self] () throws(WoteError) in
            try await setConsumerTypeUseCase(consumerType)
            user?.consumerType = consumerType
        }
    }

    /// Logs out. The session ends whatever the server says, so ``isSignedOut`` becomes `true` even
    /// when an error message is shown. Logging out is never held back by another request under way:
    /// that one is cancelled, and whatever it brings back later is dropped.
    ///
    /// - Parameter deviceToken: this device's push token, if the app registered one.
    public func logout(deviceToken: DeviceToken? = nil) async {
        await screen.run(whileBusy: .replace) { [self] () throws(WoteError) in
            defer { endSession() }
            try await logoutUseCase(deviceToken: deviceToken)
        }
    }

    /// Asks the person to confirm the withdrawal; nothing is sent yet.
    public func requestWithdrawal() {
        isConfirmingWithdrawal = true
    }

    /// Drops the withdrawal request.
    public func cancelWithdrawal() {
        isConfirmingWithdrawal = false
    }

    /// Deletes the account, if the person confirmed through ``requestWithdrawal()``; otherwise does nothing.
    ///
    /// While the profile is not completed the server refuses and the session is kept; after any
    /// other failure the local session has ended all the same.
    public func confirmWithdrawal() async {
        guard isConfirmingWithdrawal else { return }
        isConfirmingWithdrawal = false
        await screen.run { [self] () throws(WoteError) in
            do throws(WoteError) {
                try await withdrawUseCase()
                endSession()
            } catch {
                // Only a refused withdrawal keeps the account, and with it the session.
                if !WithdrawUseCase.keptTheAccount(after: error) { endSession() }
                throw error
            }
        }
    }

    /// Deletes the account with the step-up the member's sign-in provider needs, if the person
    /// confirmed through ``requestWithdrawal()``; otherwise does nothing. One call for the
    /// dialog's "Delete" button: for Sign in with Apple, `provider` shows Apple's sheet again for a
    /// fresh authorization code, which the server revokes at Apple; a Kakao adapter unlinks after.
    ///
    /// ```swift
    /// @MainActor func deleteAccount(_ home: HomeViewModel, signingInWith provider: some LoginProvider) async {
    ///     home.requestWithdrawal()  // the dialog's "Delete" confirms:
    ///     await home.confirmWithdrawal(with: provider)
    /// }
    /// ```
    ///
    /// Backing out of Apple's sheet changes nothing and shows no error: the account and the session
    /// are kept, as they are when the server refuses; after any other failure the session has ended.
    ///
    /// - Parameter provider: the provider the member signs in with.
    public func confirmWithdrawal(with provider: some LoginProvider) async {
        guard isConfirmingWithdrawal else { return }
        isConfirmingWithdrawal = false
        await screen.run { [self] () throws(WoteError) in
            do throws(WoteError) {
                try await withdrawUseCase(confirmingWith: provider)
                endSession()
            } catch {
                if !WithdrawUseCase.keptTheAccount(after: error) { endSession() }
                throw error
            }
        }
    }

    /// Forgets the error message once the alert was dismissed.
    public func dismissError() {
        screen.dismissError()
    }

    /// Cancels the request under way, if any; no error is shown for it.
    public func cancel() {
        screen.cancel()
    }

    private func endSession() {
        isSignedOut = true
        user = nil
    }
}

// MARK: - Previews

extension HomeViewModel {
    /// A home screen showing `user`, for SwiftUI previews: no network, no store; its intents
    /// answer at once as a signed-in member's server would.
    ///
    /// - Parameters:
    ///   - user: the member's profile; `nil` for "not loaded yet".
    ///   - errorMessage: an alert to show.
    ///   - isConfirmingWithdrawal: whether the withdrawal dialog is up.
    /// - Returns: the view model.
    public static func preview(
        user: User? = SessionModel.previewProfile, errorMessage: String? = nil, isConfirmingWithdrawal: Bool = false
    ) -> HomeViewModel {
        let repository = PreviewRepository()
        let model = HomeViewModel(
            fetchMyProfile: FetchMyProfileUseCase(profiles: repository), logout: LogoutUseCase(auth: repository),
            withdraw: WithdrawUseCase(auth: repository), setConsumerType: SetConsumerTypeUseCase(profiles: repository))
        model.user = user
        model.errorMessage = errorMessage
        model.isConfirmingWithdrawal = isConfirmingWithdrawal
        return model
    }
}
