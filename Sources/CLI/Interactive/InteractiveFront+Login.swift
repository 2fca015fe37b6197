import WoteKit

extension InteractiveFront {
    /// The login screen: Apple, Kakao, ID and password, sign-up, and "keep me signed in".
    func loginScreen() async -> Next {
        let keep = login.keepSignedIn ? "on" : "off"
        guard
            let choice = await menu(
                "Sign in",
                choices: [
                    "Sign in with Apple (authorization code)", "Sign in with Kakao (authorization code)",
                    "Sign in with ID and password", "Create an account", "Keep me signed in: \(keep) (change)",
                ])
        else { return .quit }
        switch choice {
        case "1", "2":
            guard let code = await ask("Authorization code: ") else { return .quit }
            loading("signing in")
            if choice == "1" {
                await login.loginWithApple(authorizationCode: code)
            } else {
                await login.loginWithKakao(authorizationCode: code)
            }
            reportLogin()
        case "3":
            guard let loginId = await ask("ID: "), let password = await ask("Password: ", secret: true) else {
                return .quit
            }
            login.loginId = loginId
            login.password = password
            loading("signing in")
            await login.loginWithPassword()
            reportLogin()
        case "4":
            return await signUpScreen()
        case "5":
            login.keepSignedIn.toggle()
            say(
                login.keepSignedIn
                    ? "Keep me signed in: on. The next sign-in is kept for the next launch."
                    : "Keep me signed in: off. The next sign-in lasts until wote quits.")
        default:
            showError("Please choose one of the listed options.")
        }
        return .proceed
    }

    private func reportLogin() {
        if let message = login.errorMessage {
            showError(message)
            login.dismissError()
            return
        }
        switch login.outcome {
        case .signedIn: say("Signed in.")
        case .profileRequired: say("Signed in. Your profile is not completed yet.")
        default: break
        }
    }

    /// The sign-up form: each field is checked as it is typed and asked again until it is right.
    func signUpScreen() async -> Next {
        let signUp = wote.makeSignUpViewModel()
        terminal.print("")
        terminal.print("── Create an account ──")
        for field in SignUpField.allCases {
            while true {
                guard let value = await ask("\(Self.label(of: field)): ", secret: field == .password) else {
                    return .quit
                }
                signUp.update(field, to: value)
                guard let problem = signUp.fieldMessages[field] else { break }
                showError(problem)
            }
        }
        loading("creating your account")
        await signUp.submit()
        if signUp.isCompleted {
            login.loginId = signUp.form.loginId
            say("Your account was created. You can sign in now (choice 3).")
        } else {
            showError(signUp.errorMessage ?? "The account was not created.")
            signUp.dismissError()
        }
        return .proceed
    }

    private static func label(of field: SignUpField) -> String {
        switch field {
        case .loginId: "ID (4 to 20 letters or digits)"
        case .password: "Password (8 to 64 characters, a letter and a digit)"
        case .name: "Name"
        case .email: "E-mail"
        case .phone: "Phone (digits and dashes)"
        }
    }
}
