// swift-tools-version: 6.2
// WoteKit: a Swift client SDK that signs people in to Wote and keeps them signed in.
// No package dependencies: Foundation and the Swift toolchain only.
import PackageDescription

let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .treatAllWarnings(as: .error),
]

let package = Package(
    name: "WoteKit",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .library(name: "WoteKit", targets: ["WoteKit"]),
        .library(name: "WoteKitTesting", targets: ["WoteKitTesting"]),
        .executable(name: "wote", targets: ["wote"]),
    ],
    targets: [
        // Layers. The arrows are the architecture: Domain ← Repository ← Data,
        // Domain ← UseCases ← Presentation. Only the composition root sees all.
        .target(name: "WoteDomain", path: "Sources/Domain", swiftSettings: strictSettings),
        .target(
            name: "WoteRepository", dependencies: ["WoteDomain"],
            path: "Sources/Repository", swiftSettings: strictSettings),
        .target(
            name: "WoteData", dependencies: ["WoteRepository", "WoteDomain"],
            path: "Sources/Data", resources: [.copy("Resources/PrivacyInfo.xcprivacy")], swiftSettings: strictSettings),
        .target(
            name: "WoteUseCases", dependencies: ["WoteDomain"],
            path: "Sources/UseCases", swiftSettings: strictSettings),
        .target(
            name: "WotePresentation", dependencies: ["WoteUseCases", "WoteDomain"],
            path: "Sources/Presentation", swiftSettings: strictSettings),
        // Composition root: wires every layer from one configuration value.
        .target(
            name: "WoteKit",
            dependencies: ["WoteDomain", "WoteRepository", "WoteData", "WoteUseCases", "WotePresentation"],
            path: "Sources/WoteKit", swiftSettings: strictSettings),
        // Fakes an app uses to test its own code.
        .target(
            name: "WoteKitTesting", dependencies: ["WoteKit", "WoteDomain", "WoteData"],
            path: "Sources/WoteKitTesting", swiftSettings: strictSettings),
        // The terminal front: built from the composition root and the view models only.
        .target(
            name: "WoteCLI", dependencies: ["WoteKit"],
            path: "Sources/CLI", swiftSettings: strictSettings),
        .executableTarget(
            name: "wote", dependencies: ["WoteCLI"],
            path: "Sources/wote", swiftSettings: strictSettings),

        .testTarget(
            name: "DomainTests", dependencies: ["WoteDomain"],
            path: "Tests/DomainTests", swiftSettings: strictSettings),
        .testTarget(
            name: "RepositoryTests", dependencies: ["WoteRepository", "WoteDomain", "WoteKitTesting"],
            path: "Tests/RepositoryTests", swiftSettings: strictSettings),
        .testTarget(
            name: "DataTests", dependencies: ["WoteData", "WoteRepository", "WoteDomain", "WoteKitTesting"],
            path: "Tests/DataTests", swiftSettings: strictSettings),
        .testTarget(
            name: "SessionTests", dependencies: ["WoteData", "WoteRepository", "WoteDomain", "WoteKitTesting"],
            path: "Tests/SessionTests", swiftSettings: strictSettings),
        .testTarget(
            name: "UseCasesTests", dependencies: ["WoteUseCases", "WoteDomain", "WoteKitTesting"],
            path: "Tests/UseCasesTests", swiftSettings: strictSettings),
        .testTarget(
            name: "PresentationTests",
            dependencies: ["WotePresentation", "WoteUseCases", "WoteDomain", "WoteKitTesting"],
            path: "Tests/PresentationTests", swiftSettings: strictSettings),
        .testTarget(
            name: "WoteKitTests", dependencies: ["WoteKit", "WoteKitTesting"],
            path: "Tests/WoteKitTests", swiftSettings: strictSettings),
        .testTarget(
            name: "CLITests", dependencies: ["WoteCLI", "WoteKit", "WoteKitTesting"],
            path: "Tests/CLITests", swiftSettings: strictSettings),
        .testTarget(
            name: "EndToEndTests", dependencies: ["WoteKit", "WoteKitTesting"],
            path: "Tests/EndToEndTests", swiftSettings: strictSettings),
    ]
)
