package import Foundation
import WoteDomain

/// One Sign in with Apple attempt: bridges the delegate's callbacks to one async answer.
///
/// - Exactly one answer: the first callback (or a cancellation) decides; any later one is ignored.
/// - Cancelling the calling task dismisses the sheet and answers ``WoteError/cancelled`` at once.
/// - The presenter (and so the delegate glue, which `ASAuthorizationController` holds weakly) is kept
///   alive by the flow until the answer, not by a variable's lifetime.
@MainActor
package final class AppleSignInFlow {
    private var continuation: CheckedContinuation<Result<LoginCredential, WoteError>, Never>?
    private var presenter: (any AppleSignInPresenter)?
    private var answered = false

    private init() {}

    /// Shows the sheet made by `makePresenter` again for a withdrawal's step-up, and reads its one
    /// answer as one: the fresh authorization code, sent with the withdrawal so that the server
    /// revokes the member's Apple tokens (TN3194).
    ///
    /// - Returns: ``WithdrawalStepUp/appleAuthorizationCode(_:)``, or the failure:
    ///   ``WoteError/cancelled`` when the person closes the sheet (the withdrawal stops, nothing
    ///   changed).
    package static func runForWithdrawal(makePresenter: @MainActor () -> any AppleSignInPresenter) async -> Result<
        WithdrawalStepUp, WoteError
    > {
        await run(makePresenter: makePresenter).flatMap(stepUp(for:))
    }

    /// The step-up an Apple credential gives: its authorization code.
    ///
    /// - Parameter credential: what the sheet answered.
    /// - Returns: the code as a step-up; ``WoteError/malformedResponse(_:)`` for a credential that is
    ///   not Apple's.
    package static func stepUp(for credential: LoginCredential) -> Result<WithdrawalStepUp, WoteError> {
        guard case .apple(let code, _) = credential else {
            return .failure(.malformedResponse("Sign in with Apple returned no authorization code"))
        }
        return .success(.appleAuthorizationCode(code))
    }

    /// Shows the sheet made by `makePresenter` and waits for its one answer.
    ///
    /// - Returns: ``LoginCredential/apple(authorizationCode:userID:)``, or the failure.
    package static func run(makePresenter: @MainActor () -> any AppleSignInPresenter) async -> Result<
        LoginCredential, WoteError
    > {
        let flow = AppleSignInFlow()
        let presenter = makePresenter()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                flow.start(continuation, presenter: presenter)
            }
        } onCancel: {
            Task { @MainActor in flow.cancel() }
        }
    }

    private func start(
        _ continuation: CheckedContinuation<Result<LoginCredential, WoteError>, Never>,
        presenter: any AppleSignInPresenter
    ) {
        self.continuation = continuation
        guard !Task.isCancelled else {
            finish(.failure(.cancelled))
            return
        }
        self.presenter = presenter
        presenter.present(reportingTo: self)
    }

    /// Apple's sheet succeeded.
    ///
    /// - Parameters:
    ///   - authorizationCode: the credential's `authorizationCode` (UTF-8), `nil` when it had none or
    ///     was not an Apple ID credential.
    ///   - userID: the credential's `user`.
    package func complete(authorizationCode: Data?, userID: String?) {
        guard let code = authorizationCode.flatMap({ String(data: $0, encoding: .utf8) }), !code.isEmpty else {
            finish(.failure(.malformedResponse("Sign in with Apple returned no authorization code")))
            return
        }
        let user = userID.flatMap { $0.isEmpty ? nil : $0 }
        finish(.success(.apple(authorizationCode: code, userID: user)))
    }

    /// Apple's sheet failed with an `ASAuthorizationError` of `code`.
    package func fail(authorizationErrorCode code: Int) {
        finish(.failure(AppleAuthorizationErrorCode(rawValue: code).woteError))
    }

    /// Apple's sheet failed with an error outside `ASAuthorizationErrorDomain`.
    package func fail(otherErrorDomain domain: String, code: Int) {
        finish(.failure(.rejected(code: "\(domain).\(code)", message: "Sign in with Apple failed. Please try again.")))
    }

    /// Dismisses the sheet and answers ``WoteError/cancelled``, unless the answer came first.
    package func cancel() {
        guard !answered else { return }
        presenter?.cancel()
        finish(.failure(.cancelled))
    }

    private func finish(_ result: Result<LoginCredential, WoteError>) {
        guard !answered, let continuation else { return }
        answered = true
        self.continuation = nil
        presenter = nil
        continuation.resume(returning: result)
    }
}
