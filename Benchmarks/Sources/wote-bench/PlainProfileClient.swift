import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The baseline: what an app would write without WoteKit. Plain `URLSession`, a hand-set
/// `Authorization: Bearer` header, and the same `GET /api/profiles` answer decoded into an
/// equivalent struct, so that both sides of the comparison do the same work.
struct PlainProfileClient: Sendable {
    private let send: @Sendable (URLRequest) async throws -> (Data, URLResponse)
    private let url: URL
    private let authorization: String

    /// A client over a plain `URLSession` with no delegate.
    ///
    /// - Parameters:
    ///   - server: the reference server's base URL.
    ///   - accessToken: the bearer token, fixed for the whole run.
    ///   - configuration: the session's configuration; the same as WoteKit's for a fair comparison.
    init(server: URL, accessToken: String, configuration: URLSessionConfiguration) {
        let session = URLSession(configuration: configuration)
        self.init(server: server, accessToken: accessToken) { try await session.data(for: $0) }
    }

    /// A client over any send function (a session with a delegate, WoteKit's transport), to take
    /// WoteKit's cost apart layer by layer.
    init(
        server: URL, accessToken: String, send: @escaping @Sendable (URLRequest) async throws -> (Data, URLResponse)
    ) {
        self.send = send
        url = server.appendingPathComponent("api/profiles")
        authorization = "Bearer \(accessToken)"
    }

    /// One authenticated request; `true` when it returned the profile.
    @Sendable func fetchProfile() async -> Bool {
        var request = URLRequest(url: url)
        request.setValue(authorization, forHTTPHeaderField: "Authorization")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.timeoutInterval = 30
        guard let (data, response) = try? await send(request),
            (response as? HTTPURLResponse)?.statusCode == 200,
            let envelope = try? JSONDecoder().decode(Envelope.self, from: data)
        else { return false }
        return envelope.status == 200 && envelope.data != nil
    }

    /// The envelope of §4.6 with the profile in `data` (the bare AsyncHTTPClient client decodes it too).
    struct Envelope: Decodable {
        var status: Int
        var divisionCode: String?
        var message: String?
        var data: Profile?
    }

    struct Profile: Decodable {
        var nickname: String
        var profileImage: String?
        var consumerType: String?
        var school: School
        var canUpdateConsumerType: Bool?
    }

    struct School: Decodable {
        var schoolName: String
        var schoolRegion: String
    }
}
