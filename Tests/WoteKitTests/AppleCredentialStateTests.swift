import Testing
import WoteKit

/// Apple's answer to `getCredentialState(forUserID:completion:)` (a raw state and maybe an error),
/// read state first, error second. The raw values are `ASAuthorizationAppleIDProviderCredentialState`'s
/// (`ASAuthorizationAppleIDProvider.h`): revoked 0, authorized 1, notFound 2, transferred 3.
@Suite struct AppleCredentialStateTests {
    @Test func authorized_isAuthorized() {
        #expect(AppleCredentialState(appleRawValue: 1, withError: false) == .authorized)
    }

    @Test func revoked_isRevoked() {
        #expect(AppleCredentialState(appleRawValue: 0, withError: false) == .revoked)
    }

    /// Apple's header: "If credentialState is NotFound, an error will also be passed". The state
    /// wins, so the monitor signs out instead of keeping the session as after a failed check.
    @Test func notFound_withTheErrorAppleSendsAlongside_isNotFound() {
        #expect(AppleCredentialState(appleRawValue: 2, withError: true) == .notFound)
    }

    @Test func notFound_withoutError_isNotFound() {
        #expect(AppleCredentialState(appleRawValue: 2, withError: false) == .notFound)
    }

    @Test func transferred_isTransferred() {
        #expect(AppleCredentialState(appleRawValue: 3, withError: false) == .transferred)
    }

    @Test func aStateNewerThanWoteKit_isUnknown() {
        #expect(AppleCredentialState(appleRawValue: 4, withError: false) == .unknown)
        #expect(AppleCredentialState(appleRawValue: -1, withError: false) == .unknown)
    }

    @Test func anErrorWithoutAStateWoteKitKnows_meansTheCheckFailed() {
        #expect(AppleCredentialState(appleRawValue: 4, withError: true) == nil)
    }

    @Test func aKnownState_isKept_evenWithAnError() {
        #expect(AppleCredentialState(appleRawValue: 0, withError: true) == .revoked)
        #expect(AppleCredentialState(appleRawValue: 1, withError: true) == .authorized)
        #expect(AppleCredentialState(appleRawValue: 3, withError: true) == .transferred)
    }
}
