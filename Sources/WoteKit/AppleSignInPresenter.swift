/// What shows Apple's sheet for an ``AppleSignInFlow``: `ASAuthorizationController` and its delegate
/// glue on Apple platforms, a fake in tests.
@MainActor
package protocol AppleSignInPresenter: AnyObject {
    /// Shows the sheet; every answer goes to `flow` (``AppleSignInFlow/complete(authorizationCode:userID:)``
    /// or one of its `fail` calls), however many times and in whatever order the system calls back.
    func present(reportingTo flow: AppleSignInFlow)
    /// Dismisses the sheet (`ASAuthorizationController.cancel()`).
    func cancel()
}
