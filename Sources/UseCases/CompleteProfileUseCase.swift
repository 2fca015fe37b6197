public import Foundation
public import WoteDomain

/// Completes the profile of a member in the "profile required" state: nickname, school, optional image.
public struct CompleteProfileUseCase: Sendable {
    private let profiles: any ProfileRepository

    /// Creates the use case.
    ///
    /// - Parameter profiles: the repository that sends the profile.
    public init(profiles: any ProfileRepository) {
        self.profiles = profiles
    }

    /// Checks the fields locally, then sends the profile; afterwards the person is signed in.
    ///
    /// - Parameters:
    ///   - nickname: the nickname as typed; it must satisfy the nickname rule.
    ///   - schoolName: the school's name; surrounding whitespace is trimmed and it must not be blank.
    ///   - region: the region the school is in.
    ///   - imageJPEG: JPEG bytes of a profile image, if the person chose one.
    /// - Throws: ``WoteError/invalidNickname(_:)`` or ``WoteError/invalidArgument(name:reason:)``
    ///   (a blank school name) before any request; ``WoteError/nicknameTaken`` when someone took the
    ///   nickname meanwhile; other server and network failures.
    public func callAsFunction(nickname: String, schoolName: String, region: SchoolRegion, imageJPEG: Data? = nil)
        async throws(WoteError)
    {
        let validNickname = try Nickname(validating: nickname)
        let trimmedSchool = schoolName.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmedSchool.isEmpty else {
            throw .invalidArgument(name: "school name", reason: WoteLocalization.text("profile.schoolNameBlank"))
        }
        let draft = ProfileDraft(
            nickname: validNickname, school: School(name: trimmedSchool, region: region), imageJPEG: imageJPEG)
        try await profiles.completeProfile(draft)
    }
}
