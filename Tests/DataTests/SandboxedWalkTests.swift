import Foundation
import Testing
import WoteData
import WoteDomain
import WoteTestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Apple audit 2026-11-28, F1: on Apple platforms the trust walk starts at the container the system
/// gives the process (a sandbox refuses to open the folders above it), and checks only what lies
/// below it, with the same rules against planted folders and symbolic links. Linux runs the same
/// walk with the container given explicitly (on Linux no container is given: the walk starts at
/// `/`, see ``SearchOnlyFolderProcessTests`` for a folder that may be searched but not read).
@Suite(.timeLimit(.minutes(1))) struct SandboxedWalkTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    @Test func f1_theWalkStartsAtTheContainer_andLooksAtNothingAboveIt() throws {
        // Above the container: a folder a full walk refuses (writable by others, not sticky), as a
        // sandboxed process cannot even open the folders above its container.
        let above = try makeFolder("above", mode: 0o777)
        let container = try makeFolder("above/container", mode: 0o700)
        let store = path(container) + "/wote"

        let fromTheTop = #expect(throws: TokenStorageError.self) {
            try TrustedDirectory.open(store, creating: true, role: "the token directory", containers: [])
        }
        #expect(fromTheTop?.reason.contains("\(path(above)) may be written by others") == true, "\(fromTheTop)")

        let opened = try #require(
            try TrustedDirectory.open(store, creating: true, role: "the token directory", containers: [path(container)])
        )
        #expect(opened.path == store)
        #expect(permissions(of: URL(fileURLWithPath: store)) == 0o700)
    }

    @Test func f1_belowTheContainer_aFolderWritableByOthers_isStillRefused() throws {
        let container = try makeFolder("container", mode: 0o700)
        let open = try makeFolder("container/open", mode: 0o777)
        let error = #expect(throws: TokenStorageError.self) {
            try TrustedDirectory.open(
                path(open) + "/wote", creating: true, role: "the token directory", containers: [path(container)])
        }
        #expect(error?.reason.contains("\(path(open)) may be written by others") == true, "\(error)")
    }

    @Test func f1_theContainerItself_isTheStoresFolder_underTheStoreFoldersRule() throws {
        let container = try makeFolder("container", mode: 0o770)
        let error = #expect(throws: TokenStorageError.self) {
            try TrustedDirectory.open(
                path(container), creating: false, role: "the token directory", containers: [path(container)])
        }
        #expect(error?.reason.contains("may be written by others (mode 770)") == true, "\(error)")
    }

    @Test func f1_aSymbolicLinkOutOfTheContainer_isWalkedFromTheTop() throws {
        let above = try makeFolder("open", mode: 0o777)
        let elsewhere = try makeFolder("open/elsewhere", mode: 0o700)
        let container = try makeFolder("container", mode: 0o700)
        let link = container.appending(path: "wote")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: elsewhere)

        let error = #expect(throws: TokenStorageError.self) {
            try TrustedDirectory.open(
                path(link), creating: false, role: "the token directory", containers: [path(container)])
        }
        #expect(error?.reason.contains("\(path(above)) may be written by others") == true, "\(error)")
    }

    @Test func f1_aSymbolicLinkWithinTheContainer_isFollowed_fromTheContainer() throws {
        _ = try makeFolder("above", mode: 0o777)
        let container = try makeFolder("above/container", mode: 0o700)
        let real = try makeFolder("above/container/real", mode: 0o700)
        let link = container.appending(path: "wote")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)

        let opened = try #require(
            try TrustedDirectory.open(
                path(link), creating: false, role: "the token directory", containers: [path(container)]))
        #expect(opened.path == path(real))
    }

    @Test func f1_aDotDotBelowTheContainer_startsNoWalkThere() {
        #expect(TrustedDirectory.containerRoot(of: ["a", "c", "..", "x"], containers: ["/a/c"]) == nil)
        #expect(TrustedDirectory.containerRoot(of: ["a", "c", "x"], containers: ["/a/c/../b"]) == nil)
        let found = TrustedDirectory.containerRoot(of: ["a", "c", "x", "y"], containers: ["/a", "/a/c/", "/b"])
        #expect(found?.root == "/a/c")
        #expect(found?.below == ["x", "y"])
        #expect(TrustedDirectory.containerRoot(of: ["a", "cd"], containers: ["/a/c"]) == nil)
    }

    @Test func f1_appGroupContainers_areOnlyWhereTheSystemPutsThem() {
        func group(_ path: String, home: String) -> String? {
            TrustedDirectory.appGroupContainer(of: TrustedDirectory.components(of: path), userHome: home)
        }
        let iosHome = "/private/var/mobile/Containers/Data/Application/0A1B"
        #expect(
            group("/private/var/mobile/Containers/Shared/AppGroup/ABCD/Library/wote", home: iosHome)
                == "/private/var/mobile/Containers/Shared/AppGroup/ABCD")
        #expect(
            group("/var/mobile/Containers/Shared/AppGroup/ABCD/wote", home: iosHome)
                == "/var/mobile/Containers/Shared/AppGroup/ABCD")
        #expect(
            group("/Users/ann/Library/Group Containers/TEAM.group.x/wote", home: "/Users/ann")
                == "/Users/ann/Library/Group Containers/TEAM.group.x")
        // The same names anywhere else are no container: anybody could have made them.
        #expect(group("/tmp/evil/Library/Group Containers/TEAM.group.x/wote", home: "/Users/ann") == nil)
        #expect(group("/Users/bob/Library/Group Containers/TEAM.group.x/wote", home: "/Users/ann") == nil)
        #expect(group("/tmp/private/var/mobile/Containers/Shared/AppGroup/ABCD/wote", home: iosHome) == nil)
        #expect(group("/var/mobile/Containers/Shared/AppGroup/../x/wote", home: iosHome) == nil)
        #expect(group("/var/mobile/Containers/Shared/AppGroup", home: iosHome) == nil)
    }

    // MARK: - Helpers

    private func path(_ url: URL) -> String {
        var text = url.path(percentEncoded: false)
        while text.count > 1, text.hasSuffix("/") { text.removeLast() }
        return text
    }

    private func makeFolder(_ relative: String, mode: Int) throws -> URL {
        let url = directory.url.appending(path: relative)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        try setPermissions(mode, of: url)
        return url
    }
}
