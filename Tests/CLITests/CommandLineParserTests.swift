import Foundation
import Testing
import WoteCLI
import WoteKit

/// The argument parser, in process: every command, the shared options anywhere on the line, and a
/// usage error naming the argument for everything wrong.
@Suite struct CommandLineParserTests {
    private func parse(_ arguments: [String], environment: [String: String] = [:]) throws -> Invocation {
        try CommandLineParser.parse(arguments, environment: environment)
    }

    /// The command `arguments` parse to, when it is a `type`.
    private func command<Command: WoteCommand>(_ arguments: [String], as type: Command.Type) throws -> Command? {
        guard case .run(let command) = try parse(arguments).command else { return nil }
        return command as? Command
    }

    private func usageMessage(_ arguments: [String], environment: [String: String] = [:]) -> String? {
        do {
            _ = try CommandLineParser.parse(arguments, environment: environment)
            return nil
        } catch {
            return error.kind == .usage ? error.message : "not a usage error: \(error.kind)"
        }
    }

    @Test func noCommand_runsTheInteractiveFront() throws {
        #expect(try parse([]).command == .interactive)
        #expect(try parse(["interactive"]).command == .interactive)
    }

    @Test func defaultStore_isNamedWote_whateverTheProgramIsCalled() throws {
        let store = try parse(["status"]).options.storeURL
        let wotes = WoteConfiguration.defaultStateDirectory(appName: "wote")
        #expect(store == wotes.appendingPathComponent("session.json"))
        #expect(store.deletingLastPathComponent().lastPathComponent == "wote")
        // This test runs in a program of another name, whose own default store is elsewhere.
        #expect(WoteConfiguration.defaultAppName != "wote")
        #expect(WoteConfiguration.defaultStateDirectory() != store.deletingLastPathComponent())
    }

    @Test func login_readsProviderCodeFileAndRemember_andNoCode() throws {
        let kakao = try #require(try command(["login", "kakao"], as: LoginCommand.self))
        #expect(kakao.provider == .kakao && kakao.code == nil && kakao.codeFile == nil && kakao.remember)
        let apple = try #require(
            try command(["login", "APPLE", "--code-file", "/run/code", "--no-remember"], as: LoginCommand.self))
        #expect(apple.provider == .apple && apple.code == nil && apple.codeFile == "/run/code" && !apple.remember)
    }

    @Test func everyCommand_parsesToItsCommand() throws {
        let token = try DeviceToken(hex: "ab01")
        #expect(try command(["status"], as: StatusCommand.self) != nil)
        #expect(try command(["nickname", "check", "투표왕"], as: NicknameCheckCommand.self)?.nickname == "투표왕")
        let setup = try #require(
            try command(
                ["profile", "setup", "--nickname", "투표왕", "--school-name", "서울고", "--school-region", "서울"],
                as: ProfileSetupCommand.self))
        #expect(setup.nickname == "투표왕" && setup.schoolName == "서울고" && setup.region == .seoul)
        #expect(setup.imagePath == nil)
        let inline = try #require(
            try command(
                [
                    "profile", "setup", "--nickname=n1", "--school-region=busan", "--school-name", "S", "--image",
                    "me.jpg",
                ], as: ProfileSetupCommand.self))
        #expect(inline.nickname == "n1" && inline.schoolName == "S" && inline.region == .busan)
        #expect(inline.imagePath == "me.jpg")
        #expect(try command(["profile", "show"], as: ProfileShowCommand.self) != nil)
        #expect(
            try command(["consumer-type", "set", "flexer"], as: ConsumerTypeSetCommand.self)?.consumerType == .flexer)
        #expect(
            try command(["consumer-type", "set", "eco-warrior"], as: ConsumerTypeSetCommand.self)?.consumerType
                == .ecoWarrior)
        #expect(
            try command(["device-token", "register", "AB01"], as: DeviceTokenRegisterCommand.self)?.deviceToken
                == token)
        #expect(try command(["refresh"], as: RefreshCommand.self) != nil)
        let logout = try #require(try command(["logout"], as: LogoutCommand.self))
        #expect(logout.deviceToken == nil)
        #expect(try command(["logout", "--device-token", "ab01"], as: LogoutCommand.self)?.deviceToken == token)
        #expect(try command(["withdraw", "--yes"], as: WithdrawCommand.self) != nil)
        let signUp = try #require(
            try command(["signup", "--login-id", "wote01", "--name", "Kim"], as: SignUpCommand.self))
        #expect(signUp.loginId == "wote01" && signUp.name == "Kim" && signUp.contactFile == nil)
        #expect(
            try command(
                ["signup", "--login-id", "wote01", "--name", "Kim", "--contact-file", "/run/c"], as: SignUpCommand.self)?
                .contactFile == "/run/c")
        let signIn = try #require(try command(["signin", "wote01"], as: SignInCommand.self))
        #expect(signIn.loginId == "wote01" && signIn.remember)
        #expect(try command(["signin", "wote01", "--no-remember"], as: SignInCommand.self)?.remember == false)
        #expect(try parse(["demo"]).command == .demo)
    }

    @Test func sharedOptions_standBeforeOrAfterTheCommand() throws {
        let before = try parse(["--json", "--server", "http://10.0.0.1:9", "--store", "/tmp/s.json", "status"])
        let after = try parse([
            "status", "--show-tokens", "--server=http://10.0.0.1:9", "--store=/tmp/s.json", "--json",
        ])
        #expect(try command(["--json", "status"], as: StatusCommand.self) != nil)
        #expect(before.options.json && after.options.json)
        #expect(!before.options.showTokens && after.options.showTokens)
        #expect(before.options.serverURL == URL(string: "http://10.0.0.1:9"))
        #expect(after.options.serverURL == URL(string: "http://10.0.0.1:9"))
        #expect(before.options.storeURL.path(percentEncoded: false) == "/tmp/s.json" && before.options.storeWasChosen)
    }

    @Test func environment_choosesServerAndStore_andOptionsWin() throws {
        let environment = ["WOTE_SERVER": "https://api.example", "WOTE_STORE": "/tmp/env.json"]
        let fromEnvironment = try parse(["status"], environment: environment)
        #expect(fromEnvironment.options.serverURL == URL(string: "https://api.example"))
        #expect(fromEnvironment.options.storeURL.path(percentEncoded: false) == "/tmp/env.json")
        let fromOptions = try parse(
            ["status", "--server", "http://127.0.0.1:1", "--store", "/tmp/o.json"], environment: environment)
        #expect(fromOptions.options.serverURL == URL(string: "http://127.0.0.1:1"))
        #expect(fromOptions.options.storeURL.path(percentEncoded: false) == "/tmp/o.json")
    }

    @Test func defaults_areTheLocalServerAndTheStateDirectory() throws {
        let invocation = try parse(["status"])
        #expect(invocation.options.serverURL == URL(string: "http://127.0.0.1:8080"))
        #expect(invocation.options.storeURL.lastPathComponent == "session.json")
        #expect(invocation.options.storeURL.deletingLastPathComponent().lastPathComponent == "wote")
        #expect(!invocation.options.storeWasChosen)
        #expect(invocation.options.timeout == nil)
    }

    @Test func help_andVersion_winOverTheCommandsOwnArguments() throws {
        #expect(try parse(["--help"]).command == .help(topic: nil))
        #expect(try parse(["-h"]).command == .help(topic: nil))
        #expect(try parse(["profile", "setup", "--help"]).command == .help(topic: "profile setup"))
        #expect(try parse(["login", "--help"]).command == .help(topic: "login"))
        #expect(try parse(["profile", "--help"]).command == .help(topic: "profile"))
        #expect(try parse(["status", "--version"]).command == .version)
    }

    @Test func timeout_isSeconds() throws {
        #expect(try parse(["status", "--timeout", "1.5"]).options.timeout == .milliseconds(1500))
        #expect(usageMessage(["status", "--timeout", "0"])?.contains("--timeout") == true)
        #expect(usageMessage(["status", "--timeout", "soon"])?.contains("--timeout") == true)
    }

    @Test func usageErrors_nameTheArgument() {
        let cases: [([String], String)] = [
            (["fly"], "'fly'"),
            (["--frobnicate"], "--frobnicate"),
            (["login"], "apple|kakao"),
            (["login", "google"], "apple|kakao"),
            (["login", "kakao", "  "], "authorization code is read from standard input"),
            (["login", "kakao", "x", "extra"], "authorization code is read from standard input"),
            (["login", "kakao", "--yes"], "--yes"),
            (["login", "kakao", "--code-file"], "--code-file"),
            (["login", "kakao", "--code-file", " "], "--code-file"),
            (["nickname"], "check"),
            (["profile", "delete"], "setup, show"),
            (["profile", "setup", "--school-name", "S", "--school-region", "서울"], "--nickname"),
            (["profile", "setup", "--nickname", "n1", "--school-region", "서울"], "--school-name"),
            (["profile", "setup", "--nickname", "n1", "--school-name", " ", "--school-region", "서울"], "--school-name"),
            (["profile", "setup", "--nickname", "n1", "--school-name", "S"], "--school-region"),
            (
                ["profile", "setup", "--nickname", "n1", "--school-name", "S", "--school-region", "Mars"],
                "--school-region"
            ),
            (["profile", "setup", "--nickname"], "--nickname"),
            (["profile", "setup", "--nickname", "a", "--nickname", "b"], "--nickname"),
            (["consumer-type", "set", "SPENDER"], "TYPE"),
            (["device-token", "register", "xyz"], "HEX"),
            (["device-token", "register", "abc"], "HEX"),
            (["logout", "--device-token", "zz"], "--device-token"),
            (["withdraw"], "--yes"),
            (["signup", "--name", "N"], "--login-id"),
            (["signup", "--login-id", "ab", "--name", "N"], "--login-id"),
            (["signup", "--login-id", "wote01", "--name", "N", "--email", "a@b"], "--contact-file"),
            (["signup", "--login-id", "wote01", "--name", "N", "--phone=010"], "--contact-file"),
            (["signup", "--login-id", "wote01", "--name", " "], "--name"),
            (["signup", "--login-id", "wote01", "--name", "N", "--contact-file", ""], "--contact-file"),
            (["signup", "--login-id", "wote01", "--password", "pw"], "--password"),
            (["signin"], "ID"),
            (["status", "--server", "ftp://x"], "--server"),
            (["status", "--server"], "--server"),
            (["status", "--store", ""], "--store"),
            (["status", "--json=yes"], "--json"),
            (["demo", "--json"], "--json"),
            (["interactive", "--json"], "--json"),
        ]
        for (arguments, named) in cases {
            let message = usageMessage(arguments)
            #expect(message?.contains(named) == true, "\(arguments): \(message ?? "parsed")")
        }
    }

    @Test func badEnvironmentServer_isAUsageErrorNamingTheVariable() {
        #expect(usageMessage(["status"], environment: ["WOTE_SERVER": "not a url"])?.contains("WOTE_SERVER") == true)
    }

    /// Security review 2026-11-26, finding 13 (open in 2026-11-28's section 1): a shared option
    /// was taken from the value of a command's option, so `--contents "$C"` with `C='--store=…'`
    /// switched the store. The value after an option that takes one is that value, whatever it
    /// looks like.
    @Test func aValueThatLooksLikeASharedOption_isTheValue_neverASharedOption() throws {
        let shared = [
            "--store=/tmp/elsewhere.json", "--server=http://10.0.0.1:9", "--json", "--show-tokens", "--verbose",
            "--timeout=1", "--help", "-h", "--version", "--", "--store",
        ]
        for value in shared {
            for arguments in [
                ["post", "create", "--title", "T", "--contents", value],
                ["post", "create", "--contents", value, "--title", "T"],
                ["--json", "post", "create", "--contents", value, "--title", "T"],
            ] {
                let invocation = try parse(arguments)
                guard case .run(let command) = invocation.command, let create = command as? PostCreateCommand else {
                    Issue.record("\(arguments) parsed to \(invocation.command)")
                    continue
                }
                #expect(create.contents == value && create.title == "T", "\(arguments)")
                let options = invocation.options
                #expect(!options.storeWasChosen && !options.serverWasChosen && !options.showTokens, "\(arguments)")
                #expect(!options.verbose && options.timeout == nil, "\(arguments)")
                #expect(options.json == (arguments.first == "--json"), "\(arguments)")
            }
        }
        // A repeatable option's value too, and a value written after a separate shared option.
        let api = try #require(try command(["api", "/api/x", "-f", "--store=/tmp/x", "--json"], as: APICommand.self))
        #expect(api.fields.map(\.name) == ["--store"] && api.fields.first?.value == .string("/tmp/x"))
        #expect(try parse(["api", "/api/x", "-f", "--store=/tmp/x", "--json"]).options.json)
        #expect(try !parse(["api", "/api/x", "-f", "--store=/tmp/x"]).options.storeWasChosen)
        // Where an option stands, it is still the shared option.
        #expect(try parse(["post", "create", "--title", "T", "--store=/tmp/s.json"]).options.storeWasChosen)
    }

    @Test func doubleDash_endsOptions_soAValueMayLookLikeOne() throws {
        #expect(
            try command(["nickname", "check", "--", "--json"], as: NicknameCheckCommand.self)?.nickname == "--json")
        #expect(try !parse(["nickname", "check", "--", "--json"]).options.json)
    }

    @Test func wantsJSON_readsTheFlagEvenWhenTheLineIsWrong() {
        #expect(CommandLineParser.wantsJSON(["fly", "--json"]))
        #expect(!CommandLineParser.wantsJSON(["nickname", "check", "--", "--json"]))
    }
}
