public import WotePresentation
import WoteUseCases

extension WoteClient {
    /// The session as observable state, for a SwiftUI root or a UIKit scene router to switch on:
    /// the state, why the person was last signed out (and the ``SessionModel/lastSignOut`` record kept
    /// beside the store), whether a refresh is under way or failed for
    /// a passing reason, and the member's profile once fetched.
    ///
    /// One ``SessionModel`` per client, made on first use on the main actor; it follows every
    /// change of the session from then on, and stops at ``shutdown()``. Read it on the main actor
    /// (`await wote.session` elsewhere).
    ///
    /// ```swift
    /// import SwiftUI
    ///
    /// struct RootView: View {
    ///     let wote: WoteClient
    ///     var body: some View {
    ///         switch wote.session.state {
    ///         case nil: ProgressView().task { _ = await wote.restoreSession() }
    ///         case .signedIn: HomeView(wote: wote)
    ///         case .profileRequired: ProfileSetupView(wote: wote)
    ///         case .signedOut, .storageUnavailable: LoginView(wote: wote, reason: wote.session.lastSignOutReason)
    ///         }
    ///     }
    /// }
    /// ```
    @MainActor public var session: SessionModel {
        if let model = sessionModelSlot.model { return model }
        let model = SessionModel(
            observeSession: ObserveSessionUseCase(auth: auth),
            readLastSignOut: { [engine] in await engine.lastSignOut() })
        sessionModelSlot.model = model
        return model
    }
}

/// Where a client keeps its ``SessionModel``, made on first use; main-actor state inside a
/// `Sendable` client.
@MainActor final class SessionModelSlot {
    var model: SessionModel?

    nonisolated init() {}
}
