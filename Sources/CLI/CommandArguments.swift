import Foundation
import WoteKit

/// One command's arguments as written: its positionals, option values and flags, before their
/// values are checked.
struct CommandArguments {
    let spec: CommandSpec
    var positionals: [String] = []
    var values: [String: String] = [:]
    var flags: Set<String> = []

    /// Finds the command in `arguments` (the shared options already taken out) and checks its arguments.
    ///
    /// - Parameters:
    ///   - arguments: the command's words, then its arguments.
    ///   - help: whether `--help` was given; the help of the command found is then the command.
    static func command(from arguments: [String], help: Bool) throws(CommandFailure) -> Command {
        guard let first = arguments.first, first != "--" else {
            return help ? .help(topic: nil) : .interactive
        }
        if OptionSyntax.isOption(first) {
            throw .usage("unknown option '\(OptionSyntax.split(first).name)'; run 'wote --help' for the options")
        }
        let group = CommandSpec.group(first)
        guard !group.isEmpty else {
            throw .usage("unknown command '\(first)'; run 'wote --help' for the list of commands")
        }
        var consumed = 1
        let spec: CommandSpec
        if group.count == 1, group[0].words.count == 1 {
            spec = group[0]
        } else {
            let second = arguments.count > 1 ? arguments[1] : nil
            guard let found = group.first(where: { $0.words.count > 1 && $0.words[1] == second }) else {
                if help { return .help(topic: first) }
                let choices = group.compactMap { $0.words.dropFirst().first }.joined(separator: ", ")
                if let second, second != "--", !OptionSyntax.isOption(second) {
                    throw .usage("unknown command 'wote \(first) \(second)'; use one of: \(choices)")
                }
                throw .usage("'wote \(first)' needs one of: \(choices)")
            }
            spec = found
            consumed = 2
        }
        if help { return .help(topic: spec.name) }
        var parsed = CommandArguments(spec: spec)
        try parsed.read(Array(arguments.dropFirst(consumed)))
        return try parsed.command()
    }

    private mutating func read(_ arguments: [String]) throws(CommandFailure) {
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if !optionsEnded && argument == "--" {
                optionsEnded = true
                continue
            }
            guard !optionsEnded, OptionSyntax.isOption(argument) else {
                positionals.append(argument)
                continue
            }
            let (name, inline) = OptionSyntax.split(argument)
            if spec.flags.contains(name) {
                guard inline == nil else { throw .usage("\(name): takes no value") }
                flags.insert(name)
            } else if spec.valueOptions.contains(name) {
                guard values[name] == nil else { throw .usage("\(name): given more than once") }
                values[name] = try OptionSyntax.value(of: name, inline: inline, in: arguments, at: &index)
            } else {
                throw .usage("unknown option '\(name)' for 'wote \(spec.name)'; run 'wote \(spec.name) --help'")
            }
        }
        if positionals.count > spec.arguments.count {
            if spec.readsPassword {
                // Most likely the password: never echo it.
                throw .usage(
                    "unexpected argument for 'wote \(spec.name)'; the password is read from standard input, "
                        + "never from an argument")
            }
            throw .usage("unexpected argument '\(positionals[spec.arguments.count])' for 'wote \(spec.name)'")
        }
        if positionals.count < spec.arguments.count {
            throw .usage("missing \(spec.arguments[positionals.count]) for 'wote \(spec.name)'")
        }
    }

    private func required(_ option: String) throws(CommandFailure) -> String {
        guard let value = values[option] else { throw .usage("missing \(option) for 'wote \(spec.name)'") }
        return value
    }

    private func nonBlank(_ value: String, named name: String) throws(CommandFailure) -> String {
        guard !value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw .usage("\(name): must not be empty")
        }
        return value
    }

    private func command() throws(CommandFailure) -> Command {
        switch spec.name {
        case "login":
            guard let provider = SocialProvider(rawValue: positionals[0].lowercased()) else {
                throw .usage("apple|kakao: unknown provider '\(positionals[0])'; use apple or kakao")
            }
            let code = try nonBlank(positionals[1], named: "CODE")
            return .login(provider: provider, code: code, remember: !flags.contains("--no-remember"))
        case "status": return .status
        case "nickname check": return .checkNickname(positionals[0])
        case "profile setup":
            let nickname = try required("--nickname")
            let schoolName = try nonBlank(try required("--school-name"), named: "--school-name")
            let regionText = try required("--school-region")
            guard let region = SchoolRegion(parsing: regionText) else {
                throw .usage("--school-region: unknown region '\(regionText)'; use one of \(SchoolRegionNames.list)")
            }
            let image = try values["--image"].map { (path) throws(CommandFailure) in
                try nonBlank(path, named: "--image")
            }
            return .setUpProfile(nickname: nickname, schoolName: schoolName, region: region, imagePath: image)
        case "profile show": return .showProfile
        case "consumer-type set":
            guard let type = Self.consumerType(positionals[0]) else {
                throw .usage("TYPE: unknown consumer type '\(positionals[0])'; use one of \(ConsumerTypeNames.list)")
            }
            return .setConsumerType(type)
        case "device-token register": return .registerDeviceToken(try Self.deviceToken(positionals[0], named: "HEX"))
        case "refresh": return .refresh
        case "logout":
            let token = try values["--device-token"].map { (hex) throws(CommandFailure) in
                try Self.deviceToken(hex, named: "--device-token")
            }
            return .logout(deviceToken: token)
        case "withdraw":
            guard flags.contains("--yes") else {
                throw .usage("--yes: 'wote withdraw' deletes your account for good; add --yes to confirm")
            }
            return .withdraw
        case "signup": return try signUp()
        case "signin":
            let loginId = try nonBlank(positionals[0], named: "ID")
            return .signIn(loginId: loginId, remember: !flags.contains("--no-remember"))
        case "interactive": return .interactive
        default: return .demo
        }
    }

    private func signUp() throws(CommandFailure) -> Command {
        let form = SignUpForm(
            loginId: try required("--login-id"), password: "", name: try required("--name"),
            email: try required("--email"), phone: try required("--phone"))
        // The password is read later, from standard input; every other field is checked now.
        for field in SignUpField.allCases where field != .password {
            if let problem = form.problem(with: field) { throw .usage("\(field.argumentName): \(problem)") }
        }
        return .signUp(loginId: form.loginId, name: form.name, email: form.email, phone: form.phone)
    }

    private static func consumerType(_ text: String) -> ConsumerType? {
        let normalized = text.uppercased().replacingOccurrences(of: "-", with: "_")
        return ConsumerType(rawValue: normalized)
            ?? ConsumerType.allCases.first { "\($0)".lowercased() == text.lowercased() }
    }

    private static func deviceToken(_ hex: String, named name: String) throws(CommandFailure) -> DeviceToken {
        do {
            return try DeviceToken(hex: hex)
        } catch {
            throw .usage("\(name): '\(hex)' is not a device token; expected an even number of hexadecimal digits")
        }
    }
}
