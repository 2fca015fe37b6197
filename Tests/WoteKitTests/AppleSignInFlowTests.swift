import Foundation
import Testing
import WoteKit

/// The Sign in with Apple bridge, driven as `ASAuthorizationController`'s delegate would drive it:
/// one answer whatever the callbacks do, cancellation, Apple's error codes, the presenter's lifetime.
@MainActor
@Suite(.timeLimit(.minutes(1))) struct AppleSignInFlowTests {
    /// Stands in for the delegate glue: holds the flow strongly, as the real sheet does, and tells
    /// the test when the sheet is up.
    @MainActor final class FakeSheet: AppleSignInPresenter {
        var flow: AppleSignInFlow?
        var cancels = 0
        var appleAnswersCancel = true
        let shown: AsyncStream<AppleSignInFlow>.Continuation

        init(shown: AsyncStream<AppleSignInFlow>.Continuation) { self.shown = shown }

        func present(reportingTo flow: AppleSignInFlow) {
            self.flow = flow
            shown.yield(flow)
        }

        func cancel() {
            cancels += 1
            // `ASAuthorizationController.cancel()` tells the delegate `canceled`.
            if appleAnswersCancel { flow?.fail(authorizationErrorCode: 1001) }
        }
    }

    /// Starts a flow over a fresh sheet and waits until the sheet is shown.
    func start(configure: (FakeSheet) -> Void = { _ in }) async -> (
        Task<Result<LoginCredential, WoteError>, Never>, AppleSignInFlow, FakeSheet
    ) {
        let (shown, continuation) = AsyncStream<AppleSignInFlow>.makeStream()
        let sheet = FakeSheet(shown: continuation)
        configure(sheet)
        let task = Task { await AppleSignInFlow.run { sheet } }
        var iterator = shown.makeAsyncIterator()
        let flow = await iterator.next()!
        return (task, flow, sheet)
    }

    @Test func success_givesTheCodeAndApplesUserID() async {
        let (task, flow, _) = await start()
        flow.complete(authorizationCode: Data("c0de".utf8), userID: "001234.abc.0123")
        #expect(await task.value == .success(.apple(authorizationCode: "c0de", userID: "001234.abc.0123")))
    }

    @Test(arguments: [nil, Data(), Data([0xFF, 0xFE])])
    func noUsableAuthorizationCode_isMalformed(_ code: Data?) async {
        let (task, flow, _) = await start()
        flow.complete(authorizationCode: code, userID: "001")
        #expect(await task.value == .failure(.malformedResponse("Sign in with Apple returned no authorization code")))
    }

    @Test func canceledByThePerson_isCancelled() async {
        let (task, flow, _) = await start()
        flow.fail(authorizationErrorCode: 1001)
        #expect(await task.value == .failure(.cancelled))
    }

    @Test(arguments: [
        (1000, "ASAuthorizationError.unknown"), (1002, "ASAuthorizationError.invalidResponse"),
        (1003, "ASAuthorizationError.notHandled"), (1004, "ASAuthorizationError.failed"),
        (1005, "ASAuthorizationError.notInteractive"), (1006, "ASAuthorizationError.matchedExcludedCredential"),
        (1007, "ASAuthorizationError.credentialImport"), (1008, "ASAuthorizationError.credentialExport"),
        (4242, "ASAuthorizationError.4242"),
    ])
    func applesErrorCodes_areCarriedThrough_eachWithItsOwnCode(_ raw: Int, _ code: String) async {
        let (task, flow, _) = await start()
        flow.fail(authorizationErrorCode: raw)
        guard case .failure(let error) = await task.value, error.kind == .rejected else {
            Issue.record("expected rejected")
            return
        }
        #expect(error.code == code)
        #expect(!error.message.isEmpty)
    }

    @Test func theFourCommonFailures_sayDifferentThings() {
        let messages = [1000, 1002, 1003, 1004, 1005].map {
            AppleAuthorizationErrorCode(rawValue: $0).woteError.message
        }
        #expect(Set(messages).count == messages.count)
    }

    @Test func errorOutsideApplesDomain_carriesItsDomainAndCode() async {
        let (task, flow, _) = await start()
        flow.fail(otherErrorDomain: "NSURLErrorDomain", code: -1009)
        guard case .failure(let error) = await task.value, error.kind == .rejected else {
            Issue.record("expected rejected")
            return
        }
        #expect(error.code == "NSURLErrorDomain.-1009")
    }

    @Test func onlyTheFirstAnswerCounts_laterCallbacksAreIgnored() async {
        let (task, flow, sheet) = await start()
        flow.complete(authorizationCode: Data("first".utf8), userID: "u")
        flow.fail(authorizationErrorCode: 1004)
        flow.complete(authorizationCode: Data("second".utf8), userID: "u")
        flow.cancel()
        #expect(await task.value == .success(.apple(authorizationCode: "first", userID: "u")))
        #expect(sheet.cancels == 0)
    }

    @Test(arguments: [true, false])
    func cancellingTheCallingTask_dismissesTheSheet_andAnswersCancelled(appleAnswersCancel: Bool) async {
        let (task, _, sheet) = await start { $0.appleAnswersCancel = appleAnswersCancel }
        task.cancel()
        #expect(await task.value == .failure(.cancelled))
        #expect(sheet.cancels == 1)
    }

    @Test func alreadyCancelledTask_neverShowsTheSheet() async {
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await AppleSignInFlow.run { NeverShownSheet() }
        }
        #expect(await task.value == .failure(.cancelled))
    }

    @Test func theSheetStaysAlive_whileShown_andIsReleased_onceTheFlowAnswers() async {
        let watcher = SheetWatcher()
        let (shown, continuation) = AsyncStream<AppleSignInFlow>.makeStream()
        let task = Task {
            await AppleSignInFlow.run {
                let sheet = FakeSheet(shown: continuation)
                watcher.sheet = sheet
                return sheet
            }
        }
        var iterator = shown.makeAsyncIterator()
        let flow = await iterator.next()!
        // Nothing but the flow holds the sheet (the real controller holds its delegate weakly).
        #expect(watcher.sheet != nil)
        flow.complete(authorizationCode: Data("c".utf8), userID: nil)
        _ = await task.value
        #expect(watcher.sheet == nil)
    }

    @MainActor final class SheetWatcher {
        weak var sheet: FakeSheet?
    }

    @MainActor final class NeverShownSheet: AppleSignInPresenter {
        func present(reportingTo flow: AppleSignInFlow) { Issue.record("the sheet was shown") }
        func cancel() {}
    }
}

/// Issue 48: the Apple binding's withdrawal step-up, through the same presenter seam.
@MainActor
@Suite(.timeLimit(.minutes(1))) struct AppleWithdrawalStepUpTests {
    func start() async -> (Task<Result<WithdrawalStepUp, WoteError>, Never>, AppleSignInFlow) {
        let (shown, continuation) = AsyncStream<AppleSignInFlow>.makeStream()
        let sheet = AppleSignInFlowTests.FakeSheet(shown: continuation)
        let task = Task { await AppleSignInFlow.runForWithdrawal { sheet } }
        var iterator = shown.makeAsyncIterator()
        let flow = await iterator.next()!
        return (task, flow)
    }

    @Test func aFreshCode_isTheStepUp() async {
        let (task, flow) = await start()
        flow.complete(authorizationCode: Data("fresh".utf8), userID: "001234.abc.0123")
        #expect(await task.value == .success(.appleAuthorizationCode("fresh")))
    }

    @Test func closingTheSheet_cancelsTheWithdrawal() async {
        let (task, flow) = await start()
        flow.fail(authorizationErrorCode: 1001)
        #expect(await task.value == .failure(.cancelled))
    }

    @Test func cancellingTheTask_dismissesTheSheet_andCancels() async {
        let (task, _) = await start()
        task.cancel()
        #expect(await task.value == .failure(.cancelled))
    }

    @Test func noCode_isMalformed_notAStepUp() async {
        let (task, flow) = await start()
        flow.complete(authorizationCode: nil, userID: "001")
        #expect(await task.value == .failure(.malformedResponse("Sign in with Apple returned no authorization code")))
    }
}
