import Foundation
import Testing
import WoteKit
import WoteKitTesting

/// The default token store is per app and per API origin: staging and production never share a
/// session, and one origin always finds its own.
@Suite struct DefaultStorageTests {
    static let production = URL(string: "https://api.wote.example")!
    static let staging = URL(string: "https://staging.wote.example")!

    @Test func keychainService_isTheBundleIdentifier_andTheOrigin() {
        let service = WoteConfiguration.defaultKeychainService(
            for: Self.production, appName: "wote", bundleIdentifier: "com.example.app")
        #expect(service == "com.example.app/https://api.wote.example:443")
    }

    @Test(arguments: [nil, ""])
    func keychainService_withoutABundleIdentifier_usesTheAppName(_ bundle: String?) {
        let service = WoteConfiguration.defaultKeychainService(
            for: Self.production, appName: "wote-cli", bundleIdentifier: bundle)
        #expect(service == "wote-cli/https://api.wote.example:443")
    }

    @Test func apps_useTheDataProtectionKeychain_commandLineToolsTheLoginKeychain() {
        #expect(WoteConfiguration.defaultUsesDataProtectionKeychain(bundleIdentifier: "com.example.app"))
        #expect(!WoteConfiguration.defaultUsesDataProtectionKeychain(bundleIdentifier: nil))
        #expect(!WoteConfiguration.defaultUsesDataProtectionKeychain(bundleIdentifier: ""))
    }

    @Test func keychainService_differsPerOrigin_andIsStableForOne() {
        func service(_ url: String) -> String {
            WoteConfiguration.defaultKeychainService(for: URL(string: url)!, appName: "a", bundleIdentifier: "b")
        }
        #expect(service("https://api.wote.example") != service("https://staging.wote.example"))
        #expect(service("http://localhost:8080") != service("http://127.0.0.1:8080"))
        #expect(service("http://localhost:8080") != service("http://localhost:8081"))
        #expect(service("https://api.wote.example") == service("https://API.wote.example:443/api/v1/"))
    }

    @Test func storeFile_isUnderTheStateDirectory_inAFolderNamedAfterTheOrigin() {
        let file = WoteConfiguration.defaultStoreFile(for: Self.production, appName: "wote")
        let expected = WoteConfiguration.defaultStateDirectory(appName: "wote")
            .appendingPathComponent("https_api.wote.example_443").appendingPathComponent("session.json")
        #expect(file == expected)
    }

    @Test func storeFile_differsPerOrigin_andIsStableForOne() {
        func file(_ url: String) -> URL { WoteConfiguration.defaultStoreFile(for: URL(string: url)!, appName: "wote") }
        #expect(file("https://api.wote.example") != file("https://staging.wote.example"))
        #expect(file("http://localhost:8080") != file("http://127.0.0.1:8080"))
        #expect(file("http://api.wote.example") != file("https://api.wote.example"))
        #expect(file("https://api.wote.example/v1") == file("https://api.wote.example:443/v2/"))
    }

    @Test(arguments: [
        "http://[::1]:8080", "https://a_b.example", "https://a%2Fb.example", "http://..:80", "file:///etc",
    ])
    func storeFolder_isOneSafePathComponent_whateverTheOrigin(_ url: String) throws {
        let file = WoteConfiguration.defaultStoreFile(for: try #require(URL(string: url)), appName: "wote")
        let folder = file.deletingLastPathComponent()
        func path(_ url: URL) -> String {
            let path = url.path(percentEncoded: false)
            return path.hasSuffix("/") ? String(path.dropLast()) : path
        }
        #expect(
            path(folder.deletingLastPathComponent()) == path(WoteConfiguration.defaultStateDirectory(appName: "wote")))
        let name = folder.lastPathComponent
        #expect(!name.isEmpty && name != "." && name != ".." && !name.hasPrefix("."))
        #expect(name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) })
    }

    @Test func underscoresInAHost_cannotCollideWithTheSeparators() {
        let underscored = WoteConfiguration.defaultStoreFile(for: URL(string: "http://a_80")!, appName: "w")
        let plain = WoteConfiguration.defaultStoreFile(for: URL(string: "http://a:80")!, appName: "w")
        #expect(underscored != plain)
    }

    #if !canImport(Security)
    @Test func withoutAnAppName_theStoreIsNamedAfterTheRunningProgram_notWote() throws {
        let program = ProcessInfo.processInfo.processName
        #expect(!program.isEmpty && program != "wote")
        let store = try #require(WoteConfiguration(baseURL: Self.production).storage as? FileTokenStorage)
        let stateDirectory = store.fileURL.deletingLastPathComponent().deletingLastPathComponent()
        #expect(stateDirectory.lastPathComponent == WoteConfiguration.appName(forProgram: program))
        #expect(store.fileURL != WoteConfiguration.defaultStoreFile(for: Self.production, appName: "wote"))
        let named = try #require(
            WoteConfiguration.defaultStorage(for: Self.production, appName: "wote") as? FileTokenStorage)
        #expect(named.fileURL == WoteConfiguration.defaultStoreFile(for: Self.production, appName: "wote"))
    }
    #endif

    @Test func programNames_becomeOneSafeFolderName() {
        #expect(WoteConfiguration.appName(forProgram: "my-server") == "my-server")
        #expect(WoteConfiguration.appName(forProgram: "../etc") != "../etc")
        #expect(!WoteConfiguration.appName(forProgram: "a/b").contains("/"))
        #expect(WoteConfiguration.appName(forProgram: "a b") != WoteConfiguration.appName(forProgram: "a_b"))
        #expect(WoteConfiguration.appName(forProgram: "") == "app")
        #expect(WoteConfiguration.defaultStateDirectory().lastPathComponent == WoteConfiguration.defaultAppName)
    }

    #if !canImport(Security)
    @Test func configuration_picksTheStoreFromItsBaseURL_unlessOneIsGiven() throws {
        var configuration = WoteConfiguration(baseURL: Self.staging)
        let staging = try #require(configuration.storage as? FileTokenStorage)
        #expect(
            staging.fileURL
                == WoteConfiguration.defaultStoreFile(for: Self.staging, appName: WoteConfiguration.defaultAppName))
        configuration.baseURL = Self.production
        let production = try #require(configuration.storage as? FileTokenStorage)
        #expect(production.fileURL != staging.fileURL)

        let given = TestTokenStorage()
        configuration.storage = given
        configuration.baseURL = Self.staging
        #expect(configuration.storage as? TestTokenStorage === given)
        #expect(WoteConfiguration(baseURL: Self.staging, storage: given).storage as? TestTokenStorage === given)
    }
    #endif
}
