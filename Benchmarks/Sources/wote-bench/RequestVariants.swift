import Foundation
import WoteKit

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The ways the overhead benchmark sends the same authenticated `GET /api/profiles`, from plain
/// URLSession up to the whole of WoteKit, each with its own URLSession built from WoteKit's
/// default session configuration.
struct RequestVariants {
    /// One way to send the request; `true` when the profile came back.
    struct Variant: Sendable {
        var key: String
        var name: String
        var request: @Sendable () async -> Bool
    }

    let member: Member
    /// WoteKit first, plain URLSession second; the others take the difference apart.
    let all: [Variant]
    /// For `--profile` only: WoteKit and the hand-written client over the recorded answer, so a
    /// profile shows WoteKit's own work without the network's.
    let recorded: [Variant]

    /// Signs a member in and builds every variant for it.
    static func make(server: URL, clock: BenchClock) async throws -> RequestVariants {
        let configuration = HTTPTransport.defaultSessionConfiguration
        let member = try await Member.signIn(
            server: server, clock: clock, transport: .urlSession(configuration: configuration()))
        let token = try await member.accessToken()
        let delegated = URLSession(
            configuration: configuration(), delegate: RedirectRefusingDelegate(), delegateQueue: nil)
        let transport = HTTPTransport.urlSession(configuration: configuration())
        let plain = PlainProfileClient(server: server, accessToken: token, configuration: configuration())
        let withDelegate = PlainProfileClient(server: server, accessToken: token) { try await delegated.data(for: $0) }
        let overTransport = PlainProfileClient(server: server, accessToken: token, send: transport.send)
        let answer = try await RecordedAnswer(server: server, accessToken: token)
        let recordedClient = try await answer.client(
            for: member, server: server, clock: clock, transport: answer.transport)
        let recordedPlain = PlainProfileClient(server: server, accessToken: token, send: answer.transport.send)
        let recordedFeed = try await answer.client(
            for: member, server: server, clock: clock, transport: FeedAnswer.transport)
        return RequestVariants(
            member: member,
            all: [
                Variant(key: "wotekit", name: "WoteKit fetchMyProfile", request: member.fetchProfile),
                Variant(key: "urlsession", name: "URLSession", request: plain.fetchProfile),
                Variant(key: "delegate", name: "URLSession + redirect delegate", request: withDelegate.fetchProfile),
                Variant(key: "transport", name: "WoteKit transport only", request: overTransport.fetchProfile),
            ],
            recorded: [
                Variant(key: "recorded-wotekit", name: "WoteKit, recorded answer") {
                    (try? await recordedClient.fetchMyProfile()) != nil
                },
                Variant(
                    key: "recorded-plain", name: "hand-written, recorded answer", request: recordedPlain.fetchProfile),
                Variant(key: "recorded-feed-wotekit", name: "WoteKit feed page, recorded answer") {
                    (try? await recordedFeed.fetch([FeedAnswer.Post].self, FeedAnswer.request))?.count == 20
                },
                Variant(
                    key: "recorded-feed-plain", name: "hand-written feed page, recorded answer",
                    request: FeedAnswer.handWritten(server: server, accessToken: token)),
            ])
    }
}
