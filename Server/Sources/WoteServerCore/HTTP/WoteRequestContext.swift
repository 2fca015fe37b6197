import Hummingbird
import NIOCore

/// The request context of the API listener: the connection (so a fault can drop it) and the
/// member that the Authorization header proved, if any.
struct WoteRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    let channel: any Channel
    /// Set by `AuthorizationMiddleware` when an access token was accepted.
    var member: AuthenticatedMember?

    /// Profile images arrive in this many bytes at most.
    var maxUploadSize: Int { 10 * 1024 * 1024 }

    init(source: ApplicationRequestContextSource) {
        coreContext = CoreRequestContextStorage(source: source)
        channel = source.channel
    }

    /// The member for a Bearer endpoint.
    /// - Parameter profileGate: answer E009 (HTTP 400) while the profile is not completed (§4.10).
    /// - Throws: 401 E005 when there was no Authorization header at all; 400 E009 behind the gate.
    func requireMember(profileGate: Bool = true) throws(APIError) -> AuthenticatedMember {
        guard let member else {
            throw .filter(.malformedJWT, "Malformed JWT: Authorization header missing")
        }
        if profileGate && !member.profileCompleted {
            throw .filter(.signUpNotCompleted)
        }
        return member
    }
}
