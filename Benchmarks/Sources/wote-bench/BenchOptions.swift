import Foundation

/// The command line of `wote-bench`.
struct BenchOptions {
    static let usage = """
        usage: wote-bench --server URL [--only LIST] [--quick] [--wote PATH]
               wote-bench --server URL --profile VARIANT [--requests N] [--concurrency C]
          --server URL       a wote-server started with --test-hooks (and --no-access-log for fair timings)
          --only LIST        comma-separated subset of: overhead,inprocess,burst,steady,launch,memory,transport,
                             ahc-overhead,feed-print (default: all; feed-print needs --wote and no server)
          --wote PATH        the release `wote` that feed-print runs (a hostile 8 MiB feed, review N6)
          --quick            small counts, to check that everything runs (the figures are then not meaningful)
          --profile VARIANT  send only one overhead variant's requests, for a profiler: wotekit, urlsession,
                             delegate (URLSession with a redirect-refusing delegate), transport (WoteKit's
                             HTTPTransport alone), recorded-wotekit or recorded-plain (the network taken out),
                             recorded-feed-wotekit or recorded-feed-plain (a 20-post feed page, network taken
                             out), ahc-wotekit, ahc-bare, ahc-bare-future or ahc-wotekit-before (WoteKit over
                             AsyncHTTPClientTransport, bare AsyncHTTPClient's async API, its future API,
                             WoteKit over the transport as it was before issue 26); --requests (default
                             2000) and --concurrency (default 1)
        """

    static let allBenchmarks = [
        "overhead", "inprocess", "burst", "steady", "launch", "memory", "transport", "ahc-overhead", "feed-print",
    ]

    var server: URL
    var benchmarks: [String] = allBenchmarks
    var quick = false
    var profile: String?
    var profileRequests = 2_000
    var profileConcurrency = 1
    /// The release `wote` for feed-print.
    var wote: URL?

    /// Whether the run needs the reference server (feed-print alone serves its own answers).
    var needsServer: Bool { profile != nil || benchmarks.contains { $0 != "feed-print" } }

    /// Reads the arguments (without the program name).
    init(arguments: [String]) throws {
        var server: URL?
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--server":
                guard let value = remaining.popFirst(), let url = URL(string: value), url.scheme != nil else {
                    throw BenchFailure("--server needs a URL\n\(Self.usage)")
                }
                server = url
            case "--only":
                let names = (remaining.popFirst() ?? "").split(separator: ",").map(String.init)
                guard !names.isEmpty, names.allSatisfy(Self.allBenchmarks.contains) else {
                    throw BenchFailure(
                        "--only takes some of \(Self.allBenchmarks.joined(separator: ","))\n\(Self.usage)")
                }
                benchmarks = Self.allBenchmarks.filter(names.contains)
            case "--quick":
                quick = true
            case "--wote":
                guard let value = remaining.popFirst() else { throw BenchFailure("--wote needs a path") }
                wote = URL(fileURLWithPath: value)
            case "--profile":
                guard let value = remaining.popFirst() else { throw BenchFailure("--profile needs a variant") }
                profile = value
            case "--requests", "--concurrency":
                guard let value = remaining.popFirst().flatMap(Int.init), value > 0 else {
                    throw BenchFailure("\(argument) needs a positive number")
                }
                if argument == "--requests" { profileRequests = value } else { profileConcurrency = value }
            case "-h", "--help":
                throw BenchFailure(Self.usage)
            default:
                throw BenchFailure("unknown argument \(argument)\n\(Self.usage)")
            }
        }
        guard let server else { throw BenchFailure("--server is required\n\(Self.usage)") }
        self.server = server
    }
}
