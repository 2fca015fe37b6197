public import Foundation
public import Observation
public import WoteDomain
public import WoteUseCases

/// The profile setup screen for a member in the "profile required" state: nickname with its rule
/// and server check, school name, region, optional image.
///
/// ```swift
/// Task { @MainActor in
///     let setup = wote.makeProfileSetupViewModel()
///     setup.nickname = "wote01"
///     await setup.checkNickname()              // "Check"
///     show(setup.nicknameMessage ?? "")        // under the nickname field
///     setup.schoolName = "Wote High School"
///     setup.region = setup.regions.first       // the region picker offers `regions`
///     if setup.canSubmit { await setup.submit() }
/// }
/// ```
@MainActor @Observable
public final class ProfileSetupViewModel: ScreenViewModel {
    /// The nickname as typed; changing it makes the server check stale (and cancels a check under way).
    public var nickname = "" {
        didSet {
            guard nickname != oldValue else { return }
            if nicknameCheck == .checking { screen.cancel() }
            nicknameCheck = .unchecked
        }
    }
    /// The server check of ``nickname``.
    public private(set) var nicknameCheck: NicknameCheckState = .unchecked
    /// The school's name as typed.
    public var schoolName = ""
    /// The region the school is in; `nil` until the person picks one.
    public var region: SchoolRegion?
    /// JPEG bytes of the chosen profile image, if any.
    public var imageJPEG: Data?
    /// Whether the profile was completed; the person is signed in now.
    public private(set) var isCompleted = false
    /// Whether the nickname is being checked or the profile sent; other intents meanwhile are ignored.
    public var isBusy: Bool { screen.isBusy }
    /// A sentence for an alert when something failed; `nil` when there is nothing to show.
    public var errorMessage: String? {
        get { screen.errorMessage }
        set { screen.errorMessage = newValue }
    }

    /// Every region to choose from, in the server's order.
    public let regions = SchoolRegion.allCases

    @ObservationIgnored private let checkNicknameUseCase: CheckNicknameUseCase
    @ObservationIgnored private let completeProfile: CompleteProfileUseCase
    private let screen = ScreenTask()

    /// Creates the view model.
    ///
    /// - Parameters:
    ///   - checkNickname: checks the nickname rule, then asks the server.
    ///   - completeProfile: sends the profile.
    public init(checkNickname: CheckNicknameUseCase, completeProfile: CompleteProfileUseCase) {
        checkNicknameUseCase = checkNickname
        self.completeProfile = completeProfile
    }

    /// What to say under the nickname field as the person types: the broken rule, else the server
    /// check's verdict; `nil` while nothing was typed or there is nothing to say yet.
    public var nicknameMessage: String? {
        guard !nickname.isEmpty else { return nil }
        if let violation = Nickname.violation(in: nickname) { return violation.message }
        switch nicknameCheck {
        case .checked(.available): return WoteLocalization.text("nickname.available")
        case .checked(.taken): return WoteError.nicknameTaken.message
        case .checked(.invalid(let violation)): return violation.message
        case .unchecked, .checking: return nil
        }
    }

    /// Whether the school name is filled in.
    public var isSchoolNameValid: Bool {
        !schoolName.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
    }

    /// Whether the profile can be sent: the nickname was confirmed available, a school name and a
    /// region are set, and nothing is being sent.
    public var canSubmit: Bool {
        nicknameCheck.isAvailable && isSchoolNameValid && region != nil && !isBusy
    }

    /// Checks the typed nickname: the rule first (no request when it is broken), then the server.
    ///
    /// Does nothing while the profile is being sent or another check is still under way (changing
    /// the nickname cancels that one). A verdict that arrives after the nickname was changed again
    /// is dropped.
    public func checkNickname() async {
        let text = nickname
        if let violation = Nickname.violation(in: text) {
            nicknameCheck = .checked(.invalid(violation))
            return
        }
        guard !isBusy else { return }
        nicknameCheck = .checking
        await screen.run { [self] () throws(WoteError) in
            do throws(WoteError) {
                let verdict = try await checkNicknameUseCase(text)
                if nickname == text { nicknameCheck = .checked(verdict) }
            } catch {
                // A failure for a nickname no longer typed is stale: nothing to show.
                guard nickname == text else { return }
                nicknameCheck = .unchecked
                throw error
            }
        }
    }

    /// Sends the profile when ``canSubmit``; on success ``isCompleted`` becomes `true`.
    ///
    /// If someone took the nickname meanwhile, the check says so and the person picks another.
    public func submit() async {
        guard canSubmit, let region else { return }
        await screen.run { [self] () throws(WoteError) in
            do throws(WoteError) {
                try await completeProfile(
                    nickname: nickname, schoolName: schoolName, region: region, imageJPEG: imageJPEG)
                isCompleted = true
            } catch {
                if let verdict = Self.nicknameVerdict(after: error) { nicknameCheck = .checked(verdict) }
                throw error
            }
        }
    }

    /// Forgets the error message once the alert was dismissed.
    public func dismissError() {
        screen.dismissError()
    }

    /// Cancels the nickname check or the submit under way, if any; no error is shown for it.
    public func cancel() {
        screen.cancel()
    }

    /// What a refused profile says about the nickname: taken, or breaking the rule; `nil` for
    /// failures that say nothing about it. The one place this screen looks at an error's kind.
    private static func nicknameVerdict(after error: WoteError) -> NicknameCheckResult? {
        if error == .nicknameTaken { return .taken }
        return error.nicknameViolation.map { .invalid($0) }
    }
}

// MARK: - Previews

extension ProfileSetupViewModel {
    /// A profile setup screen for SwiftUI previews: no network, no store; every nickname is free
    /// and sending the profile succeeds at once.
    ///
    /// - Parameters:
    ///   - nickname: the nickname already typed.
    ///   - nicknameCheck: where its check stands (``NicknameCheckState/checked(_:)`` with
    ///     `.taken` to show the taken message).
    ///   - errorMessage: an alert to show.
    /// - Returns: the view model.
    public static func preview(
        nickname: String = "", nicknameCheck: NicknameCheckState = .unchecked, errorMessage: String? = nil
    ) -> ProfileSetupViewModel {
        let repository = PreviewRepository(state: .profileRequired)
        let model = ProfileSetupViewModel(
            checkNickname: CheckNicknameUseCase(profiles: repository),
            completeProfile: CompleteProfileUseCase(profiles: repository))
        model.nickname = nickname
        model.nicknameCheck = nicknameCheck
        model.errorMessage = errorMessage
        return model
    }
}
