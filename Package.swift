// swift-tools-version: 6.2
// WoteKit: a Swift client SDK that signs people in to Wote and keeps them signed in.
// No package dependencies: Foundation and the Swift toolchain only.
import PackageDescription

// The same strict settings for every target, in this package and in Server/, Benchmarks/ and
// Transports/: Swift 6 language mode (strict concurrency) comes with the tools version.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .treatAllWarnings(as: .error),
]

let package = Package(
    name: "WoteKit",
    defaultLocalization: "en",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .library(name: "WoteKit", targets: ["WoteKit"]),
        .library(name: "WoteKitTesting", targets: ["WoteKitTesting"]),
        .executable(name: "wote", targets: ["wote"]),
    ],
    targets: [
        // Layers. The arrows are the architecture: Domain ← Repository ← Data,
        // Domain ← UseCases ← Presentation. Only the composition root sees all.
        .target(name: "WoteDomain", path: "Sources/Domain", resources: [.process("Resources")]),
        .target(
            name: "WoteRepository", dependencies: ["WoteDomain"],
            path: "Sources/Repository"),
        .target(
            name: "WoteData", dependencies: ["WoteRepository", "WoteDomain"],
            path: "Sources/Data", resources: [.copy("Resources/PrivacyInfo.xcprivacy")]),
        .target(
            name: "WoteUseCases", dependencies: ["WoteDomain"],
            path: "Sources/UseCases"),
        .target(
            name: "WotePresentation", dependencies: ["WoteUseCases", "WoteDomain"],
            path: "Sources/Presentation"),
        // Composition root: wires every layer from one configuration value.
        .target(
            name: "WoteKit",
            dependencies: ["WoteDomain", "WoteRepository", "WoteData", "WoteUseCases", "WotePresentation"],
            path: "Sources/WoteKit"),
        // Fakes an app uses to test its own code.
        .target(
            name: "WoteKitTesting", dependencies: ["WoteDomain", "WoteData"],
            path: "Sources/WoteKitTesting"),
        // The terminal front: built from the composition root and the view models only.
        .target(
            name: "WoteCLI", dependencies: ["WoteKit"],
            path: "Sources/CLI"),
        .executableTarget(
            name: "wote", dependencies: ["WoteCLI"],
            path: "Sources/wote"),

        // Loopback HTTP server and temporary directories, shared by the test targets.
        .target(name: "WoteTestSupport", dependencies: ["WoteData", "WoteDomain"], path: "Tests/Support"),

        .testTarget(
            name: "DomainTests", dependencies: ["WoteDomain"],
            path: "Tests/DomainTests"),
        .testTarget(
            name: "RepositoryTests", dependencies: ["WoteRepository", "WoteDomain", "WoteData", "WoteKitTesting"],
            path: "Tests/RepositoryTests"),
        .testTarget(
            name: "DataTests",
            dependencies: ["WoteData", "WoteRepository", "WoteDomain", "WoteKitTesting", "WoteTestSupport"],
            path: "Tests/DataTests"),
        .testTarget(
            name: "SessionTests",
            dependencies: ["WoteData", "WoteRepository", "WoteDomain", "WoteKitTesting", "WoteTestSupport"],
            path: "Tests/SessionTests"),
        .testTarget(
            name: "UseCasesTests", dependencies: ["WoteUseCases", "WoteDomain", "WoteKitTesting"],
            path: "Tests/UseCasesTests"),
        .testTarget(
            name: "PresentationTests",
            dependencies: ["WotePresentation", "WoteUseCases", "WoteDomain", "WoteKitTesting"],
            path: "Tests/PresentationTests"),
        .testTarget(
            name: "WoteKitTests", dependencies: ["WoteKit", "WoteData", "WoteKitTesting", "WoteTestSupport"],
            path: "Tests/WoteKitTests"),
        .testTarget(
            name: "CLITests", dependencies: ["WoteCLI", "WoteKit", "WoteKitTesting", "WoteTestSupport"],
            path: "Tests/CLITests"),
        .testTarget(
            name: "EndToEndTests", dependencies: ["WoteKit", "WoteKitTesting", "WoteTestSupport"],
            path: "Tests/EndToEndTests"),
    ]
)

for target in package.targets {
    target.swiftSettings = (target.swiftSettings ?? []) + strictSettings
}
