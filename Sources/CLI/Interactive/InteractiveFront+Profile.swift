import Foundation
import WoteKit

extension InteractiveFront {
    /// The profile setup screen: nickname (checked at once), school name, region, image, submit.
    func profileSetupScreen() async -> Next {
        let setup = self.setup ?? wote.makeProfileSetupViewModel()
        self.setup = setup
        let lines = [
            "Nickname     \(setup.nickname.isEmpty ? "—" : setup.nickname) \(Self.describe(setup.nicknameCheck))",
            "School       \(setup.schoolName.isEmpty ? "—" : setup.schoolName)",
            "Region       \(setup.region?.rawValue ?? "—")",
            "Image        \(setup.imageJPEG.map { "\($0.count) bytes" } ?? "none")",
        ]
        guard
            let choice = await menu(
                "Complete your profile", lines: lines,
                choices: ["Nickname", "School name", "Region", "Profile image (JPEG)", "Submit", "Log out"])
        else { return .quit }
        switch choice {
        case "1":
            guard let nickname = await ask("Nickname (2 to 10 letters or digits): ") else { return .quit }
            setup.nickname = nickname
            if Nickname.violation(in: nickname) == nil { loading("checking the nickname") }
            await setup.checkNickname()
            showError(setup.errorMessage)
            setup.dismissError()
            if let message = setup.nicknameMessage {
                if setup.nicknameCheck.isAvailable { say(message) } else { showError(message) }
            }
        case "2":
            guard let name = await ask("School name: ") else { return .quit }
            setup.schoolName = name
            if !setup.isSchoolNameValid { showError("Enter your school's name.") }
        case "3":
            return await chooseRegion(for: setup)
        case "4":
            guard let path = await ask("JPEG file (empty for none): ") else { return .quit }
            chooseImage(path, for: setup)
        case "5":
            await submit(setup)
        case "6":
            await logOut()
        default:
            showError("Please choose one of the listed options.")
        }
        return .proceed
    }

    private func chooseRegion(for setup: ProfileSetupViewModel) async -> Next {
        for (index, region) in setup.regions.enumerated() {
            terminal.print("  \(index + 1)) \(region.rawValue) (\(region))")
        }
        guard let answer = await ask("Region (number or name): ") else { return .quit }
        if let number = Int(answer), setup.regions.indices.contains(number - 1) {
            setup.region = setup.regions[number - 1]
        } else if let region = SchoolRegion(parsing: answer) {
            setup.region = region
        } else {
            showError("There is no region “\(answer)”.")
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
            if !setup.nicknameCheck.isAvailable { showError("Choose a nickname that is available first (choice 1).") }
            if !setup.isSchoolNameValid { showError("Enter your school's name (choice 2).") }
            if setup.region == nil { showError("Choose your school's region (choice 3).") }
            return
        }
        loading("sending your profile")
        await setup.submit()
        if setup.isCompleted {
            say("Profile completed.")
        } else {
            showError(setup.errorMessage)
            setup.dismissError()
        }
    }

    /// Logs out through the home screen's model, which ends the session whatever the server says.
    func logOut() async {
        let home = self.home ?? wote.makeHomeViewModel()
        loading("logging out")
        await home.logout()
        showError(home.errorMessage)
        home.dismissError()
        if home.isSignedOut { say("Logged out.") }
    }

    private static func describe(_ check: NicknameCheckState) -> String {
        switch check {
        case .unchecked: ""
        case .checking: "(checking…)"
        case .checked(.available): "(available)"
        case .checked(.taken): "(taken)"
        case .checked(.invalid): "(not valid)"
        }
    }
}
