package import WoteKit

/// One thing `wote` was asked to do, with its arguments already checked.
package enum Command: Sendable, Equatable {
    /// `wote login apple|kakao CODE [--no-remember]`.
    case login(provider: SocialProvider, code: String, remember: Bool)
    /// `wote status`.
    case status
    /// `wote nickname check NAME`.
    case checkNickname(String)
    /// `wote profile setup --nickname N --school-name S --school-region R [--image FILE]`.
    case setUpProfile(nickname: String, schoolName: String, region: SchoolRegion, imagePath: String?)
    /// `wote profile show`.
    case showProfile
    /// `wote consumer-type set TYPE`.
    case setConsumerType(ConsumerType)
    /// `wote device-token register HEX`.
    case registerDeviceToken(DeviceToken)
    /// `wote refresh`.
    case refresh
    /// `wote logout [--device-token HEX]`.
    case logout(deviceToken: DeviceToken?)
    /// `wote withdraw --yes`.
    case withdraw
    /// `wote signup --login-id ID --name N --email E --phone P`; the password comes from standard input.
    case signUp(loginId: String, name: String, email: String, phone: String)
    /// `wote signin ID [--no-remember]`; the password comes from standard input.
    case signIn(loginId: String, remember: Bool)
    /// `wote` or `wote interactive`.
    case interactive
    /// `wote demo`.
    case demo
    /// `--help`: the global usage (`nil`) or one command's.
    case help(topic: String?)
    /// `--version`.
    case version
}

extension Command: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The command and its arguments, with an authorization code redacted.
    package var description: String {
        switch self {
        case .login(let provider, _, let remember):
            "login(provider: \(provider.rawValue), code: <redacted>, remember: \(remember))"
        case .status: "status"
        case .checkNickname(let name): "checkNickname(\(name))"
        case .setUpProfile(let nickname, let schoolName, let region, let imagePath):
            "setUpProfile(nickname: \(nickname), schoolName: \(schoolName), region: \(region), "
                + "imagePath: \(imagePath ?? "nil"))"
        case .showProfile: "showProfile"
        case .setConsumerType(let type): "setConsumerType(\(type.rawValue))"
        case .registerDeviceToken(let token): "registerDeviceToken(\(token.hex))"
        case .refresh: "refresh"
        case .logout(let token): "logout(deviceToken: \(token?.hex ?? "nil"))"
        case .withdraw: "withdraw"
        case .signUp(let loginId, let name, let email, let phone):
            "signUp(loginId: \(loginId), name: \(name), email: \(email), phone: \(phone))"
        case .signIn(let loginId, let remember): "signIn(loginId: \(loginId), remember: \(remember))"
        case .interactive: "interactive"
        case .demo: "demo"
        case .help(let topic): "help(topic: \(topic ?? "nil"))"
        case .version: "version"
        }
    }

    /// The same redacted text as ``description``.
    package var debugDescription: String { description }

    /// A mirror that shows the redacted description only.
    package var customMirror: Mirror { Mirror(self, children: ["command": description], displayStyle: .enum) }
}

/// The social providers `wote login` knows.
package enum SocialProvider: String, Sendable, CaseIterable {
    case apple
    case kakao

    /// The credential for an authorization code from this provider.
    package func credential(code: String) -> LoginCredential {
        switch self {
        case .apple: .apple(authorizationCode: code)
        case .kakao: .kakao(authorizationCode: code)
        }
    }
}
