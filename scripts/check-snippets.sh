#!/usr/bin/env bash
# Compiles every ```swift block of README.md, Docs/*.md, the DocC catalog
# (Sources/WoteKit/WoteKit.docc/*.md) and the SDK's `///` documentation comments (Sources/, the
# terminal front aside; a block in a comment keeps the file's line numbers) as a reader would paste it, and fails naming the file:line of
# any that does not compile (a compiler crash included). Prints how many it compiled.
#
# Usage: scripts/check-snippets.sh          (builds WoteCLI, WoteKit and WoteKitTesting first)
#        SNIPPETS_LIST=1 scripts/check-snippets.sh   (also lists every snippet and how it was placed)
#        scripts/check-snippets.sh --app-target=xcode26   (as a new Xcode 26 app target compiles them)
#        scripts/check-snippets.sh --self-test      (proves a type error and a compiler crash fail
#                                                   it: Tests/Snippets/SelfTest.md instead of the docs)
#
# How a block is placed, decided from its text alone (scripts/snippets/check.py):
# - Code (any top-level statement, `let`/`var` included): the body of
#   `func snippetN() async throws { … }`, a nonisolated async throwing function, as in an app's own
#   async code; its `import` lines go to the top of the file. So `@MainActor` API must be shown in a
#   main-actor context, and a typed `catch` must compile where an app would write it.
# - Declarations only (imports, types, functions, `@Test func`s, extensions): a whole file.
# - A block with no `import` continues the same document's last block that had some and gets its
#   imports (TestingYourApp's tests after the first one). Every file also imports Foundation,
#   WoteKit and, on Linux, FoundationNetworking (which Foundation brings on Apple platforms).
# - `import PackageDescription`: a whole Package.swift, type-checked against the toolchain's
#   PackageDescription. A block starting with `.package(`, `.product(` or `.target(`/`.testTarget(`
#   is a Package.swift fragment: each of its expressions is type-checked where Package.swift takes it
#   (`[Package.Dependency]`, `[Target.Dependency]`, `[Target]`).
# - Errors point at the Markdown file and line (`#sourceLocation`).
#
# What a snippet may leave to the reader (`wote`, `code`, `apiURL`, `showTaken()`, ...) is declared
# once in Tests/Snippets/Prelude.swift (and Prelude+*.swift beside it), compiled with every group. A snippet that needs more is
# fixed in the document, not excluded.
#
# Contexts:
# - WoteKit's public API: the modules `swift build` made in .build/debug/Modules, in a module of
#   another package (no `package` symbol reachable). Swift 6 language mode, warnings allowed.
# - Apple platforms: blocks in Docs/Apple.md and Docs/Extensions.md, and blocks importing a module that has a stand-in
#   under AppleStandIns/<Module>/ (SwiftUI, UIKit, AuthenticationServices, ... as they are added),
#   compile against every stand-in module (-I) and against WoteData and WoteKit compiled with those
#   stand-ins, as scripts/apple-typecheck.sh does, so Apple-only API (AppleLoginProvider) is there.
# - Docs/CLI.md (for contributors to the terminal front): type-checked as more files of the
#   WoteCLI module.
# - Blocks importing Alamofire or Moya (Docs/Session.md's interceptors) are listed as not compiled;
#   the adapters (the root's trait-gated targets, sources in Transports/) are checked by
#   scripts/alamofire-typecheck.sh, with Transports/Alamofire's documents. Any other unknown import fails.
# - Transports/AsyncHTTPClient/README.md: compiled by scripts/test.sh once its test package (which
#   builds WoteKit with the trait AsyncHTTPClient) is built, against its modules (WOTE_MODULES_DIR,
#   WOTE_SNIPPET_DOCS).
# - --app-target=xcode26 | --app-target=plain: as an app's own target compiles them, warnings as
#   errors (a value a snippet names and leaves unused aside): a new Xcode 26 app target's settings
#   (main-actor default isolation, NonisolatedNonsendingByDefault, InferIsolatedConformances), or a
#   plain Swift 6 target. Docs/CLI.md, for contributors, is left out.
#
# Speed: one `swiftc -wmo -emit-sil` per group (all code blocks together; whole-file blocks packed
# into as few groups as their top-level names allow), two at a time (SNIPPET_JOBS). -emit-sil runs
# the mandatory SIL passes, where the definite-initialization errors and the 6.3.1 crashes
# (Docs/KnownIssues.md) happen; -typecheck alone would miss them. When a group fails, each of its
# snippets is compiled alone to name the culprit.
set -euo pipefail
cd "$(dirname "$0")/.."

# With the flags scripts/test.sh builds with, so that after its build nothing is compiled again.
swift build --target WoteCLI -Xswiftc -warnings-as-errors >/dev/null   # WoteKit and every layer
swift build --target WoteKitTesting -Xswiftc -warnings-as-errors >/dev/null
exec python3 scripts/snippets/check.py "$@"
