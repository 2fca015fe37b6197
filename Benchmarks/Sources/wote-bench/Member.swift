import Foundation
import WoteKit

/// A member signed in through WoteKit with a completed profile, ready for `fetchMyProfile`.
struct Member: Sendable {
    let client: WoteClient
    let storage: any TokenStorage

    /// Signs a new Kakao member in (`kakao:<name>` with a unique name) and completes the profile.
    ///
    /// - Parameters:
    ///   - server: the reference server's base URL.
    ///   - clock: the client's clock, kept on the server's.
    ///   - transport: the network the client uses.
    ///   - storage: where the client keeps the session.
    static func signIn(
        server: URL, clock: BenchClock, transport: HTTPTransport, storage: any TokenStorage = InMemoryTokenStorage()
    ) async throws -> Member {
        let client = WoteClient(
            configuration: WoteConfiguration(
                baseURL: server, storage: storage, transport: transport, clock: clock.woteClock))
        let suffix = String(UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(8)).lowercased()
        let state = try await client.login(
            .kakao("kakao:bench\(suffix)"), remember: true)
        guard state == .profileRequired else { throw BenchFailure("a new member signed in as \(state)") }
        try await client.completeProfile(
            nickname: "b\(suffix)", schoolName: "Wote High", region: .seoul, imageJPEG: nil)
        return Member(client: client, storage: storage)
    }

    /// The access token the client holds now.
    func accessToken() async throws -> String {
        guard let token = await client.restoreSession().tokens?.accessToken else {
            throw BenchFailure("the signed-in client holds no token")
        }
        return token
    }

    /// One authenticated request through WoteKit; `true` when it returned the profile.
    @Sendable func fetchProfile() async -> Bool {
        (try? await client.fetchMyProfile()) != nil
    }
}
