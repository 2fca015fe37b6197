package import Foundation
import WoteKit

/// The options every command shares: where the server and the store are, and how to print.
package struct GlobalOptions: Sendable, Equatable {
    /// The server `wote` was pointed at before `--server` and `WOTE_SERVER`.
    package static let defaultServerURL = URL(string: "http://127.0.0.1:8080")!

    /// The API's base URL (`--server`, `WOTE_SERVER`).
    package var serverURL: URL
    /// Whether `--server` or `WOTE_SERVER` chose the server; `false`: ``defaultServerURL``, which
    /// `wote` warns about (any local user may be listening there).
    package var serverWasChosen = false
    /// The session file (`--store`, `WOTE_STORE`).
    package var storeURL: URL
    /// Whether `--store` or `WOTE_STORE` chose the store (the demo uses a temporary one otherwise).
    package var storeWasChosen: Bool
    /// `--json`: exactly one JSON object on standard output.
    package var json: Bool
    /// `--show-tokens`: print the tokens too.
    package var showTokens: Bool
    /// `--verbose`: WoteKit's diagnostics (redacted requests, refreshes, session events) on standard error.
    package var verbose = false
    /// `--timeout SECONDS`: how long one HTTP exchange may take; `nil` keeps WoteKit's default.
    package var timeout: Duration?

    /// Creates options; every value but the store has a default.
    package init(
        serverURL: URL = GlobalOptions.defaultServerURL, storeURL: URL = GlobalOptions.defaultStoreURL(),
        storeWasChosen: Bool = false, json: Bool = false, showTokens: Bool = false, timeout: Duration? = nil
    ) {
        self.serverURL = serverURL
        self.storeURL = storeURL
        self.storeWasChosen = storeWasChosen
        self.json = json
        self.showTokens = showTokens
        self.timeout = timeout
    }

    /// The name the terminal front keeps its session under, whatever its executable is called.
    package static let appName = "wote"

    /// `session.json` in the front's state directory (`$XDG_STATE_HOME/wote` or `~/.local/state/wote`).
    package static func defaultStoreURL() -> URL {
        WoteConfiguration.defaultStateDirectory(appName: appName).appendingPathComponent("session.json")
    }
}
