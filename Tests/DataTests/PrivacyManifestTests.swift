import Foundation
import Testing
import WoteData

/// The privacy manifest is in the built resources and says what Apple requires of the data target.
@Suite struct PrivacyManifestTests {
    func manifest() throws -> [String: Any] {
        let url = try #require(PrivacyManifest.url)
        var format = PropertyListSerialization.PropertyListFormat.xml
        let plist = try PropertyListSerialization.propertyList(from: Data(contentsOf: url), format: &format)
        #expect(format == .xml)
        return try #require(plist as? [String: Any])
    }

    @Test func isInTheBuiltResources_asAValidPlist() throws {
        let url = try #require(PrivacyManifest.url)
        #expect(url.lastPathComponent == "PrivacyInfo.xcprivacy")
        _ = try manifest()
    }

    @Test func declaresNoTracking_noTrackingDomains_noCollectedData() throws {
        let manifest = try manifest()
        #expect(manifest["NSPrivacyTracking"] as? Bool == false)
        #expect((manifest["NSPrivacyTrackingDomains"] as? [Any])?.isEmpty == true)
        #expect((manifest["NSPrivacyCollectedDataTypes"] as? [Any])?.isEmpty == true)
    }

    @Test func declaresTheFileTimestampCategory_forFilesInTheAppContainer() throws {
        let types = try #require(try manifest()["NSPrivacyAccessedAPITypes"] as? [[String: Any]])
        #expect(types.count == 1)
        #expect(types.first?["NSPrivacyAccessedAPIType"] as? String == "NSPrivacyAccessedAPICategoryFileTimestamp")
        #expect(types.first?["NSPrivacyAccessedAPITypeReasons"] as? [String] == ["C617.1"])
    }
}
