import Foundation
import Testing

/// Under a Korean locale the front speaks Korean throughout, as WoteKit's own messages do: status
/// reports, results, prompts and menus, not only errors.
@Suite(.timeLimit(.minutes(1))) struct KoreanLocaleTests {
    private static let korean = ["LANG": "ko_KR.UTF-8"]

    private func wote(_ arguments: [String], in sandbox: Sandbox, input: String? = nil, english: Bool = false)
        async throws -> WoteProcess.Result
    {
        try await WoteProcess.run(
            ["--store", sandbox.store.path(percentEncoded: false), "--server", Sandbox.closedServer] + arguments,
            input: input, home: sandbox.home, environment: english ? [:] : Self.korean)
    }

    @Test func status_reportsTheSessionInKorean() async throws {
        let sandbox = try Sandbox()
        try Fixtures.storeSession(at: sandbox.store)
        let signedIn = try await wote(["status"], in: sandbox)
        #expect(signedIn.status == 0, "\(signedIn)")
        #expect(signedIn.stdout.contains("로그인되어 있습니다."), "\(signedIn)")
        #expect(signedIn.stdout.contains("액세스 토큰 만료"), "\(signedIn)")
        #expect(!signedIn.stdout.contains("Signed in"), "\(signedIn)")

        let english = try await wote(["status"], in: sandbox, english: true)
        #expect(english.stdout.contains("Signed in."), "\(english)")
    }

    @Test func logoutAndStatus_whenNobodyIsSignedIn_answerInKorean() async throws {
        let sandbox = try Sandbox()
        let logout = try await wote(["logout"], in: sandbox)
        #expect(logout.status == 0, "\(logout)")
        #expect(logout.stdout.contains("로그인한 사람이 없었습니다."), "\(logout)")
        let status = try await wote(["status"], in: sandbox)
        #expect(status.stdout.contains("로그아웃 상태입니다"), "\(status)")
    }

    @Test func failures_areReportedInKorean() async throws {
        let sandbox = try Sandbox()
        try Fixtures.storeSession(at: sandbox.store)
        let result = try await wote(["profile", "show"], in: sandbox)
        #expect(result.status != 0, "\(result)")
        #expect(result.stderr.contains("서버에 연결할 수 없습니다"), "\(result)")
    }

    @Test func interactiveFront_promptsAndMenusAreKorean() async throws {
        let sandbox = try Sandbox()
        let result = try await wote([], in: sandbox, input: "9\nq\n")
        #expect(result.status == 0, "\(result)")
        for text in ["세션을 복원하는 중", "── 로그인 ──", "카카오로 로그인 (인가 코드)", "q) 끝내기", "선택: ", "목록에 있는 번호를 고르세요."] {
            #expect(result.stdout.contains(text), "\(text) missing in \(result)")
        }
        #expect(!result.stdout.contains("Choose: "), "\(result)")
    }
}
