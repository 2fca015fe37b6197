// swift-tools-version: 6.2
// WoteKit's benchmarks against the reference server (issue 6). A package of their own, so that the
// SDK's Package.swift keeps zero dependencies; this one depends on the SDK by path, and on the
// AsyncHTTPClient transport package (Transports/AsyncHTTPClient) by path for the transport benchmark.
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
    dependencies: [.package(path: "..")]
        + (withAsyncHTTPClient ? [.package(path: "../Transports/AsyncHTTPClient")] : []),
    targets: [
        // glibc's heap statistics, which Swift's Glibc module does not export.
        .target(name: "CHeapStats", path: "Sources/CHeapStats"),
        .executableTarget(
            name: "wote-bench",
            dependencies: ["CHeapStats", .product(name: "WoteKit", package: sdkIdentity)]
                + (withAsyncHTTPClient
                    ? [.product(name: "WoteKitAsyncHTTPClient", package: "asynchttpclient")] : []),
            path: "Sources/wote-bench",
            exclude: withAsyncHTTPClient ? [] : ["TransportBenchmark.swift"],
            swiftSettings: [
                .enableUpcomingFeature("ExistentialAny"),
                .enableUpcomingFeature("MemberImportVisibility"),
                .treatAllWarnings(as: .error),
            ] + (withAsyncHTTPClient ? [.define("WOTE_BENCH_ASYNC_HTTP_CLIENT")] : []))
    ]
)
