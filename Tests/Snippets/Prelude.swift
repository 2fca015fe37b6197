// The placeholders the documentation's snippets leave to the reader, declared once so that
// scripts/check-snippets.sh can compile every snippet exactly as printed. Nothing here is WoteKit
// API: each name stands for something an app has of its own (a code from the Kakao SDK, its API's
// URL, its own screens). Compiled with each group of snippets, never run.
//
// Add a name here only when a snippet really leaves it to the reader; a snippet that needs more
// than that (a missing declaration, a wrong call) is fixed in the document instead.

import Foundation
import WoteKit

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// MARK: - What the app has of its own

/// The app's client, made once at launch (GettingStarted's "Configure a client").
let wote = WoteClient(configuration: WoteConfiguration(baseURL: apiURL))
/// The API's base URL.
let apiURL = URL(string: "https://api.wote.example")!
/// An authorization code from the Kakao SDK or Sign in with Apple.
let code = "authorization-code"
/// The App Group container the app and its extensions share
/// (`FileManager.containerURL(forSecurityApplicationGroupIdentifier:)` on Apple platforms).
let groupContainer = URL(filePath: "/private/var/mobile/Containers/Shared/AppGroup/example")
/// How the app reads its own backend's refresh answer (Session.md's contracts show whole ones).
@Sendable nonisolated func readReissueAnswer(_ answer: HTTPResponse, receivedAt: Date) -> RefreshAnswer {
    .transient(.malformedResponse("not written here"))
}
/// The "keep me signed in" checkbox.
let keepMeSignedIn = true
/// A login form's fields.
let loginId = "wote01"
let typed = "typed-password"
let password = "typed-password"
/// A post's identifier taken from the feed.
let id: Int64 = 1
/// An image's bytes and URL.
let jpeg = Data()
let imageURL = apiURL.appending(path: "images/1.jpg")
/// A folder the app owns (not shared with other users).
let stateFolder = URL(fileURLWithPath: NSHomeDirectory()).appending(path: "state")

// MARK: - The app's screens

/// Where the app's own router can go.
enum Screen { case login, profileSetup, home }
func route(to screen: Screen) {}
func showTaken() {}
func show(_ message: String) {}
func showAlert(_ message: String) {}
func showBanner(_ message: String) {}
func showAlreadyVoted() {}
func askForConsumerType() {}
func showPostGone() {}
func showLogin(because message: String) {}
func showProfileSetup() {}
func showSplash() {}
func showLogin() {}
func showHome() {}
func offerToTryAgain(_ reason: String) {}

// MARK: - Values an earlier snippet of the same article declared

/// The app's answer types (AppCalls.md declares them in "Send it").
nonisolated struct VoteCounts: Decodable, Sendable {
    var agreeCount: Int
    var disagreeCount: Int
}
struct NewPost: Encodable {
    var visibilityScope: String
    var title: String
}
/// A form built as in AppCalls.md's "Upload with multipart form data".
let form = MultipartFormData()
/// The state a sign-in returned (GettingStarted.md's "Sign in").
let state = AuthenticationState.signedIn

// MARK: - Another backend

/// The app's own client for a backend whose login WoteKit does not speak (AnotherBackend.md).
struct MyBackend: Sendable {
    struct Answer: Sendable {
        var accessToken: String
        var refreshToken: String
        var expiresIn: TimeInterval?
    }
    func signIn(id: some Sendable, password: String) async throws -> Answer {
        Answer(accessToken: "", refreshToken: "", expiresIn: nil)
    }
}
let myBackend = MyBackend()

#if canImport(AuthenticationServices)
import AuthenticationServices

/// The view whose window Apple's sheet is shown over (Docs/Apple.md).
@MainActor final class AppView {
    var window: ASPresentationAnchor?
}
@MainActor let view = AppView()
#endif

#if canImport(SwiftUI)
import SwiftUI

/// The app's own SwiftUI screens (ObservingTheSession.md's root view).
struct HomeView: View {
    let wote: WoteClient
    var body: some View { Text("Home") }
}
struct ProfileSetupView: View {
    let wote: WoteClient
    var body: some View { Text("Profile setup") }
}
struct LoginView: View {
    let wote: WoteClient
    let reason: SignOutReason?
    var body: some View { Text("Login") }
}
#endif

#if canImport(UIKit)
import UIKit

/// The app's own UIKit screens (ObservingTheSession.md's scene router).
final class LaunchScreenViewController: UIViewController {}
final class HomeViewController: UIViewController {
    init(wote: WoteClient) { super.init(nibName: nil, bundle: nil) }
    required init?(coder: NSCoder) { fatalError("not used") }
}
final class ProfileSetupViewController: UIViewController {
    init(wote: WoteClient) { super.init(nibName: nil, bundle: nil) }
    required init?(coder: NSCoder) { fatalError("not used") }
}
final class LoginViewController: UIViewController {
    init(wote: WoteClient) { super.init(nibName: nil, bundle: nil) }
    required init?(coder: NSCoder) { fatalError("not used") }
}
#endif
