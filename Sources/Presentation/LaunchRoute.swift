/// The screen the app shows, as ``LaunchViewModel`` decides it from the session.
public enum LaunchRoute: Sendable, Equatable, Hashable {
    /// The session is being restored: show a splash screen.
    case launching
    /// Nobody is signed in: show the login screen.
    case login
    /// Signed in, but the profile must be completed first: show profile setup.
    case profileSetup
    /// Signed in with a completed profile: show home.
    case home
    /// The token store could not be read (for example a locked Keychain); the reason says why.
    /// Offer to try again: nothing was deleted.
    case storageUnavailable(String)
}
