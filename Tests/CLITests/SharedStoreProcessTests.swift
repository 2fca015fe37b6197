import Foundation
import Testing
import WoteKit

/// Issue 12 with real processes: `wote` invocations sharing one store file, one logging out while
/// two others refresh. Runs only against a reference server (`WOTE_CLI_E2E_SERVER`).
@Suite(
    .referenceServerIsSet,
    .timeLimit(.minutes(5)))
struct SharedStoreProcessTests {
    @Test func logoutInOneProcess_whileTwoOthersRefresh_isSignedOut_everyRound() async throws {
        let server = E2EServer.url ?? Sandbox.closedServer
        let sandbox = try Sandbox()
        let suffix = String(UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(8)).lowercased()
        let code = "kakao:shared-\(suffix)"
        let first = try await sandbox.wote(["login", "kakao"], input: code + "\n", server: server)
        #expect(first.status == 0, "\(first)")
        let setup = try await sandbox.wote(
            ["profile", "setup", "--nickname", "sp\(suffix)", "--school-name", "서울고", "--school-region", "seoul"],
            server: server)
        #expect(setup.status == 0, "\(setup)")
        let common = ["--store", sandbox.store.path(percentEncoded: false), "--server", server, "--json"]
        let home = sandbox.home
        let rounds = 50
        var signedInAfterwards = 0
        var refreshesEndedAsExpired = 0
        for _ in 0..<rounds {
            let login = try await sandbox.wote(["login", "kakao"], input: code + "\n", server: server)
            #expect(login.status == 0, "\(login)")

            async let logout = WoteProcess.run(common + ["logout"], home: home)
            async let refreshA = WoteProcess.run(common + ["refresh"], home: home)
            async let refreshB = WoteProcess.run(common + ["refresh"], home: home)
            let results = try await [logout, refreshA, refreshB]

            #expect(results[0].status == 0, "\(results[0])")
            for refresh in results.dropFirst() {
                // Refreshed, or found the session signed out by the logout: never a spent token refused.
                #expect(refresh.status == 0 || refresh.status == 3, "\(refresh)")
                if refresh.status != 0, (try? refresh.jsonError()["kind"] as? String) == "sessionExpired" {
                    refreshesEndedAsExpired += 1
                }
            }
            if sandbox.storeExists { signedInAfterwards += 1 }
        }
        #expect(signedInAfterwards == 0)
        #expect(refreshesEndedAsExpired == 0)
    }
}
