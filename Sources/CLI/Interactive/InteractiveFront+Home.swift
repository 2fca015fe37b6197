import WoteKit

extension InteractiveFront {
    /// The home screen: my profile, consumer type, logout, account deletion after a confirmation,
    /// and the feed.
    func homeScreen() async -> Next {
        let home: HomeViewModel
        if let shown = self.home {
            home = shown
        } else {
            home = wote.makeHomeViewModel()
            self.home = home
            await load(home)
            // Loading may have found the session over; the launch view model routes first then.
            if home.user == nil { return .proceed }
        }
        let lines = home.user.map { ProfileShowCommand.text($0).split(separator: "\n").map(String.init) } ?? []
        guard
            let choice = await menu(
                localized("Home", ko: "홈"), lines: lines,
                choices: [
                    localized("Reload my profile", ko: "프로필 새로 고침"), localized("Set my consumer type", ko: "소비 성향 정하기"),
                    localized("Log out", ko: "로그아웃"), localized("Delete my account", ko: "계정 삭제"),
                    localized("The feed", ko: "피드"),
                ])
        else { return .quit }
        switch choice {
        case "1":
            await load(home)
        case "2":
            return await chooseConsumerType(home)
        case "3":
            await logOut()
        case "4":
            home.requestWithdrawal()
            guard
                let answer = await ask(
                    localized("Type yes to delete your account for good: ", ko: "계정을 영구히 삭제하려면 yes를 입력하세요: "))
            else { return .quit }
            guard answer.lowercased() == "yes" else {
                home.cancelWithdrawal()
                say(localized("Your account was kept.", ko: "계정을 그대로 두었습니다."))
                return .proceed
            }
            loading(localized("deleting your account", ko: "계정을 삭제하는 중"))
            await home.confirmWithdrawal()
            showError(home.errorMessage)
            home.dismissError()
            if home.isSignedOut { say(localized("Your account was deleted.", ko: "계정을 삭제했습니다.")) }
        case "5":
            return await feedScreen()
        default:
            showError(localized("Please choose one of the listed options.", ko: "목록에 있는 번호를 고르세요."))
        }
        return .proceed
    }

    private func load(_ home: HomeViewModel) async {
        loading(localized("loading your profile", ko: "프로필을 불러오는 중"))
        await home.load()
        showError(home.errorMessage)
        home.dismissError()
    }

    private func chooseConsumerType(_ home: HomeViewModel) async -> Next {
        for (index, type) in ConsumerType.allCases.enumerated() { terminal.print("  \(index + 1)) \(type.rawValue)") }
        guard let answer = await ask(localized("Consumer type (number or name): ", ko: "소비 성향 (번호 또는 이름): ")) else {
            return .quit
        }
        let types = ConsumerType.allCases
        let chosen: ConsumerType? =
            if let number = Int(answer), types.indices.contains(number - 1) {
                types[number - 1]
            } else {
                ConsumerType(parsing: answer)
            }
        guard let chosen else {
            showError(localized("There is no consumer type “\(answer)”.", ko: "“\(answer)”(이)라는 소비 성향은 없습니다."))
            return .proceed
        }
        loading(localized("saving your consumer type", ko: "소비 성향을 저장하는 중"))
        await home.setConsumerType(chosen)
        if let message = home.errorMessage {
            showError(message)
            home.dismissError()
        } else {
            say(localized("Consumer type set to \(chosen.rawValue).", ko: "소비 성향을 \(chosen.rawValue)(으)로 정했습니다."))
        }
        return .proceed
    }
}
