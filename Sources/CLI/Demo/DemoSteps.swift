import Foundation
import WoteKit

/// The steps of `wote demo`, each narrated before it runs.
@MainActor
struct DemoSteps {
    let options: GlobalOptions
    let terminal: Terminal
    let makeClient: @Sendable (GlobalOptions) -> WoteClient

    /// The longest the tour waits in real time for an access token to expire; beyond this it forces
    /// a refresh instead.
    static let longestWait: TimeInterval = 60

    private var counters: TestHookCounters { TestHookCounters(serverURL: options.serverURL) }

    func run() async throws(CommandFailure) {
        let suffix = Self.randomSuffix()
        let code = "kakao:demo-\(suffix)"

        step(1, "A new member signs in with Kakao", command: "echo \(code) | wote login kakao")
        narrate(
            "The code comes on standard input, never as an argument, which other users could read in `ps`.",
            "The reference server treats the code as a test member. A brand-new member has no profile, so",
            "the server answers HTTP 200 with body status 400 E009 and tokens: a successful sign-in into",
            "the \"profile required\" state. WoteKit stores the tokens.")
        let login = try await run(LoginCommand(provider: .kakao, code: code, remember: true))
        show(login)

        step(2, "Someone else takes a nickname first", command: "(a second app, in memory)")
        narrate("A rival member signs in on another client, kept in memory only, and completes a profile.")
        let rivalNickname = try await setUpRival(code: "kakao:demo-rival-\(suffix)")
        say("the rival is now “\(rivalNickname)”")

        step(3, "Our member checks nicknames", command: "wote nickname check \(rivalNickname)")
        show(try await run(NicknameCheckCommand(nickname: rivalNickname)))
        narrate("Taken is an answer, not a failure (exit code 0). Another one:")
        let nickname = try await findFreeNickname()

        step(
            4, "Profile setup",
            command: "wote profile setup --nickname \(nickname) --school-name 서울고등학교 --school-region seoul")
        narrate("A new command is a new launch: the session is restored from the store, then the profile is sent.")
        show(
            try await run(ProfileSetupCommand(nickname: nickname, schoolName: "서울고등학교", region: .seoul)))

        step(5, "My profile", command: "wote profile show")
        show(try await run(ProfileShowCommand()))

        try await expiryAndSilentRefresh()
        try await feedWhileTheTokenExpires(suffix: suffix)

        step(8, "Logout", command: "wote logout")
        narrate(
            "The call names both tokens: the server bans the access token (the reference server also "
                + "ends the refresh token); WoteKit deletes both tokens from the store whatever it answers.")
        show(try await run(LogoutCommand()))

        step(9, "The next launch", command: "wote status")
        narrate("Restoring the session finds nothing stored: the app would show the login screen.")
        show(try await run(StatusCommand()))
    }

    // MARK: - Token expiry

    private func expiryAndSilentRefresh() async throws(CommandFailure) {
        step(6, "Token expiry and the silent refresh", command: "wote status")
        let status = try await session()
        guard let expiry = status.tokens?.accessTokenExpiresAt else {
            throw CommandFailure(kind: .malformedResponse, message: "The server gave the access token no expiry date.")
        }
        let before = await counters.refreshCalls()
        narrate("The access token expires at \(ISODate.format(expiry)). Server refresh count: \(Self.count(before)).")
        let remaining = expiry.timeIntervalSinceNow
        if remaining > Self.longestWait {
            narrate(
                "That is more than \(Int(Self.longestWait)) s away (start the server with --access-ttl 4s to watch it",
                "expire). Forcing a refresh instead:")
            terminal.print("   $ wote refresh")
            show(try await run(RefreshCommand()))
        } else {
            if remaining > 0 {
                let wait = remaining + 1
                narrate(String(format: "Waiting %.1f s in real time for it to expire…", wait))
                try? await Task.sleep(for: .milliseconds(Int(wait * 1000)))
            }
            narrate(
                "The access token has expired. The next command restores the session, sees the expiry, and",
                "refreshes silently before asking for the profile: nobody is asked to sign in again.")
            terminal.print("   $ wote profile show")
            show(try await run(ProfileShowCommand()))
        }
        let after = await counters.refreshCalls()
        let renewed = try await session()
        narrate(
            "Server refresh count: \(Self.count(before)) → \(Self.count(after)). The new access token expires at "
                + "\(renewed.tokens?.accessTokenExpiresAt.map(ISODate.format) ?? "an unknown time").")
        if before == nil || after == nil {
            narrate(
                "(The refresh count comes from the server's test hook GET /__test/counters;",
                "start the server with --test-hooks and WOTE_TEST_HOOKS_SECRET set, on loopback, with the",
                "same WOTE_TEST_HOOKS_SECRET here, to see it. Other local users can reach a loopback port.)")
        }
    }

    // MARK: - The feed

    /// Step 7: a consumer type, three posts, a vote, then the feed scrolled page by page on one
    /// client while the access token expires: one silent refresh, no error.
    private func feedWhileTheTokenExpires(suffix: String) async throws(CommandFailure) {
        step(7, "The feed, scrolled while the access token expires", command: "wote consumer-type set FLEXER")
        narrate("Posting and voting need a consumer type; without one the server refuses them.")
        show(try await run(try ConsumerTypeSetCommand.parse(["FLEXER"])))
        var postID: Int?
        for (title, price) in [("에어팟 맥스 살까?", "769000"), ("운동화 살까?", "129000"), ("키보드 살까?", "89000")] {
            let title = "\(title) \(suffix.prefix(4))"
            terminal.print("   $ wote post create --title '\(title)' --price \(price)")
            let created = try await run(try PostCreateCommand.parse(["--title", title, "--price", price]))
            show(created)
            postID = created.json["postId"]?.intValue ?? postID
        }
        if let postID {
            terminal.print("   $ wote vote \(postID) agree")
            show(try await run(try VoteCommand.parse([String(postID), "agree"])))
        }
        narrate(
            "Now an app scrolls the feed, two posts a page, on one client. Between two pages the access",
            "token expires; the next page refreshes it silently first.")
        let wote = makeClient(options)
        defer { wote.shutdown() }
        let scroller = context(wote)
        let restored = try await scroller.restore()
        let before = await counters.refreshCalls()
        terminal.print("   $ wote feed --size 2 --page 0")
        showPage(try await FeedCommand.posts(scope: "GLOBAL", page: 0, size: 2, on: wote))
        if let expiry = restored.tokens?.accessTokenExpiresAt, expiry.timeIntervalSinceNow < Self.longestWait {
            let wait = max(0, expiry.timeIntervalSinceNow) + 1
            narrate(String(format: "Waiting %.1f s in real time for the access token to expire…", wait))
            try? await Task.sleep(for: .milliseconds(Int(wait * 1000)))
        } else {
            narrate("(The access token lives too long to wait for; start the server with --access-ttl 4s.)")
        }
        terminal.print("   $ wote feed --size 2 --page 1")
        showPage(try await FeedCommand.posts(scope: "GLOBAL", page: 1, size: 2, on: wote))
        terminal.print("   $ wote feed --size 2 --page 2")
        showPage(try await FeedCommand.posts(scope: "GLOBAL", page: 2, size: 2, on: wote))
        let after = await counters.refreshCalls()
        var result = "no error"
        if let before, let after { result = "\(after - before) silent refresh(es), \(result)" }
        narrate("Server refresh count: \(Self.count(before)) → \(Self.count(after)): \(result).")
    }

    private func showPage(_ posts: [JSONValue]) {
        if posts.isEmpty { say("(no more posts)") }
        for post in posts { say(PostText.line(post)) }
    }

    // MARK: - Running

    /// Runs `command` the way a separate `wote` invocation would: on a new client over the store.
    private func run(_ command: some WoteCommand) async throws(CommandFailure) -> CommandOutput {
        let wote = makeClient(options)
        defer { wote.shutdown() }
        return try await command.run(context(wote))
    }

    /// The session as a new launch restores it.
    private func session() async throws(CommandFailure) -> SessionSnapshot {
        let wote = makeClient(options)
        defer { wote.shutdown() }
        return try await context(wote).restore()
    }

    /// What a step's command runs with: the tour's options and terminal, and `wote`.
    private func context(_ wote: WoteClient) -> CommandContext {
        CommandContext(options: options, terminal: terminal, wote: wote, makeClient: makeClient)
    }

    /// Signs a rival member in on a client of its own (memory only) and gives it a nickname.
    ///
    /// - Returns: the rival's nickname.
    private func setUpRival(code: String) async throws(CommandFailure) -> String {
        var configuration = WoteConfiguration(baseURL: options.serverURL, storage: InMemoryTokenStorage())
        if let timeout = options.timeout { configuration.requestTimeout = timeout }
        let rival = WoteClient(configuration: configuration)
        defer { rival.shutdown() }
        try await context(rival).attempt { () throws(WoteError) in
            _ = try await rival.login(
                .kakao(code), remember: false)
        }
        // A long-running server may hold the nickname from an earlier tour: try a few.
        for attempt in 1...Self.nicknameAttempts {
            let nickname = Self.nickname(prefix: "rival")
            do {
                try await rival.completeProfile(nickname: nickname, schoolName: "부산고등학교", region: .busan)
                return nickname
            } catch let error where error == .nicknameTaken && attempt < Self.nicknameAttempts {
                continue
            } catch {
                throw CommandFailure(error)
            }
        }
        throw CommandFailure(.nicknameTaken)
    }

    /// Checks nicknames until one is free, narrating each check.
    private func findFreeNickname() async throws(CommandFailure) -> String {
        for _ in 1..<Self.nicknameAttempts {
            let nickname = Self.nickname(prefix: "투표왕")
            terminal.print("   $ wote nickname check \(nickname)")
            let wote = makeClient(options)
            defer { wote.shutdown() }
            let result = try await context(wote).attempt { () throws(WoteError) in
                try await wote.checkNickname(nickname)
            }
            show(NicknameCheckCommand.output(nickname, result))
            if case .available = result { return nickname }
        }
        throw CommandFailure(.nicknameTaken)
    }

    private static let nicknameAttempts = 5

    /// A nickname made of `prefix` and four random digits (within the 10-character rule).
    private static func nickname(prefix: String) -> String {
        prefix + String(UInt16.random(in: 1000...9999))
    }

    // MARK: - Narration

    private func step(_ number: Int, _ title: String, command: String) {
        terminal.print("")
        terminal.print("\(number). \(title)")
        terminal.print("   $ \(command)")
    }

    private func narrate(_ lines: String...) {
        for line in lines { terminal.print("   \(line)") }
    }

    private func say(_ text: String) {
        terminal.print("   → \(text)")
    }

    private func show(_ output: CommandOutput) {
        for warning in output.warnings { terminal.printError(warning) }
        for line in output.text.split(separator: "\n", omittingEmptySubsequences: false) {
            terminal.print("   → \(line)")
        }
    }

    private static func count(_ value: Int?) -> String {
        value.map(String.init) ?? "unknown"
    }

    private static func randomSuffix() -> String {
        let letters = Array("abcdefghijklmnopqrstuvwxyz0123456789")
        return String((0..<8).map { _ in letters.randomElement()! })
    }
}
