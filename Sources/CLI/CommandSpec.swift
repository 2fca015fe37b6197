import WoteKit

/// What the parser knows about one command: its words, its arguments and options, and its help.
package struct CommandSpec: Sendable {
    /// The command's words, such as `["profile", "setup"]`.
    package let words: [String]
    /// Placeholders of the positional arguments, in order, such as `["apple|kakao", "CODE"]`.
    package let arguments: [String]
    /// Options that take a value, such as `--nickname`.
    package let valueOptions: [String]
    /// Options without a value, such as `--no-remember`.
    package let flags: [String]
    /// The usage line after `wote`.
    package let synopsis: String
    /// One line saying what the command does.
    package let summary: String
    /// More lines for `wote COMMAND --help`.
    package let details: String

    /// The command's name, such as `profile setup`.
    package var name: String { words.joined(separator: " ") }

    /// Whether the command reads a password from standard input (`signin`, `signup`).
    package var readsPassword: Bool { name == "signin" || name == "signup" }

    /// Every command `wote` knows, in the order the usage lists them.
    package static let all: [CommandSpec] = [
        CommandSpec(
            words: ["login"], arguments: ["apple|kakao", "CODE"], valueOptions: [], flags: ["--no-remember"],
            synopsis: "login apple|kakao CODE [--no-remember]",
            summary: "Sign in with an authorization code from Apple or Kakao.",
            details: """
                Prints the resulting state. A member whose profile is not completed is signed in into
                "profileRequired". --no-remember keeps the session in memory only: any stored session
                is removed and nothing is written, so the next wote command is signed out.
                """),
        CommandSpec(
            words: ["status"], arguments: [], valueOptions: [], flags: [],
            synopsis: "status", summary: "Show the stored session's state and expiry dates.",
            details: """
                Restores the session from the store. No network call is made while the access token
                has not expired; when it has, the session is refreshed. If that refresh fails for a
                passing reason, the kept state is printed with a warning on standard error.
                """),
        CommandSpec(
            words: ["nickname", "check"], arguments: ["NAME"], valueOptions: [], flags: [],
            synopsis: "nickname check NAME", summary: "Check a nickname: the local rule, then the server.",
            details: """
                A nickname has 2 to 10 characters, each a letter (Hangul included) or a digit. A taken
                or invalid nickname is an answer (exit 0), not a failure.
                """),
        CommandSpec(
            words: ["profile", "setup"], arguments: [],
            valueOptions: ["--nickname", "--school-name", "--school-region", "--image"],
            flags: [],
            synopsis: "profile setup --nickname N --school-name S --school-region R [--image FILE]",
            summary: "Complete the profile.",
            details: """
                R is one of the seventeen regions, by its Korean name or its romanised name:
                \(SchoolRegionNames.list).
                FILE is a JPEG image.
                """),
        CommandSpec(
            words: ["profile", "show"], arguments: [], valueOptions: [], flags: [],
            synopsis: "profile show", summary: "Show my profile (refreshing the session silently when needed).",
            details: ""),
        CommandSpec(
            words: ["consumer-type", "set"], arguments: ["TYPE"], valueOptions: [], flags: [],
            synopsis: "consumer-type set TYPE", summary: "Set the consumer type.",
            details: "TYPE is one of \(ConsumerTypeNames.list)."),
        CommandSpec(
            words: ["device-token", "register"], arguments: ["HEX"], valueOptions: [], flags: [],
            synopsis: "device-token register HEX", summary: "Register a push device token.",
            details: "HEX is an even number of hexadecimal digits."),
        CommandSpec(
            words: ["refresh"], arguments: [], valueOptions: [], flags: [],
            synopsis: "refresh", summary: "Renew the tokens now.", details: ""),
        CommandSpec(
            words: ["logout"], arguments: [], valueOptions: ["--device-token"], flags: [],
            synopsis: "logout [--device-token HEX]", summary: "Log out; the local session always ends.",
            details: "The local session ends whatever the server answers, offline included."),
        CommandSpec(
            words: ["withdraw"], arguments: [], valueOptions: [], flags: ["--yes"],
            synopsis: "withdraw --yes", summary: "Delete the account (asks for --yes).",
            details: "This cannot be undone; without --yes nothing is sent."),
        CommandSpec(
            words: ["signup"], arguments: [], valueOptions: ["--login-id", "--name", "--email", "--phone"], flags: [],
            synopsis: "signup --login-id ID --name N --email E --phone P",
            summary: "Create an ID/password account; the password is the first line of standard input.",
            details: """
                The ID has 4 to 20 letters or digits; the password 8 to 64 characters with at least one
                letter and one digit; the e-mail address one @; the phone number digits and dashes.
                The password is read from the first line of standard input (not echoed on a terminal),
                never from an argument:  printf '%s\\n' "$PASSWORD" | wote signup ...
                """),
        CommandSpec(
            words: ["signin"], arguments: ["ID"], valueOptions: [], flags: ["--no-remember"],
            synopsis: "signin ID [--no-remember]",
            summary: "Sign in with an ID; the password is the first line of standard input.",
            details: """
                --no-remember keeps the session in memory only ("keep me signed in" turned off).
                """),
        CommandSpec(
            words: ["interactive"], arguments: [], valueOptions: [], flags: [],
            synopsis: "interactive", summary: "The interactive front (also what `wote` alone runs).",
            details: """
                Restores the session and shows the right screen: login, profile setup or home. Reads
                numbered choices and values line by line from standard input; piped input works.
                End of input quits.
                """),
        CommandSpec(
            words: ["demo"], arguments: [], valueOptions: [], flags: [],
            synopsis: "demo", summary: "A guided tour of the whole journey against a reference server.",
            details: """
                Start the reference server with test hooks and a short access-token lifetime, e.g.
                `wote-server --port 8080 --test-hooks --access-ttl 4s`, then run `wote demo`. Uses a
                temporary store unless --store is given.
                """),
    ]

    /// The commands whose first word is `word`.
    package static func group(_ word: String) -> [CommandSpec] {
        all.filter { $0.words.first == word }
    }
}

/// The region names, for help and usage errors.
enum SchoolRegionNames {
    static var list: String {
        SchoolRegion.allCases.map { "\($0.rawValue) (\($0))" }.joined(separator: ", ")
    }
}

/// The consumer type names, for help and usage errors.
enum ConsumerTypeNames {
    static var list: String {
        ConsumerType.allCases.map(\.rawValue).joined(separator: ", ")
    }
}
