import Foundation
import Testing
import WoteData
import WoteDomain
import WoteKitTesting
import WoteRepository

/// Issue 12 item 2 at its stated bound: a device clock off by 30 days either way.
@Suite struct ClockSkewBoundsTests {
    @Test(arguments: [30.0 * 86_400, -30.0 * 86_400])
    func deviceClockOffByThirtyDays_refreshesOncePerLifetime_andNeverSignsOutAlone(_ skew: TimeInterval)
        async throws
    {
        let world = ClockSkewTests.World(skew: skew)
        try await world.signIn()

        for _ in 0..<30 {  // three access-token lifetimes, a request every 60 s
            world.advance(by: 60)
            #expect(try await world.engine.send(EngineFixture.profile).status == 200)
        }

        #expect(world.backend.refreshCalls <= 3)
        #expect(world.backend.state.current.profileRequests == 30)
        #expect(await world.engine.snapshot().state == .signedIn)
    }
}
