/// The words every WoteKit view model uses for its requests, so an app can show progress, alerts
/// and a cancel button the same way on every screen.
///
/// ```swift
/// // The app's one alert for a failure, whatever the screen.
/// @MainActor func presentFailure(of model: some ScreenViewModel) {
///     guard let message = model.errorMessage else { return }
///     showAlert(message)
///     model.dismissError()
/// }
/// ```
@MainActor
public protocol ScreenViewModel: AnyObject {
    /// Whether a request is under way, for a progress indicator; a second tap meanwhile is ignored
    /// (each view model says which intents do not wait, such as logging out).
    var isBusy: Bool { get }
    /// A sentence for an alert when something failed; `nil` when there is nothing to show.
    var errorMessage: String? { get set }
    /// Forgets the error message once the alert was dismissed.
    func dismissError()
    /// Stops what the screen has under way (a request; for the launch screen, following the
    /// session). Nothing stopped this way shows an error.
    func cancel()
}
