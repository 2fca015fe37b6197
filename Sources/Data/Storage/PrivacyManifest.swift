package import Foundation

/// The SDK's privacy manifest (`PrivacyInfo.xcprivacy`), shipped as a resource of this target because
/// this target calls `stat` and `fstat` (`POSIXFile`), required-reason APIs of the file timestamp
/// category: it reads the type of its own store file and directories, in the app's container
/// (reason `C617.1`). It declares no tracking and no collected data: tokens stay on the device.
package enum PrivacyManifest {
    /// Where the manifest is in the built resources; `nil` in a build without SwiftPM's resource
    /// bundle (the fuzzing build compiles the sources with plain `swiftc`).
    package static var url: URL? {
        #if SWIFT_MODULE_RESOURCE_BUNDLE_AVAILABLE
        Bundle.module.url(forResource: "PrivacyInfo", withExtension: "xcprivacy")
        #else
        nil
        #endif
    }
}
