import Foundation
import Testing
import WoteData
import WoteKit
import WoteKitTesting
import WoteLocked
import WoteRepository

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension EndToEnd {
    /// Issue 12 over loopback: processes sharing one store, a skewed device clock, one store used
    /// against two servers. Results go to the "Hostile conditions" section of Docs/Reliability.md.
    @Suite struct Hostile {
        let hooks = TestHooks()

        /// A member's login, repeatable: the same authorization code signs the same member in again.
        private static func login(_ client: WoteClient, code: String, remember: Bool = true) async throws {
            _ = try await client.login(
                .kakao(code), remember: remember)
        }

        @Test func logoutInOneProcess_whileTwoOthersRefresh_leavesTheStoreSignedOut_everyRound() async throws {
            try await hooks.reset()
            let member = try await SignedInMember.make(hooks: hooks)
            let code = "kakao:member-\(member.nickname.dropFirst())"
            let store = ReferenceServer.temporaryStore()
            let clock = member.clock
            try await hooks.setStrictRotation(true)
            let rounds = 50
            var signedInAfterwards = 0
            var roundsWithARefreshTokenSentTwice = 0
            for _ in 0..<rounds {
                // Three "processes": three clients, each with its own store instance on one file.
                let processes = (0..<3).map { _ in
                    ReferenceServer.client(storage: FileTokenStorage(fileURL: store.fileURL), clock: clock)
                }
                try await Self.login(processes[0], code: code)
                for process in processes.dropFirst() { _ = await process.restoreSession() }
                try await hooks.advance(clock, by: 31 * 60)
                let before = try await hooks.counters()

                await withTaskGroup(of: Void.self) { group in
                    group.addTask { try? await processes[0].logout() }
                    for process in processes.dropFirst() {
                        group.addTask { _ = try? await process.fetchMyProfile() }
                    }
                }

                let after = try await hooks.counters()
                if try await FileTokenStorage(fileURL: store.fileURL).load() != nil { signedInAfterwards += 1 }
                // One refresh token exists per round: it may be sent once at most.
                if after.refreshCalls - before.refreshCalls > 1 { roundsWithARefreshTokenSentTwice += 1 }
                for process in processes { process.shutdown() }
            }

            try await hooks.setStrictRotation(false)
            #expect(signedInAfterwards == 0)
            #expect(roundsWithARefreshTokenSentTwice == 0)
            HostileReport.record(
                "Shared store",
                "\(rounds) rounds, 3 clients with their own `FileTokenStorage` on one file, strict rotation: one logs out while two refresh an expired token | store signed in afterwards: \(signedInAfterwards)/\(rounds); rounds where a refresh token was sent twice: \(roundsWithARefreshTokenSentTwice)"
            )
        }

        @Test(arguments: [3 * 3_600, -3 * 3_600, 15 * 86_400])
        func skewedDeviceClock_refreshesOncePerLifetime_andNeverSignsOutAlone(_ skew: Int) async throws {
            try await hooks.reset()
            let serverClock = try await hooks.clock()
            let device = TestClock(now: serverClock.now.addingTimeInterval(TimeInterval(skew)))
            let client = ReferenceServer.client(storage: ReferenceServer.temporaryStore(), clock: device)
            defer { client.shutdown() }
            let code = "kakao:skew-\(ReferenceServer.uniqueSuffix())"
            try await Self.login(client, code: code)
            try await client.completeProfile(
                nickname: "s\(ReferenceServer.uniqueSuffix())", schoolName: "Wote High", region: .seoul, imageJPEG: nil)
            let before = try await hooks.counters()

            var failures = 0
            for _ in 0..<18 {  // 90 minutes of server time, a request every 5 minutes (access TTL 30 min)
                try await hooks.advance(device, by: 5 * 60)
                if (try? await client.fetchMyProfile()) == nil { failures += 1 }
            }

            let after = try await hooks.counters()
            let refreshes = after.refreshCalls - before.refreshCalls
            let state = await client.restoreSession().state
            #expect(failures == 0)
            #expect(refreshes <= 3)
            #expect(after.expiredAccessTokenRequests == before.expiredAccessTokenRequests)
            #expect(state == .signedIn)
            let label = skew.magnitude >= 86_400 ? "\(skew / 86_400) d" : "\(skew / 3_600) h"
            HostileReport.record(
                "Clock skew",
                "device clock \(skew > 0 ? "+" : "")\(label): 18 requests over 90 min (access TTL 30 min) | refreshes: \(refreshes) (at most 3); failed requests: \(failures); expired tokens sent: \(after.expiredAccessTokenRequests - before.expiredAccessTokenRequests); state afterwards: \(state)"
            )
        }

        @Test(.enabled(if: ReferenceServer.secondURL != nil, "needs WOTE_E2E_SERVER_B"))
        func oneStoreAgainstTwoServers_neverSendsATokenAcross_andEachSessionSurvives() async throws {
            try await hooks.reset()
            let hooksB = TestHooks(base: ReferenceServer.secondURL!)
            try await hooksB.reset()
            let file = ReferenceServer.temporaryStore().fileURL
            let clock = TestClock()
            let clientA = ReferenceServer.client(storage: FileTokenStorage(fileURL: file), clock: clock)
            let clientB = WoteClient(
                configuration: WoteConfiguration(
                    baseURL: ReferenceServer.secondURL!, storage: FileTokenStorage(fileURL: file), transport: .live,
                    clock: clock.clock, requestTimeout: .seconds(10)))
            defer {
                clientA.shutdown()
                clientB.shutdown()
            }
            try await Self.login(clientA, code: "kakao:origin-a-\(ReferenceServer.uniqueSuffix())")
            try await clientA.completeProfile(
                nickname: "a\(ReferenceServer.uniqueSuffix())", schoolName: "Wote High", region: .seoul, imageJPEG: nil)

            // B finds A's session in the shared store: not its own.
            let restoredOnB = await clientB.restoreSession().state
            let profileOnB = try? await clientB.fetchMyProfile()
            let countersB = try await hooksB.counters()
            #expect(restoredOnB == .signedOut(.noSession))
            #expect(profileOnB == nil)
            #expect(countersB.requests.isEmpty)
            #expect(
                try await FileTokenStorage(fileURL: file).load()?.origin == Origin(ReferenceServer.url!)?.description)
            _ = try await clientA.fetchMyProfile()

            // B signs in on the shared store (documented: it takes the store); A goes on in memory.
            try await Self.login(clientB, code: "kakao:origin-b-\(ReferenceServer.uniqueSuffix())")
            _ = try? await clientB.fetchMyProfile()  // profile required there: a Bearer request all the same
            let stillOnA = try? await clientA.fetchMyProfile()
            try await clientA.logout()
            let storedAfterALogout = try await FileTokenStorage(fileURL: file).load()

            let a = try await hooks.counters()
            let b = try await hooksB.counters()
            let authorizationsOnA = Set((a.requestsPerAuthorization ?? [:]).keys)
            let authorizationsOnB = Set((b.requestsPerAuthorization ?? [:]).keys)
            #expect(!authorizationsOnA.isEmpty && !authorizationsOnB.isEmpty)
            #expect(authorizationsOnA.isDisjoint(with: authorizationsOnB))
            #expect(stillOnA != nil)
            #expect(storedAfterALogout?.origin == Origin(ReferenceServer.secondURL!)?.description)
            #expect(a.requests.keys.allSatisfy { !$0.contains(" 401") })
            #expect(b.requests.keys.allSatisfy { !$0.contains(" 401") })
            HostileReport.record(
                "Two servers, one store",
                "A signs in, B restores and sends, B signs in, A sends and logs out | B's requests before its sign-in: \(countersB.requests.values.reduce(0, +)); 401 answers on A: \(a.requests.filter { $0.key.contains(" 401") }.count), on B: \(b.requests.filter { $0.key.contains(" 401") }.count); Authorization values seen by both servers: \(authorizationsOnA.intersection(authorizationsOnB).count); A's session after B's sign-in: \(stillOnA == nil ? "lost" : "kept in memory"); store after A's logout: B's session"
            )
        }
    }
}

extension ReferenceServer {
    /// A second reference server, named by `WOTE_E2E_SERVER_B`, for the two-origin test.
    static let secondURL: URL? = ProcessInfo.processInfo.environment["WOTE_E2E_SERVER_B"].flatMap(URL.init(string:))
}

/// The "Hostile conditions" section of Docs/Reliability.md, written between its own markers.
enum HostileReport {
    private static let rows = Locked<[String: [String]]>([:])

    static func record(_ topic: String, _ row: String) {
        rows.withLock { $0[topic, default: []].append(row) }
        try? write()
    }

    private static func write() throws {
        guard let path = ProcessInfo.processInfo.environment["WOTE_RELIABILITY_REPORT"] else { return }
        let topics = rows.current
        var section = """
            \(ReliabilityReportSection.begin("hostile"))
            ## Hostile conditions (issue 12)

            Generated by `Tests/EndToEndTests/HostileTests.swift` against the reference server over loopback.

            """
        for topic in topics.keys.sorted() {
            section += "\n### \(topic)\n\n| scenario | result |\n|---|---|\n"
            section += topics[topic, default: []].sorted().map { "| " + $0 + " |" }.joined(separator: "\n") + "\n"
        }
        section += ReliabilityReportSection.end("hostile") + "\n"
        try ReliabilityReportSection.replace("hostile", with: section, inFileAt: path)
    }
}

/// One section of a generated report, between `<!-- begin NAME -->` and `<!-- end NAME -->`, so
/// that several suites write one file.
enum ReliabilityReportSection {
    static func begin(_ name: String) -> String { "<!-- begin \(name) -->" }
    static func end(_ name: String) -> String { "<!-- end \(name) -->" }

    /// Replaces the section `name` in the file (appending it when absent).
    static func replace(_ name: String, with section: String, inFileAt path: String) throws {
        var text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        if let start = text.range(of: begin(name)), let stop = text.range(of: end(name)),
            start.lowerBound < stop.upperBound
        {
            var upper = stop.upperBound
            if upper < text.endIndex, text[upper] == "\n" { upper = text.index(after: upper) }
            text.replaceSubrange(start.lowerBound..<upper, with: section)
        } else {
            if !text.isEmpty && !text.hasSuffix("\n\n") { text += text.hasSuffix("\n") ? "\n" : "\n\n" }
            text += section
        }
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }
}
