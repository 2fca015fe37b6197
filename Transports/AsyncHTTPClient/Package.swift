// swift-tools-version: 6.2
// The AsyncHTTPClient transport's tests. The transport itself is the root package's product
// WoteKitAsyncHTTPClient, behind its trait `AsyncHTTPClient` (its sources are in Sources/ here); this
// package only tests it: it depends on the root by path with that trait on, and on the SwiftNIO
// modules its loopback server needs. Built here and not as a test target of the root, so that CI does
// not rebuild the whole SDK and its tests with the trait on: `swift test --package-path
// Transports/AsyncHTTPClient` (scripts/test.sh runs it).
import Foundation
import PackageDescription

// A path dependency's identity is its folder's name, which differs between clones and worktrees.
let sdkFolder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let sdkIdentity = sdkFolder.lastPathComponent.lowercased()

let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .treatAllWarnings(as: .error),
]

let package = Package(
    name: "WoteKitAsyncHTTPClientTests",
    platforms: [.macOS(.v14), .iOS(.v17)],
    dependencies: [
        .package(path: "../..", traits: ["AsyncHTTPClient"]),
        // The same requirements as the root's, for the modules the tests import themselves.
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    ],
    targets: [
        .testTarget(
            name: "WoteKitAsyncHTTPClientTests",
            dependencies: [
                .product(name: "WoteKit", package: sdkIdentity),
                .product(name: "WoteKitAsyncHTTPClient", package: sdkIdentity),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            path: "Tests/WoteKitAsyncHTTPClientTests",
            swiftSettings: strictSettings)
    ]
)
