// swift-tools-version: 6.2
// WoteKit's network leaf on AsyncHTTPClient, for servers and Linux apps that already run SwiftNIO.
// A package of its own, so that the SDK's Package.swift keeps zero dependencies: this one depends on
// the SDK by path and on async-http-client (and so on swift-nio).
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

// What both the transport and its tests import (each target lists what it imports itself).
let imported: [Target.Dependency] = [
    .product(name: "WoteKit", package: sdkIdentity),
    .product(name: "AsyncHTTPClient", package: "async-http-client"),
    .product(name: "NIOCore", package: "swift-nio"),
    .product(name: "NIOHTTP1", package: "swift-nio"),
    .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
]

let package = Package(
    name: "WoteKitAsyncHTTPClient",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .library(name: "WoteKitAsyncHTTPClient", targets: ["WoteKitAsyncHTTPClient"])
    ],
    dependencies: [
        .package(path: "../.."),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        // AsyncHTTPClient's own dependency; the transport only tells its no-op tracer apart.
        .package(url: "https://github.com/apple/swift-distributed-tracing.git", from: "1.1.0"),
    ],
    targets: [
        .target(
            name: "WoteKitAsyncHTTPClient",
            dependencies: imported + [
                .product(name: "NIOFoundationCompat", package: "swift-nio"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
            ],
            path: "Sources/WoteKitAsyncHTTPClient",
            swiftSettings: strictSettings),
        .testTarget(
            name: "WoteKitAsyncHTTPClientTests",
            dependencies: ["WoteKitAsyncHTTPClient"] + imported + [.product(name: "NIOPosix", package: "swift-nio")],
            path: "Tests/WoteKitAsyncHTTPClientTests",
            swiftSettings: strictSettings),
    ]
)
