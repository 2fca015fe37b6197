import Foundation
import WoteKit

extension InteractiveFront {
    /// The profile setup screen: nickname (checked at once), school name, region, image, submit.
    func profileSetupScreen() async -> Next {
        let setup = self.setup ?? wote.makeProfileSetupViewModel()
        self.setup = setup
        let lines = [
            localized("Nickname     ", ko: "닉네임    ")
                + "\(setup.nickname.isEmpty ? "—" : setup.nickname) \(Self.describe(setup.nicknameCheck))",
            localized("School       ", ko: "학교      ") + (setup.schoolName.isEmpty ? "—" : setup.schoolName),
            localized("Region       ", ko: "지역      ") + (setup.region?.rawValue ?? "—"),
            localized("Image        ", ko: "사진      ")
                + (setup.imageJPEG.map { localized("\($0.count) bytes", ko: "\($0.count)바이트") }
                    ?? localized("none", ko: "없음")),
        ]
        guard
            let choice = await menu(
                localized("Complete your profile", ko: "프로필 완성하기"), lines: lines,
                choices: [
                    localized("Nickname", ko: "닉네임"), localized("School name", ko: "학교 이름"),
                    localized("Region", ko: "지역"),
                    localized("Profile image (JPEG)", ko: "프로필 사진 (JPEG)"), localized("Submit", ko: "보내기"),
                    localized("Log out", ko: "로그아웃"),
                ])
        else { return .quit }
        switch choice {
        case "1":
            guard
                let nickname = await ask(localized("Nickname (2 to 10 letters or digits): ", ko: "닉네임 (글자·숫자 2~10자): "))
            else { return .quit }
            setup.nickname = nickname
            if Nickname.violation(in: nickname) == nil {
                loading(localized("checking the nickname", ko: "닉네임을 확인하는 중"))
            }
            await setup.checkNickname()
            showError(setup.errorMessage)
            setup.dismissError()
            if let message = setup.nicknameMessage {
                if setup.nicknameCheck.isAvailable { say(message) } else { showError(message) }
            }
        case "2":
            guard let name = await ask(localized("School name: ", ko: "학교 이름: ")) else { return .quit }
            setup.schoolName = name
            if !setup.isSchoolNameValid { showError(localized("Enter your school's name.", ko: "학교 이름을 입력하세요.")) }
        case "3":
            return await chooseRegion(for: setup)
        case "4":
            guard let path = await ask(localized("JPEG file (empty for none): ", ko: "JPEG 파일 (없으면 빈칸): ")) else {
                return .quit
            }
            chooseImage(path, for: setup)
        case "5":
            await submit(setup)
        case "6":
            await logOut()
        default:
            showError(localized("Please choose one of the listed options.", ko: "목록에 있는 번호를 고르세요."))
        }
        return .proceed
    }

    private func chooseRegion(for setup: ProfileSetupViewModel) async -> Next {
        for (index, region) in setup.regions.enumerated() {
            terminal.print("  \(index + 1)) \(region.rawValue) (\(region))")
        }
        guard let answer = await ask(localized("Region (number or name): ", ko: "지역 (번호 또는 이름): ")) else {
            return .quit
        }
        if let number = Int(answer), setup.regions.indices.contains(number - 1) {
            setup.region = setup.regions[number - 1]
        } else if let region = SchoolRegion(parsing: answer) {
            setup.region = region
        } else {
            showError(localized("There is no region “\(answer)”.", ko: "“\(answer)”(이)라는 지역은 없습니다."))
        }
        return .proceed
    }

    private func chooseImage(_ path: String, for setup: ProfileSetupViewModel) {
        guard !path.trimmingCharacters(in: .whitespaces).isEmpty else {
            setup.imageJPEG = nil
            return
        }
        do {
            setup.imageJPEG = try ProfileSetupCommand.readJPEG(at: path)
        } catch {
            showError(error.message)
        }
    }

    private func submit(_ setup: ProfileSetupViewModel) async {
        guard setup.canSubmit else {
            if !setup.nicknameCheck.isAvailable {
                showError(
                    localized("Choose a nickname that is available first (choice 1).", ko: "먼저 쓸 수 있는 닉네임을 고르세요 (1번)."))
            }
            if !setup.isSchoolNameValid {
                showError(localized("Enter your school's name (choice 2).", ko: "학교 이름을 입력하세요 (2번)."))
            }
            if setup.region == nil {
                showError(localized("Choose your school's region (choice 3).", ko: "학교가 있는 지역을 고르세요 (3번)."))
            }
            return
        }
        loading(localized("sending your profile", ko: "프로필을 보내는 중"))
        await setup.submit()
        if setup.isCompleted {
            say(localized("Profile completed.", ko: "프로필을 완성했습니다."))
        } else {
            showError(setup.errorMessage)
            setup.dismissError()
        }
    }

    /// Logs out through the home screen's model, which ends the session whatever the server says.
    func logOut() async {
        let home = self.home ?? wote.makeHomeViewModel()
        loading(localized("logging out", ko: "로그아웃하는 중"))
        await home.logout()
        showError(home.errorMessage)
        home.dismissError()
        if home.isSignedOut { say(localized("Logged out.", ko: "로그아웃했습니다.")) }
    }

    private static func describe(_ check: NicknameCheckState) -> String {
        switch check {
        case .unchecked: ""
        case .checking: localized("(checking…)", ko: "(확인 중…)")
        case .checked(.available): localized("(available)", ko: "(쓸 수 있음)")
        case .checked(.taken): localized("(taken)", ko: "(이미 쓰임)")
        case .checked(.invalid): localized("(not valid)", ko: "(쓸 수 없음)")
        }
    }
}
