// swift-tools-version: 6.2
// WoteKit's bearer interceptor for Alamofire (and Moya on top of it): a package of its own, so that
// the SDK's Package.swift keeps zero dependencies. It depends on the SDK by path and on Alamofire 5.
//
// CI cannot fetch Alamofire: scripts/alamofire-typecheck.sh type-checks these sources against
// StandIns/Alamofire, which declares the Alamofire signatures they use.
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
    name: "WoteKitAlamofire",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .library(name: "WoteKitAlamofire", targets: ["WoteKitAlamofire"])
    ],
    dependencies: [
        .package(path: "../.."),
        .package(url: "https://github.com/Alamofire/Alamofire.git", from: "5.10.0"),
    ],
    targets: [
        .target(
            name: "WoteKitAlamofire",
            dependencies: [
                .product(name: "WoteKit", package: sdkIdentity),
                .product(name: "Alamofire", package: "Alamofire"),
            ],
            path: "Sources/WoteKitAlamofire",
            swiftSettings: strictSettings)
    ]
)
