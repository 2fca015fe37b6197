import Foundation
import Observation
import WoteKit

/// The interactive front: restores the session, shows the screen the ``LaunchViewModel`` routes to
/// (login, profile setup, home), and reads numbered choices and values line by line from standard
/// input. Works the same with piped input as at a terminal; the end of input quits.
///
/// Every screen is driven through its view model; the front only prints their state (loading,
/// errors, notices such as "session expired") and routes where the launch view model says.
@MainActor
final class InteractiveFront {
    /// What a screen asks the loop to do after one choice.
    enum Next {
        /// Show the screen the launch view model routes to now.
        case proceed
        /// Quit (the person chose to, or the input ended).
        case quit
    }

    let wote: WoteClient
    let terminal: Terminal
    let launch: LaunchViewModel
    let login: LoginViewModel
    /// The profile setup screen's model while that screen is shown.
    var setup: ProfileSetupViewModel?
    /// The home screen's model while that screen is shown.
    var home: HomeViewModel?
    /// How long to wait for the launch view model to follow a session change before showing what it has.
    static let routeWait: Duration = .seconds(5)

    init(wote: WoteClient, terminal: Terminal) {
        self.wote = wote
        self.terminal = terminal
        launch = wote.makeLaunchViewModel()
        login = wote.makeLoginViewModel()
    }

    /// Runs until the person quits or the input ends.
    func run() async {
        terminal.print(
            "wote — \(wote.configuration.baseURL.absoluteString). "
                + localized("Choose by number; q or end of input quits.", ko: "번호로 고르세요. q나 입력 끝으로 끝냅니다."))
        terminal.print(localized("… restoring your session", ko: "… 세션을 복원하는 중"))
        await launch.start()
        var next = Next.proceed
        while next == .proceed {
            showNotice()
            switch launch.route {
            case .launching:
                await settle()
                continue
            case .login:
                leaveSignedInScreens()
                next = await loginScreen()
            case .profileSetup:
                home = nil
                next = await profileSetupScreen()
            case .home:
                setup = nil
                next = await homeScreen()
            case .storageUnavailable(let reason):
                leaveSignedInScreens()
                next = await storageScreen(reason: reason)
            }
            await settle()
        }
        launch.cancel()
        terminal.print("Bye.")
    }

    // MARK: - Reading and printing

    /// Prints a menu and reads the choice.
    ///
    /// - Parameters:
    ///   - title: the screen's title.
    ///   - lines: lines describing the screen's state.
    ///   - choices: the numbered choices, `q` is always added.
    /// - Returns: the choice as typed, or `nil` at the end of input or on `q`.
    func menu(_ title: String, lines: [String] = [], choices: [String]) async -> String? {
        terminal.print("")
        terminal.print("── \(title) ──")
        for line in lines { terminal.print("  \(line)") }
        for (index, choice) in choices.enumerated() { terminal.print("  \(index + 1)) \(choice)") }
        terminal.print(localized("  q) Quit", ko: "  q) 끝내기"))
        guard let answer = await ask(localized("Choose: ", ko: "선택: ")) else { return nil }
        let choice = answer.trimmingCharacters(in: .whitespaces)
        return choice.lowercased() == "q" ? nil : choice
    }

    /// Prints `prompt` and reads one line.
    ///
    /// With piped input the line is shown after the prompt, so the transcript reads like a session
    /// at a terminal; a secret is shown as `(hidden)`.
    ///
    /// - Returns: the line, or `nil` at the end of input.
    func ask(_ prompt: String, secret: Bool = false) async -> String? {
        terminal.prompt(prompt)
        let line = await terminal.readLine(secret: secret)
        if !terminal.isInteractive {
            terminal.print(line.map { secret ? "(hidden)" : $0 } ?? "")
        }
        return line
    }

    /// Says something is under way.
    func loading(_ text: String) {
        terminal.print("… \(text)")
    }

    /// Shows an error a view model reports.
    func showError(_ message: String?) {
        if let message { terminal.print("! \(message)") }
    }

    /// Shows a sentence of news.
    func say(_ text: String) {
        terminal.print("✓ \(text)")
    }

    private func showNotice() {
        guard let notice = launch.errorMessage else { return }
        terminal.print("! \(notice)")
        launch.dismissError()
    }

    private func leaveSignedInScreens() {
        setup = nil
        home = nil
    }

    // MARK: - Following the session

    /// Waits until the launch view model has routed on the session's latest change.
    ///
    /// The session's state changes and its event is sent in one step; the launch view model routes
    /// when the event reaches it. Reading the state here (never a token) says which route to wait for.
    func settle() async {
        let state = await wote.currentSession.state
        let deadline = ContinuousClock.now + Self.routeWait
        while !Self.route(launch.route, shows: state), ContinuousClock.now < deadline {
            await routeChange(before: deadline)
        }
    }

    /// Suspends until ``LaunchViewModel/route`` changes or `deadline` passes.
    private func routeChange(before deadline: ContinuousClock.Instant) async {
        let wake = Wake()
        let timer = Task {
            try? await Task.sleep(until: deadline)
            wake.fire()
        }
        withObservationTracking {
            _ = launch.route
        } onChange: {
            wake.fire()
        }
        await wake.wait()
        timer.cancel()
    }

    private static func route(_ route: LaunchRoute, shows state: AuthenticationState) -> Bool {
        switch (route, state) {
        case (.home, .signedIn), (.profileSetup, .profileRequired), (.login, .signedOut),
            (.storageUnavailable, .storageUnavailable):
            true
        default:
            false
        }
    }

    // MARK: - Storage

    private func storageScreen(reason: String) async -> Next {
        showError(
            localized("Your saved sign-in cannot be read right now: ", ko: "저장된 로그인 정보를 지금은 읽을 수 없습니다: ") + reason)
        guard
            let choice = await menu(
                localized("Session store unavailable", ko: "세션 저장소를 쓸 수 없음"),
                choices: [localized("Try again", ko: "다시 시도")])
        else { return .quit }
        if choice == "1" {
            loading(localized("restoring your session", ko: "세션을 복원하는 중"))
            await launch.start()
        } else {
            showError(localized("Please choose one of the listed options.", ko: "목록에 있는 번호를 고르세요."))
        }
        return .proceed
    }
}
