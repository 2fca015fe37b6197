import WoteKit

extension InteractiveFront {
    /// The login screen: Apple, Kakao, ID and password, sign-up, and "keep me signed in".
    func loginScreen() async -> Next {
        let keep = login.keepSignedIn ? localized("on", ko: "켬") : localized("off", ko: "끔")
        guard
            let choice = await menu(
                localized("Sign in", ko: "로그인"),
                choices: [
                    localized("Sign in with Apple (authorization code)", ko: "Apple로 로그인 (인가 코드)"),
                    localized("Sign in with Kakao (authorization code)", ko: "카카오로 로그인 (인가 코드)"),
                    localized("Sign in with ID and password", ko: "아이디와 비밀번호로 로그인"),
                    localized("Create an account", ko: "계정 만들기"),
                    localized("Keep me signed in: \(keep) (change)", ko: "로그인 상태 유지: \(keep) (바꾸기)"),
                ])
        else { return .quit }
        switch choice {
        case "1", "2":
            // A credential, as the password is: not echoed on a terminal, never printed back.
            guard let code = await ask(localized("Authorization code: ", ko: "인가 코드: "), secret: true) else {
                return .quit
            }
            loading(localized("signing in", ko: "로그인하는 중"))
            if choice == "1" {
                await login.loginWithApple(authorizationCode: code)
            } else {
                await login.loginWithKakao(authorizationCode: code)
            }
            reportLogin()
        case "3":
            guard let loginId = await ask(localized("ID: ", ko: "아이디: ")),
                let password = await ask(localized("Password: ", ko: "비밀번호: "), secret: true)
            else {
                return .quit
            }
            login.loginId = loginId
            login.password = password
            loading(localized("signing in", ko: "로그인하는 중"))
            await login.loginWithPassword()
            reportLogin()
        case "4":
            return await signUpScreen()
        case "5":
            login.keepSignedIn.toggle()
            say(
                login.keepSignedIn
                    ? localized(
                        "Keep me signed in: on. The next sign-in is kept for the next launch.",
                        ko: "로그인 상태 유지: 켬. 다음 로그인은 다음 실행까지 유지됩니다.")
                    : localized(
                        "Keep me signed in: off. The next sign-in lasts until wote quits.",
                        ko: "로그인 상태 유지: 끔. 다음 로그인은 wote를 끝낼 때까지만 유지됩니다."))
        default:
            showError(localized("Please choose one of the listed options.", ko: "목록에 있는 번호를 고르세요."))
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
        case .signedIn: say(localized("Signed in.", ko: "로그인했습니다."))
        case .profileRequired:
            say(localized("Signed in. Your profile is not completed yet.", ko: "로그인했습니다. 프로필이 아직 완성되지 않았습니다."))
        default: break
        }
    }

    /// The sign-up form: each field is checked as it is typed and asked again until it is right.
    func signUpScreen() async -> Next {
        let signUp = wote.makeSignUpViewModel()
        terminal.print("")
        terminal.print(localized("── Create an account ──", ko: "── 계정 만들기 ──"))
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
        loading(localized("creating your account", ko: "계정을 만드는 중"))
        await signUp.submit()
        if signUp.isCompleted {
            login.loginId = signUp.form.loginId
            say(
                localized(
                    "Your account was created. You can sign in now (choice 3).", ko: "계정을 만들었습니다. 이제 로그인할 수 있습니다 (3번).")
            )
        } else {
            showError(signUp.errorMessage ?? localized("The account was not created.", ko: "계정을 만들지 못했습니다."))
            signUp.dismissError()
        }
        return .proceed
    }

    private static func label(of field: SignUpField) -> String {
        switch field {
        case .loginId: localized("ID (4 to 20 letters or digits)", ko: "아이디 (영문자·숫자 4~20자)")
        case .password: localized("Password (8 to 64 characters, a letter and a digit)", ko: "비밀번호 (8~64자, 영문자와 숫자 포함)")
        case .name: localized("Name", ko: "이름")
        case .email: localized("E-mail", ko: "이메일")
        case .phone: localized("Phone (digits and dashes)", ko: "전화번호 (숫자와 -)")
        }
    }
}
