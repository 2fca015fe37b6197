// swift-tools-version: 6.2
// WoteKit's benchmarks against the reference server (issue 6). A package of their own, so that the
// SDK's Package.swift keeps zero dependencies; this one depends on the SDK by path, and on the
// AsyncHTTPClient transport package (Transports/AsyncHTTPClient) by path for the transport benchmark.
import Foundation
import PackageDescription

// A path dependency's identity is its folder's name, which differs between clones and worktrees.
let sdkFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
let sdkIdentity = sdkFolder.lastPathComponent.lowercased()

let package = Package(
    name: "WoteBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [.package(path: ".."), .package(path: "../Transports/AsyncHTTPClient")],
    targets: [
        // glibc's heap statistics, which Swift's Glibc module does not export.
        .target(name: "CHeapStats", path: "Sources/CHeapStats"),
        .executableTarget(
            name: "wote-bench",
            dependencies: [
                "CHeapStats", .product(name: "WoteKit", package: sdkIdentity),
                .product(name: "WoteKitAsyncHTTPClient", package: "asynchttpclient"),
            ],
            path: "Sources/wote-bench",
            swiftSettings: [
                .enableUpcomingFeature("ExistentialAny"),
                .enableUpcomingFeature("MemberImportVisibility"),
                .treatAllWarnings(as: .error),
            ])
    ]
)
