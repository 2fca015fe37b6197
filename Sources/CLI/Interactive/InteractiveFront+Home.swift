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
                "Home", lines: lines,
                choices: ["Reload my profile", "Set my consumer type", "Log out", "Delete my account", "The feed"])
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
            guard let answer = await ask("Type yes to delete your account for good: ") else { return .quit }
            guard answer.lowercased() == "yes" else {
                home.cancelWithdrawal()
                say("Your account was kept.")
                return .proceed
            }
            loading("deleting your account")
            await home.confirmWithdrawal()
            showError(home.errorMessage)
            home.dismissError()
            if home.isSignedOut { say("Your account was deleted.") }
        case "5":
            return await feedScreen()
        default:
            showError("Please choose one of the listed options.")
        }
        return .proceed
    }

    private func load(_ home: HomeViewModel) async {
        loading("loading your profile")
        await home.load()
        showError(home.errorMessage)
        home.dismissError()
    }

    private func chooseConsumerType(_ home: HomeViewModel) async -> Next {
        for (index, type) in ConsumerType.allCases.enumerated() { terminal.print("  \(index + 1)) \(type.rawValue)") }
        guard let answer = await ask("Consumer type (number or name): ") else { return .quit }
        let types = ConsumerType.allCases
        let chosen: ConsumerType? =
            if let number = Int(answer), types.indices.contains(number - 1) {
                types[number - 1]
            } else {
                ConsumerType(parsing: answer)
            }
        guard let chosen else {
            showError("There is no consumer type “\(answer)”.")
            return .proceed
        }
        loading("saving your consumer type")
        await home.setConsumerType(chosen)
        if let message = home.errorMessage {
            showError(message)
            home.dismissError()
        } else {
            say("Consumer type set to \(chosen.rawValue).")
        }
        return .proceed
    }
}
