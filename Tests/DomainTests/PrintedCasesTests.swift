import Testing
import WoteDomain

/// The session's public enums print as an app reads them: case names only, no module names.
@Suite struct PrintedCasesTests {
    @Test(arguments: [
        (SignOutReason.noSession, "noSession"), (.loggedOut, "loggedOut"), (.withdrawn, "withdrawn"),
        (.sessionExpired, "sessionExpired"), (.banned, "banned"), (.memberGone, "memberGone"),
        (.storedSessionCorrupted("not JSON"), #"storedSessionCorrupted("not JSON")"#),
        (.appleCredentialRevoked, "appleCredentialRevoked"),
    ])
    func signOutReason_printsItsCaseName(reason: SignOutReason, printed: String) {
        #expect(String(describing: reason) == printed)
        #expect(String(reflecting: reason) == printed)
    }

    @Test(arguments: [
        (AuthenticationState.signedOut(.loggedOut), "signedOut(loggedOut)"),
        (.signedOut(.sessionExpired), "signedOut(sessionExpired)"), (.profileRequired, "profileRequired"),
        (.signedIn, "signedIn"), (.storageUnavailable(reason: "locked"), #"storageUnavailable(reason: "locked")"#),
    ])
    func authenticationState_printsAsAnAppSwitchesOverIt(state: AuthenticationState, printed: String) {
        #expect("\(state)" == printed)
        #expect(String(reflecting: state) == printed)
    }

    @Test(arguments: [
        (SessionEvent.restored(.signedOut(.noSession)), "restored(signedOut(noSession))"),
        (.signedIn, "signedIn"), (.profileRequired, "profileRequired"), (.tokensRefreshed, "tokensRefreshed"),
        (.signedOut(.banned), "signedOut(banned)"),
    ])
    func sessionEvent_printsAsAnAppSwitchesOverIt(event: SessionEvent, printed: String) {
        #expect("\(event)" == printed)
    }

    @Test func refreshFailed_printsTheErrorAsTheErrorPrintsItself() {
        let error = WoteError.networkUnavailable("offline")
        #expect("\(SessionEvent.refreshFailed(error))" == "refreshFailed(\(error))")
    }

    @Test func statesInsideOtherValues_nameNoModule() {
        let printed =
            "\([AuthenticationState.signedOut(.memberGone)]) \(Optional(SessionEvent.signedOut(.withdrawn)) as Any)"
        #expect(!printed.contains("WoteDomain"))
        #expect(printed == "[signedOut(memberGone)] Optional(signedOut(withdrawn))")
    }
}
