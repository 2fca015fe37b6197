public import Foundation
public import Observation
public import WoteDomain
public import WoteUseCases

/// The profile setup screen for a member in the "profile required" state: nickname with its rule
/// and server check, school name, region, optional image.
///
/// ```swift
/// TextField("Nickname", text: $setup.nickname)
/// Text(setup.nicknameMessage ?? "")
/// Button("Check") { Task { await setup.checkNickname() } }
/// Picker("Region", selection: $setup.region) { ForEach(setup.regions, id: \.self) { Text($0.rawValue) } }
/// ```
@MainActor @Observable
public final class ProfileSetupViewModel {
    /// The nickname as typed; changing it makes the server check stale.
    public var nickname = "" {
        didSet {
            if nickname != oldValue { nicknameCheck = .unchecked }
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
    /// Whether the profile is being sent.
    public private(set) var isSubmitting = false
    /// Whether the profile was completed; the person is signed in now.
    public private(set) var isCompleted = false
    /// A sentence for an alert when something failed; `nil` when there is nothing to show.
    public var errorMessage: String?

    /// Every region to choose from, in the server's order.
    public let regions = SchoolRegion.allCases

    @ObservationIgnored private let checkNicknameUseCase: CheckNicknameUseCase
    @ObservationIgnored private let completeProfile: CompleteProfileUseCase

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
        case .available: return "This nickname is available."
        case .taken: return WoteError.nicknameTaken.message
        case .invalid(let violation): return violation.message
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
        nicknameCheck == .available && isSchoolNameValid && region != nil && !isSubmitting
    }

    /// Checks the typed nickname: the rule first (no request when it is broken), then the server.
    ///
    /// A verdict that arrives after the nickname was changed again is dropped.
    public func checkNickname() async {
        let text = nickname
        if let violation = Nickname.violation(in: text) {
            nicknameCheck = .invalid(violation)
            return
        }
        nicknameCheck = .checking
        errorMessage = nil
        let verdict: NicknameCheckState
        do {
            switch try await checkNicknameUseCase.execute(text) {
            case .available: verdict = .available
            case .taken: verdict = .taken
            case .invalid(let violation): verdict = .invalid(violation)
            }
        } catch {
            guard nickname == text else { return }
            nicknameCheck = .unchecked
            if error != .cancelled { errorMessage = error.message }
            return
        }
        guard nickname == text else { return }
        nicknameCheck = verdict
    }

    /// Sends the profile when ``canSubmit``; on success ``isCompleted`` becomes `true`.
    ///
    /// If someone took the nickname meanwhile, the check says so and the person picks another.
    public func submit() async {
        guard canSubmit, let region else { return }
        isSubmitting = true
        errorMessage = nil
        defer { isSubmitting = false }
        do {
            try await completeProfile.execute(
                nickname: nickname, schoolName: schoolName, region: region, imageJPEG: imageJPEG)
            isCompleted = true
        } catch .nicknameTaken {
            nicknameCheck = .taken
            errorMessage = WoteError.nicknameTaken.message
        } catch let error where error.nicknameViolation != nil {
            nicknameCheck = .invalid(error.nicknameViolation ?? .empty)
            errorMessage = error.message
        } catch .cancelled {
            return
        } catch {
            errorMessage = error.message
        }
    }

    /// Forgets the error message once the alert was dismissed.
    public func dismissError() {
        errorMessage = nil
    }
}
