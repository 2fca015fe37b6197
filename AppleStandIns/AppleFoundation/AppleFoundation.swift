// Stand-in for Apple's Foundation as far as imports go: on Apple platforms `URLSession`,
// `URLRequest` and `URLSessionConfiguration` are Foundation's own, while on Linux they live in
// FoundationNetworking. scripts/apple-typecheck.sh compiles WoteKit's sources as an Apple build
// sees them: every `canImport(FoundationNetworking)` is false, and every `import Foundation`
// (at its own access level) imports this module instead, which re-exports both. So a file that
// gets a networking type publicly only from its Linux branch fails here as it fails in Xcode
// ("cannot be declared public because its parameter uses an internal type").
// Compiled only by scripts/apple-typecheck.sh; never shipped.
@_exported public import Foundation
@_exported public import FoundationNetworking
