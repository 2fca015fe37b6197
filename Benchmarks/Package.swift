// swift-tools-version: 6.2
// WoteKit's benchmarks against the reference server (issue 6). A package of their own, so that the
// SDK's Package.swift keeps zero dependencies; this one depends on the SDK by path, with its trait
// AsyncHTTPClient (the product WoteKitAsyncHTTPClient) for the transport benchmark.
import Foundation
import PackageDescription

// A path dependency's identity is its folder's name, which differs between clones and worktrees.
let sdkFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
let sdkIdentity = sdkFolder.lastPathComponent.lowercased()

// `WOTE_BENCH_NO_ASYNC_HTTP_CLIENT=1` builds without the AsyncHTTPClient transport (and its
// benchmark), which takes several minutes to build from nothing on two cores.
let withAsyncHTTPClient = ProcessInfo.processInfo.environment["WOTE_BENCH_NO_ASYNC_HTTP_CLIENT"] == nil

let package = Package(
    name: "WoteBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [.package(path: "..", traits: withAsyncHTTPClient ? ["AsyncHTTPClient"] : [])]
        + (withAsyncHTTPClient
            ? [
                // The bare client the AsyncHTTPClient overhead benchmark compares WoteKit with.
                .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
                .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
            ] : []),
    targets: [
        // glibc's heap statistics, which Swift's Glibc module does not export.
        .target(name: "CHeapStats", path: "Sources/CHeapStats"),
        .executableTarget(
            name: "wote-bench",
            dependencies: ["CHeapStats", .product(name: "WoteKit", package: sdkIdentity)]
                + (withAsyncHTTPClient
                    ? [
                        .product(name: "WoteKitAsyncHTTPClient", package: sdkIdentity),
                        .product(name: "AsyncHTTPClient", package: "async-http-client"),
                        .product(name: "NIOCore", package: "swift-nio"),
                        .product(name: "NIOHTTP1", package: "swift-nio"),
                        .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                        .product(name: "NIOFoundationCompat", package: "swift-nio"),
                    ] : []),
            path: "Sources/wote-bench",
            exclude: withAsyncHTTPClient
                ? []
                : [
                    "TransportBenchmark.swift", "AHCOverheadBenchmark.swift", "AHCProfileRun.swift",
                    "BareAHCProfileClient.swift", "LegacyAHCTransport.swift",
                ],
            swiftSettings: [
                .enableUpcomingFeature("ExistentialAny"),
                .enableUpcomingFeature("MemberImportVisibility"),
                .treatAllWarnings(as: .error),
            ] + (withAsyncHTTPClient ? [.define("WOTE_BENCH_ASYNC_HTTP_CLIENT")] : [])),
    ]
)
