// swift-tools-version: 6.2
// WoteKit: a Swift client SDK that signs people in to Wote and keeps them signed in.
// No package dependencies by default: Foundation and the Swift toolchain only. The two adapters are
// products of this package behind opt-in traits, so that an app adds any of them with the one
// `.package(url:)` line: `traits: ["Alamofire"]` brings Alamofire and WoteKitAlamofire,
// `traits: ["AsyncHTTPClient"]` async-http-client and WoteKitAsyncHTTPClient. A dependency used only
// under a trait that is off is not resolved, fetched or built (SwiftPM 6.2+, which this tools version
// requires, prunes it: 6.1 did so only behind --experimental-prune-unused-dependencies), and a trait's
// name is a compilation condition of this package's targets: each adapter file is `#if <trait>`, so
// without its trait an adapter target is an empty module.
import PackageDescription

// The same strict settings for every target, in this package and in Server/, Benchmarks/ and
// Transports/: Swift 6 language mode (strict concurrency) comes with the tools version.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .treatAllWarnings(as: .error),
]

// Products an adapter takes only when the app enables its trait.
let alamofire: TargetDependencyCondition? = .when(traits: ["Alamofire"])
let asyncHTTPClient: TargetDependencyCondition? = .when(traits: ["AsyncHTTPClient"])

let package = Package(
    name: "WoteKit",
    defaultLocalization: "en",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .library(name: "WoteKit", targets: ["WoteKit"]),
        .library(name: "WoteKitTesting", targets: ["WoteKitTesting"]),
        .executable(name: "wote", targets: ["wote"]),
        .library(name: "WoteKitAlamofire", targets: ["WoteKitAlamofire"]),
        .library(name: "WoteKitAsyncHTTPClient", targets: ["WoteKitAsyncHTTPClient"]),
    ],
    traits: [
        .trait(
            name: "Alamofire",
            description: "WoteKitAlamofire: WoteKit's bearer interceptor for Alamofire 5 (and Moya)."),
        .trait(
            name: "AsyncHTTPClient",
            description: "WoteKitAsyncHTTPClient: WoteKit's network leaf on AsyncHTTPClient (SwiftNIO)."),
        .default(enabledTraits: []),
    ],
    dependencies: [
        // Alamofire 5.10.0 is the first release whose interceptor completions are `@Sendable`.
        .package(url: "https://github.com/Alamofire/Alamofire.git", from: "5.10.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        // AsyncHTTPClient's own dependency; the transport only tells its no-op tracer apart.
        .package(url: "https://github.com/apple/swift-distributed-tracing.git", from: "1.1.0"),
    ],
    targets: [
        // Layers. The arrows are the architecture: Domain ← Wire ← Repository, Wire ← Data ← Session,
        // Session + Repository ← Contract (Wote's), Domain ← UseCases ← Presentation. Only the
        // composition root sees all.
        // WoteLocked is a leaf below them all: a lock any layer (and the fakes) may use.
        .target(name: "WoteLocked", path: "Sources/Locked"),
        .target(name: "WoteDomain", path: "Sources/Domain", resources: [.process("Resources")]),
        // The wire's vocabulary that the repositories and the session share: APIError, MalformedResponse.
        .target(name: "WoteWire", dependencies: ["WoteDomain"], path: "Sources/Wire"),
        .target(
            name: "WoteRepository", dependencies: ["WoteDomain", "WoteWire"],
            path: "Sources/Repository"),
        // HTTP and storage: any backend's.
        .target(
            name: "WoteData", dependencies: ["WoteWire", "WoteDomain", "WoteLocked"],
            path: "Sources/Data", resources: [.copy("Resources/PrivacyInfo.xcprivacy")]),
        // The session engine: any backend's, through a SessionContract; no Wote DTO or decoder.
        .target(
            name: "WoteSession", dependencies: ["WoteData", "WoteWire", "WoteDomain", "WoteLocked"],
            path: "Sources/Session"),
        // Wote's contract: endpoints, SessionContract.wote, the repositories' data source.
        .target(
            name: "WoteContract",
            dependencies: ["WoteSession", "WoteData", "WoteRepository", "WoteWire", "WoteDomain"],
            path: "Sources/Contract"),
        .target(
            name: "WoteUseCases", dependencies: ["WoteDomain"],
            path: "Sources/UseCases"),
        .target(
            name: "WotePresentation", dependencies: ["WoteUseCases", "WoteDomain"],
            path: "Sources/Presentation"),
        // Composition root: wires every layer from one configuration value.
        .target(
            name: "WoteKit",
            dependencies: [
                "WoteDomain", "WoteRepository", "WoteData", "WoteUseCases", "WotePresentation", "WoteLocked",
                "WoteSession", "WoteContract", "WoteWire",
            ],
            path: "Sources/WoteKit"),
        // Fakes an app uses to test its own code.
        .target(
            name: "WoteKitTesting",
            dependencies: [
                "WoteDomain", "WoteRepository", "WoteData", "WoteKit", "WoteLocked", "WoteSession", "WoteContract",
                "WoteWire",
            ],
            path: "Sources/WoteKitTesting"),
        // The terminal front: built from the composition root and the view models only.
        .target(
            name: "WoteCLI", dependencies: ["WoteKit"],
            path: "Sources/CLI"),
        .executableTarget(
            name: "wote", dependencies: ["WoteCLI"],
            path: "Sources/wote"),

        // The adapters, each behind its trait (an empty module without it). Their sources and their
        // READMEs live under Transports/.
        .target(
            name: "WoteKitAlamofire",
            dependencies: ["WoteKit", .product(name: "Alamofire", package: "Alamofire", condition: alamofire)],
            path: "Transports/Alamofire/Sources/WoteKitAlamofire"),
        .target(
            name: "WoteKitAsyncHTTPClient",
            dependencies: [
                "WoteKit",
                .product(name: "AsyncHTTPClient", package: "async-http-client", condition: asyncHTTPClient),
                .product(name: "NIOCore", package: "swift-nio", condition: asyncHTTPClient),
                .product(name: "NIOHTTP1", package: "swift-nio", condition: asyncHTTPClient),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio", condition: asyncHTTPClient),
                .product(name: "NIOFoundationCompat", package: "swift-nio", condition: asyncHTTPClient),
                .product(name: "Tracing", package: "swift-distributed-tracing", condition: asyncHTTPClient),
            ],
            path: "Transports/AsyncHTTPClient/Sources/WoteKitAsyncHTTPClient"),

        // Loopback HTTP server and temporary directories, shared by the test targets.
        .target(
            name: "WoteTestSupport",
            dependencies: ["WoteData", "WoteDomain", "WoteLocked", "WoteSession", "WoteContract"], path: "Tests/Support"
        ),

        .testTarget(
            name: "DomainTests", dependencies: ["WoteDomain"],
            path: "Tests/DomainTests"),
        .testTarget(
            name: "RepositoryTests",
            dependencies: ["WoteRepository", "WoteDomain", "WoteLocked", "WoteWire", "WoteKitTesting"],
            path: "Tests/RepositoryTests"),
        .testTarget(
            name: "DataTests",
            dependencies: [
                "WoteData", "WoteSession", "WoteContract", "WoteWire", "WoteRepository", "WoteDomain", "WoteLocked",
                "WoteKitTesting", "WoteTestSupport",
            ],
            path: "Tests/DataTests", exclude: ["Fixtures"]),
        .testTarget(
            name: "SessionTests",
            dependencies: [
                "WoteData", "WoteSession", "WoteContract", "WoteWire", "WoteRepository", "WoteDomain", "WoteLocked",
                "WoteKitTesting", "WoteTestSupport",
                "WoteKit",
            ],
            path: "Tests/SessionTests"),
        .testTarget(
            name: "UseCasesTests", dependencies: ["WoteUseCases", "WoteDomain", "WoteKitTesting"],
            path: "Tests/UseCasesTests"),
        .testTarget(
            name: "PresentationTests",
            dependencies: ["WotePresentation", "WoteUseCases", "WoteDomain", "WoteLocked", "WoteKitTesting"],
            path: "Tests/PresentationTests"),
        .testTarget(
            name: "WoteKitTests",
            dependencies: [
                "WoteKit", "WoteData", "WoteSession", "WoteContract", "WoteWire", "WoteLocked", "WoteKitTesting",
                "WoteTestSupport",
            ],
            path: "Tests/WoteKitTests"),
        .testTarget(
            name: "CLITests", dependencies: ["WoteCLI", "WoteKit", "WoteKitTesting", "WoteTestSupport"],
            path: "Tests/CLITests"),
        // Written as an app's own tests are: WoteKit and WoteKitTesting only (issue 32's scenarios).
        .testTarget(
            name: "AppScenarioTests", dependencies: ["WoteKit", "WoteKitTesting"],
            path: "Tests/AppScenarioTests"),
        .testTarget(
            name: "EndToEndTests", dependencies: ["WoteKit", "WoteLocked", "WoteKitTesting", "WoteTestSupport"],
            path: "Tests/EndToEndTests"),
    ]
)

for target in package.targets {
    target.swiftSettings = (target.swiftSettings ?? []) + strictSettings
}
