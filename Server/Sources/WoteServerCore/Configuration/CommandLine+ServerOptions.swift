/// What the command line asked for.
public enum ServerCommand: Sendable, Equatable {
    case run(ServerOptions)
    case help
}

/// A command line `wote-server` cannot run with; the message names the argument.
public struct OptionsError: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String
}

extension ServerOptions {
    /// The text `--help` prints.
    public static let usage = """
        USAGE: wote-server [options]

        OPTIONS:
          --host <address>         Address to bind (default 127.0.0.1, loopback only).
          --port <port>            API port; 0 picks a free one (default 8080).
          --redirect-port <port>   Port of the redirect target listener, test hooks only (default 0 = free).
          --access-ttl <duration>  Access token lifetime, e.g. 500ms, 5s, 10m, 1h, 90 (default 30m).
          --refresh-ttl <duration> Refresh token lifetime (default 14d).
          --refresh-reuse <mode>   What a superseded refresh token gets: lax (default; it rotates again, as on
                                   the real server), strict (E016, and its whole session is revoked) or grace
                                   (strict, except the token just superseded gets the same new pair again within
                                   the grace window: Docs/ServerModes.md).
          --reuse-grace <duration> The grace window of --refresh-reuse grace (default 30s).
          --strict-rotation        Same as --refresh-reuse strict.
          --real-server            Behave as the real Wote server: ignore the [ext] fields of Docs/API.md and
                                   answer 404 on their endpoints (logout's refreshToken, logout everywhere,
                                   the withdrawal's Apple authorization code).
          --test-hooks             Serve /__test/** and start the redirect target listener. Only on a loopback
                                   --host, and only with a secret of 16 characters or more in the environment
                                   variable WOTE_TEST_HOOKS_SECRET; every /__test call sends it in the header
                                   X-Wote-Test-Secret (other local users can reach a loopback port).
          --no-access-log          Do not write the per-request access log on standard error.
          --password-iterations <n> PBKDF2-HMAC-SHA256 iterations for ID/password accounts (default 10000).
          -h, --help               Show this help.

        Refresh-token reuse is lax by default because the real Wote server behaves so: a superseded refresh
        token still rotates the session, so every refresh token issued stays a credential until it expires.
        Use --refresh-reuse strict or grace to refuse it (Docs/ServerModes.md).

        The first line on standard output is
          {"event":"listening","host":"127.0.0.1","port":8080,"redirectPort":51235,"refreshReuse":"lax"}
        ("redirectPort" only with --test-hooks).
        """

    /// Parses `wote-server`'s arguments (without the program name).
    /// - Parameter arguments: the words after the program name; `--flag value` and `--flag=value` both work.
    /// - Returns: the options to run with, or `.help`.
    /// - Throws: `OptionsError` naming the first argument that is wrong.
    /// - Parameter environment: where the test hooks' secret is read (`WOTE_TEST_HOOKS_SECRET`).
    public static func parse(
        _ arguments: [String], environment: [String: String] = [:]
    ) throws(OptionsError) -> ServerCommand {
        var options = ServerOptions()
        options.testHooksSecret = environment[testHooksSecretVariable]
        var words = arguments[...]
        while let word = words.popFirst() {
            var flag = word
            var inlineValue: String?
            if word.hasPrefix("--"), let equals = word.firstIndex(of: "=") {
                flag = String(word[..<equals])
                inlineValue = String(word[word.index(after: equals)...])
            }
            func value() throws(OptionsError) -> String {
                if let inlineValue { return inlineValue }
                guard let next = words.popFirst() else { throw OptionsError(description: "\(flag) needs a value") }
                return next
            }
            switch flag {
            case "-h", "--help":
                return .help
            case "--host":
                options.host = try value()
                guard !options.host.isEmpty else { throw OptionsError(description: "--host needs an address") }
            case "--port":
                options.port = try port(try value(), flag: flag)
            case "--redirect-port":
                options.redirectPort = try port(try value(), flag: flag)
            case "--access-ttl":
                options.accessTTLMilliseconds = try duration(try value(), flag: flag)
            case "--refresh-ttl":
                options.refreshTTLMilliseconds = try duration(try value(), flag: flag)
            case "--password-iterations":
                let text = try value()
                guard let count = Int(text), (1...10_000_000).contains(count) else {
                    throw OptionsError(description: "--password-iterations: '\(text)' is not a count from 1 to 10000000")
                }
                options.passwordIterations = count
            case "--refresh-reuse":
                let text = try value()
                guard let mode = RefreshReuse(rawValue: text) else {
                    throw OptionsError(description: "--refresh-reuse: '\(text)' is not lax, strict or grace")
                }
                options.refreshReuse = mode
            case "--reuse-grace":
                options.reuseGraceMilliseconds = try duration(try value(), flag: flag)
            case "--strict-rotation":
                options.strictRotation = try boolean(inlineValue, flag: flag)
            case "--test-hooks":
                options.testHooks = try boolean(inlineValue, flag: flag)
            case "--real-server":
                options.extensions = !(try boolean(inlineValue, flag: flag))
            case "--no-access-log":
                options.accessLog = !(try boolean(inlineValue, flag: flag))
            default:
                throw OptionsError(description: "unknown argument '\(word)' (see --help)")
            }
        }
        if let problem = options.problem { throw OptionsError(description: problem) }
        return .run(options)
    }

    private static func port(_ text: String, flag: String) throws(OptionsError) -> Int {
        guard let port = Int(text), (0...65_535).contains(port) else {
            throw OptionsError(description: "\(flag): '\(text)' is not a port from 0 to 65535")
        }
        return port
    }

    private static func duration(_ text: String, flag: String) throws(OptionsError) -> Int64 {
        guard let milliseconds = DurationParser.milliseconds(from: text) else {
            throw OptionsError(description: "\(flag): '\(text)' is not a duration such as 500ms, 5s, 10m, 1h or 90")
        }
        return milliseconds
    }

    private static func boolean(_ inlineValue: String?, flag: String) throws(OptionsError) -> Bool {
        switch inlineValue {
        case nil, "true": return true
        case "false": return false
        case let other?: throw OptionsError(description: "\(flag): '\(other)' is not true or false")
        }
    }
}
