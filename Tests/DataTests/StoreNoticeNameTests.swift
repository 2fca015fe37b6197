import Foundation
import Testing
import WoteData

/// Apple audit 2026-11-28, F4: a store's Darwin notification name is reverse-DNS under the app's
/// identifier and holds a hash of the store's identity, never its path, service or origin.
@Suite struct StoreNoticeNameTests {
    @Test func f4_theNameSpellsOutNoPathServiceOrOrigin() {
        let file = StoreNoticeName.make("file\u{0}/Users/ann/Library/Group Containers/G/wote/session.json")
        let keychain = StoreNoticeName.make(
            "keychain\u{0}com.example.app/https://api.wote.example:443\u{0}session\u{0}TEAM.shared")
        for name in [file, keychain] {
            #expect(!name.contains("Users"), "\(name)")
            #expect(!name.contains("ann"), "\(name)")
            #expect(!name.contains("api"), "\(name)")
            #expect(!name.contains("example"), "\(name)")
            #expect(!name.hasPrefix("wote.store."), "\(name): not under the app's own prefix")
            #expect(name.hasSuffix(".wote.store." + String(name.suffix(64))))
            #expect(name.utf8.count < 512)  // notify_ipc.defs: c_string[*:512]
        }
        #expect(file != keychain)
    }

    @Test func f4_theNameIsTheAppsIdentifier_thenTheHashOfTheIdentity() {
        let name = StoreNoticeName.make("keychain\u{0}s\u{0}session\u{0}", appIdentifier: "com.example.app")
        #expect(name == "com.example.app.wote.store." + SHA256.hex("keychain\u{0}s\u{0}session\u{0}"))
        // Apple's prefix is reserved and `self.` names are process-local (notify(3)): neither is used.
        #expect(StoreNoticeName.make("x", appIdentifier: "com.apple.widget").hasPrefix("wote.wote.store."))
        #expect(StoreNoticeName.make("x", appIdentifier: "self.x").hasPrefix("wote.wote.store."))
        #expect(StoreNoticeName.make("x", appIdentifier: "a b/c").hasPrefix("a-b-c.wote.store."))
    }

    @Test func f4_sha256_matchesTheStandardsVectors() {
        // FIPS 180-4 examples (NIST CSRC "SHA256.pdf"): "abc", the empty message, two blocks.
        #expect(SHA256.hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(
            SHA256.hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test func f4_anExtension_isToldFromItsBundle() {
        #expect(AppBundle.isAppExtension(bundleURL: URL(fileURLWithPath: "/A/App.app/PlugIns/Widget.appex")))
        #expect(!AppBundle.isAppExtension(bundleURL: URL(fileURLWithPath: "/A/App.app")))
        #expect(!AppBundle.isAppExtension(bundleURL: URL(fileURLWithPath: "/usr/local/bin")))
    }
}
