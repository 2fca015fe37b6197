import Foundation
import Testing
import WoteDomain

/// Every sentence follows the person's language, Korean or English, from the SDK's resources.
@Suite struct LocalizationTests {
    @Test(arguments: [
        (["LANG": "ko_KR.UTF-8"], "ko"), (["LANG": "C"], "en"), (["LANG": "POSIX"], "en"), ([:], "en"),
        (["LANG": "en_US.UTF-8", "LC_MESSAGES": "ko_KR.UTF-8"], "ko"),
        (["LC_ALL": "en_GB.UTF-8", "LC_MESSAGES": "ko_KR.UTF-8", "LANG": "ko_KR.UTF-8"], "en"),
        (["LANG": "ja_JP.UTF-8"], "en"), (["LANG": "ko"], "ko"), (["LC_ALL": "", "LANG": "ko_KR"], "ko"),
    ])
    func language_followsLCAllThenLCMessagesThenLang(environment: [String: String], expected: String) {
        #expect(WoteLocalization.preferredLanguage(environment: environment) == expected)
    }

    /// In an app (Darwin, with a bundle), the app's own localizations decide, as for Apple's
    /// frameworks: an English-only app on a Korean-first device shows English, whatever `LANG` says.
    @Test(arguments: [
        (["en"], ["LANG": "ko_KR.UTF-8"], "en"), (["ko"], ["LANG": "en_US.UTF-8"], "ko"),
        (["ko-KR"], [:], "ko"), (["en-GB"], ["LC_ALL": "ko_KR.UTF-8"], "en"), (["ja"], ["LANG": "ko"], "en"),
        (["Base"], ["LANG": "ko"], "en"), ([], ["LANG": "ko"], "en"),
    ])
    func inAnApp_theAppsLocalizationsDecide_notTheEnvironment(
        appLocalizations: [String], environment: [String: String], expected: String
    ) {
        #expect(
            WoteLocalization.preferredLanguage(appLocalizations: appLocalizations, environment: environment)
                == expected)
    }

    /// A process without an app bundle (a command-line tool, Linux) follows the environment.
    @Test func withoutAnApp_theEnvironmentDecides() {
        #expect(WoteLocalization.preferredLanguage(appLocalizations: nil, environment: ["LANG": "ko_KR.UTF-8"]) == "ko")
        #expect(WoteLocalization.preferredLanguage(appLocalizations: nil, environment: [:]) == "en")
    }

    @Test func everyKind_hasAKoreanAndAnEnglishSentence() {
        let errors: [WoteError] = [
            .notSignedIn, .sessionExpired, .profileRequired, .nicknameTaken, .wrongCredentials, .banned,
            .memberGone, .appleCredentialRevoked, .timeout, .tooManyRefreshes, .cancelled,
            .serverFailure(status: 500, code: nil, message: ""), .networkUnavailable("x"), .malformedResponse("x"),
            .storageFailure("x"), .foreignOrigin("x"), .rejected(code: nil, message: ""),
            .refused(.consumerTypeRequired, code: nil, message: ""), .refused(.notFound, code: nil, message: ""),
            .refused(.alreadyVoted, code: nil, message: ""), .refused(.notAllowed, code: nil, message: ""),
            .refused(.invalidRequest, code: nil, message: ""),
        ]
        for error in errors {
            let english = error.message(in: "en")
            let korean = error.message(in: "ko_KR.UTF-8")
            #expect(english != korean, "\(error.kind)")
            #expect(korean.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }, "\(error.kind)")
            #expect(!english.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }, "\(error.kind)")
            #expect(error.errorDescription == error.message)
        }
    }

    @Test func placeholders_areFilledIn_inBothLanguages() {
        #expect(NicknameViolation.tooShort(minimum: 2).message(in: "ko") == "닉네임은 2자 이상이어야 합니다.")
        #expect(WoteError.notSignedIn.message(in: "ko") == "먼저 로그인해 주세요.")
        #expect(WoteError.invalidNickname(.empty).message(in: "ko") == "닉네임을 입력해 주세요.")
        #expect(
            NicknameViolation.tooLong(maximum: 10).message(in: "en") == "A nickname can have at most 10 characters.")
        #expect(
            WoteError.invalidArgument(name: "device token", reason: "not hex").message(in: "en")
                == "device token: not hex")
        #expect(WoteError.timeout.message(in: "fr") == WoteError.timeout.message(in: "en"))
    }

    @Test func aRefusal_showsTheServersMessage_inEveryLanguage() {
        let said = "학교는 6개월에 한 번 바꿀 수 있어요"
        #expect(WoteError.rejected(code: nil, message: said).message(in: "en") == said)
    }
}
