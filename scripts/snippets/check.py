#!/usr/bin/env python3
"""Compiles the Swift snippets of WoteKit's documentation; see scripts/check-snippets.sh."""
import os
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MODULES = Path(os.environ.get("WOTE_MODULES_DIR", ROOT / ".build/debug/Modules")).resolve()
PRELUDE = ROOT / "Tests/Snippets/Prelude.swift"
# More of what a snippet may leave to the reader, one file per part of the API whose examples need it.
PRELUDES = [PRELUDE] + sorted((ROOT / "Tests/Snippets").glob("Prelude+*.swift"))
STANDINS = ROOT / "AppleStandIns"
JOBS = int(os.environ.get("SNIPPET_JOBS", "2"))
DOCS = ["README.md", "Docs/*.md", "Sources/WoteKit/WoteKit.docc/*.md",
        # The examples in the SDK's documentation comments, which DocC and Xcode's Quick Help show.
        "Sources/Domain/**/*.swift", "Sources/Data/**/*.swift", "Sources/Repository/**/*.swift",
        "Sources/Session/**/*.swift", "Sources/Contract/**/*.swift", "Sources/Wire/**/*.swift", "Sources/Locked/**/*.swift",
        "Sources/UseCases/**/*.swift", "Sources/Presentation/**/*.swift", "Sources/WoteKit/*.swift",
        "Sources/WoteKitTesting/**/*.swift"]
# Another package's documents, compiled against that package's modules (WOTE_MODULES_DIR): the
# AsyncHTTPClient transport's README (scripts/test.sh, once that package is built).
if os.environ.get("WOTE_SNIPPET_DOCS"):
    DOCS = os.environ["WOTE_SNIPPET_DOCS"].split(",")
# The C modules of the package that built MODULES (none for WoteKit's own; SwiftNIO's and its
# dependencies' for another package's), as SwiftPM passes them to a Swift target that imports them.
_BUILD = MODULES.parent
C_MODULE_MAPS = (sorted(_BUILD.glob("*.build/module.modulemap"))
                 + sorted((_BUILD.parent.parent / "checkouts").glob("*/Sources/*/include/module.modulemap")))
SKIPPED_FOLDERS = ["Transports/Alamofire"]   # checked by Transports/Alamofire's own script
# Snippets importing these show another library's API (Docs/Session.md's Alamofire and Moya
# interceptors); they are listed as not compiled, and Transports/ compiles the adapters themselves
# (scripts/alamofire-typecheck.sh checks Transports/Alamofire and its README against its stand-in,
# which declares only what the adapter uses: Docs/Session.md's older interceptor does not compile
# against it).
# Documents about Apple-only API: their snippets compile against WoteKit's Apple build.
APPLE_DOCUMENTS = {"Docs/Apple.md", "Docs/Extensions.md"}
# Documents for contributors to the terminal front: their snippets see WoteCLI's package API.
CLI_DOCUMENTS = {"Docs/CLI.md"}
THIRD_PARTY = {"Alamofire", "Moya"}
TOOLCHAIN_MODULES = {"Foundation", "FoundationNetworking", "FoundationEssentials", "Dispatch",
                     "Observation", "Synchronization", "Testing", "_Concurrency"}
# As an app's own target compiles them (`--app-target=NAME`), with warnings as errors (a value a
# snippet names and does not use afterwards, or an expression it shows whose result it drops, aside): `xcode26`, a target as a new Xcode 26 app has it
# (SE-0466 main-actor default isolation, SE-0461 nonisolated(nonsending) by default, SE-0470 isolated
# conformances inferred), or `plain`, a Swift 6 target with none of these. Without the option:
# Swift 6, warnings allowed. Docs/CLI.md is for contributors, not apps: left out in those modes.
APP_TARGETS = {
    "xcode26": ["-default-isolation", "MainActor",
                "-enable-upcoming-feature", "NonisolatedNonsendingByDefault",
                "-enable-upcoming-feature", "InferIsolatedConformances"],
    "plain": [],
}
APP_TARGET = next((a.split("=", 1)[1] for a in sys.argv if a.startswith("--app-target=")), None)
if APP_TARGET is not None and APP_TARGET not in APP_TARGETS:
    sys.exit(f"check-snippets: --app-target= takes {', '.join(APP_TARGETS)}")
# (and a `public import` in a snippet that shows imports alone, with nothing public to use it).
ALLOWED_WARNINGS = re.compile(r"was never used|was written to, but never read|is unused \[#no-usage\]|"
                              r"was not used in public declarations or inlinable code")
# `--emit=DIR`: write the preludes and every code snippet of the documents as Swift files into DIR,
# compile nothing (scripts/consumer-check.sh builds README's in a package of an app's own).
EMIT = next((Path(a.split("=", 1)[1]) for a in sys.argv if a.startswith("--emit=")), None)
IMPLICIT_IMPORTS = ("import Foundation\n#if canImport(FoundationNetworking)\n"
                    "import FoundationNetworking\n#endif\nimport WoteKit\n")
DECLARATION = re.compile(
    r"^(?:@\w+(?:\([^)]*\))?\s+|(?:public|package|internal|private|fileprivate|final|nonisolated|"
    r"static)\s+)*(import|struct|class|enum|actor|protocol|extension|func|typealias)\b")
NAMED = re.compile(r"^(?:@\w+(?:\([^)]*\))?\s+|\w+\s+)*?(?:struct|class|enum|actor|protocol|func|typealias)\s+(\w+)")
IMPORT = re.compile(r"^\s*(?:@\w+\s+)*import\s+(?:(?:struct|class|enum|func|protocol)\s+)?(\w+)")
CONTINUATION = re.compile(r"^(?:[.})\]]|catch\b|else\b|where\b|&&|\|\||\?|:|\+|-|\*|/(?!/)|==|!=|<|>)")


class Snippet:
    def __init__(self, doc, line, text):
        self.doc, self.line, self.text = doc, line, text   # line: the first line inside the fence
        self.lines = text.split("\n")
        self.index = 0
        self.kind = None        # body | file | manifest | fragment
        self.names = set()
        self.imports = []
        self.missing = []       # modules that cannot be had here
        self.inherited = []     # imports of the document's previous snippet that had any
        self.context = "app"    # app: WoteKit's public API; apple: its Apple build; cli: WoteCLI's package API

    @property
    def where(self):
        return f"{self.doc}:{self.line - 1}"

    def contains(self, doc, line):
        return doc == self.doc and self.line <= line < self.line + len(self.lines)


SELF_TEST = "Tests/Snippets/SelfTest.md"


def documents():
    if "--self-test" in sys.argv:
        return [ROOT / SELF_TEST]
    found = []
    for pattern in DOCS:
        found += sorted(ROOT.glob(pattern))
    return [p for p in found if not any(str(p.relative_to(ROOT)).startswith(s) for s in SKIPPED_FOLDERS)]


def extract(path):
    doc = str(path.relative_to(ROOT))
    snippets, lines = [], path.read_text().split("\n")
    if path.suffix == ".swift":
        # A source file's documentation comments (DocC shows their examples): the text after `///`,
        # every other line blanked, so that line numbers stay the file's.
        lines = [m.group(1) if (m := re.match(r"^\s*/// ?(.*)$", l)) else "" for l in lines]
    i = 0
    while i < len(lines):
        fence = re.match(r"^(\s*)```swift\s*$", lines[i])
        if not fence:
            i += 1
            continue
        indent, start, body = len(fence.group(1)), i + 2, []
        i += 1
        while i < len(lines) and not re.match(r"^\s*```\s*$", lines[i]):
            body.append(lines[i][indent:] if lines[i][:indent].strip() == "" else lines[i])
            i += 1
        snippets.append(Snippet(doc, start, "\n".join(body)))
        i += 1
    return snippets


def code_only(line):
    """The line without comments and string contents, enough to count brackets."""
    line = re.sub(r'#"(?:[^"]|"(?!#))*"#', '""', line)
    line = re.sub(r'"(?:\\.|[^"\\])*"', '""', line)
    return line.split("//", 1)[0]


def classify(snippet):
    snippet.imports = [m.group(1) for l in snippet.lines if (m := IMPORT.match(l))]
    code = [code_only(l) for l in snippet.lines]
    first = next((c.strip() for c in code if c.strip()), "")
    if "PackageDescription" in snippet.imports:
        snippet.kind = "manifest"
        return
    if re.match(r"^\.(package|product|target|testTarget|executableTarget)\(", first):
        snippet.kind = "fragment"
        return
    depth, statements, declarations, pending_attribute = 0, 0, 0, False
    for c in code:
        stripped = c.strip()
        if re.match(r"^#(if|elseif|else|endif)\b", stripped):
            continue  # a compiler directive is neither code nor a declaration
        if depth == 0 and stripped:
            if pending_attribute or CONTINUATION.match(stripped):
                pending_attribute = False
            elif re.fullmatch(r"(@\w+(\([^)]*\))?\s*)+", stripped):
                pending_attribute = True
            elif DECLARATION.match(stripped):
                declarations += 1
                if (named := NAMED.match(stripped)):
                    snippet.names.add(named.group(1))
            else:
                statements += 1
            if pending_attribute is False and stripped.startswith("@") and (named := NAMED.match(stripped)):
                snippet.names.add(named.group(1))
        depth += sum(c.count(o) for o in "{([") - sum(c.count(o) for o in "})]")
        depth = max(depth, 0)
    snippet.kind = "file" if statements == 0 and declarations > 0 else "body"
    if snippet.kind == "body":
        snippet.names = set()


def source_of(snippet):
    location = f'#sourceLocation(file: "{snippet.doc}", line: {snippet.line})\n'
    implicit = IMPLICIT_IMPORTS + "".join(f"import {m}\n" for m in snippet.inherited)
    if snippet.kind == "file":
        return implicit + location + snippet.text + "\n#sourceLocation()\n"
    imports = "".join(l + "\n" for l in snippet.lines if IMPORT.match(l))
    body = "\n".join("" if IMPORT.match(l) else l for l in snippet.lines)
    return (implicit + imports + f"\nfunc snippet{snippet.index}() async throws {{\n" + location
            + body + "\n#sourceLocation()\n}\n")


def fragment_source(snippet):
    """Each top-level expression of a Package.swift fragment, given the type its place needs."""
    kinds = {"package": "Package.Dependency", "product": "Target.Dependency", "target": "Target",
             "testTarget": "Target", "executableTarget": "Target"}
    out, depth, start, current = ["import PackageDescription\n"], 0, None, []
    for number, line in enumerate(snippet.lines):
        code = code_only(line)
        if depth == 0 and code.strip():
            if start is None:
                start = number
        if start is not None:
            current.append(code)
        depth += sum(code.count(o) for o in "{([") - sum(code.count(o) for o in "})]")
        if depth == 0 and start is not None and code.strip():
            expression = "\n".join(current).strip().rstrip(",")
            member = re.match(r"^\.(\w+)\(", expression)
            kind = kinds.get(member.group(1) if member else "", None)
            if kind is None:
                return None
            out.append(f'#sourceLocation(file: "{snippet.doc}", line: {snippet.line + start})\n'
                       f"let _: [{kind}] = [\n{expression}\n]\n#sourceLocation()\n")
            start, current = None, []
    return "".join(out)


def run(arguments):
    result = subprocess.run(arguments, capture_output=True, text=True)
    return result.returncode, result.stdout + result.stderr


class Checker:
    def __init__(self, work):
        self.work = Path(work)
        self.cache = self.work / "cache"
        self.standin_dir = self.work / "standins"
        self.standin_dir.mkdir()
        self.available = TOOLCHAIN_MODULES | {p.stem for p in MODULES.glob("*.swiftmodule")}
        self.standins = {p.name for p in STANDINS.iterdir() if p.is_dir()} if STANDINS.is_dir() else set()
        self.built_standins = set()
        self.apple = None

    def swift_flags(self, module):
        warnings = ["-suppress-warnings"] if APP_TARGET is None else APP_TARGETS[APP_TARGET]
        return ["swiftc", "-swift-version", "6", "-parse-as-library"] + warnings + [
                "-module-name", module, "-module-cache-path", str(self.cache),
                "-I", str(MODULES)] + [flag for path in C_MODULE_MAPS for flag in ("-Xcc", f"-fmodule-map-file={path}")]

    def build_standins(self, wanted):
        """Compiles the stand-in modules wanted (and those they import), as apple-typecheck.sh does."""
        todo = [m for m in sorted(wanted) if m not in self.built_standins]
        while todo:
            progress = False
            for module in list(todo):
                sources = sorted(str(p) for p in (STANDINS / module).glob("*.swift"))
                deps = {m.group(1) for s in sources for l in Path(s).read_text().split("\n")
                        if (m := IMPORT.match(l))} & self.standins
                if deps - self.built_standins - {module}:
                    todo += [d for d in deps - self.built_standins if d not in todo]
                    continue
                status, output = run(["swiftc", "-emit-module", "-enable-library-evolution", "-suppress-warnings",
                                      "-swift-version", "6", "-parse-as-library", "-module-cache-path", str(self.cache),
                                      "-module-name", module, "-I", str(self.standin_dir),
                                      "-emit-module-path", str(self.standin_dir / f"{module}.swiftmodule")] + sources)
                if status != 0:
                    sys.exit(f"check-snippets: the stand-in module AppleStandIns/{module} does not compile:\n{output}")
                self.built_standins.add(module)
                todo.remove(module)
                progress = True
            if not progress and todo:
                sys.exit(f"check-snippets: stand-ins import each other in a cycle: {todo}")

    def build_apple_wotekit(self):
        """WoteData, WoteSession, WoteContract and WoteKit as an Apple build has them (the Keychain store, AppleLoginProvider),
        compiled against every stand-in: the same modules scripts/apple-typecheck.sh checks."""
        self.build_standins(self.standins)
        apple = self.work / "apple"
        apple.mkdir()
        build = MODULES.parent
        package = self.package_name()
        flags = ["swiftc", "-emit-module", "-suppress-warnings", "-swift-version", "6", "-parse-as-library",
                 "-DSWIFT_PACKAGE", "-enable-upcoming-feature", "ExistentialAny",
                 "-enable-upcoming-feature", "MemberImportVisibility",
                 "-enable-upcoming-feature", "InternalImportsByDefault", "-package-name", package,
                 "-module-cache-path", str(self.cache), "-I", str(self.standin_dir), "-I", str(apple),
                 "-I", str(MODULES)]
        for module, folder in (("WoteData", "Sources/Data"), ("WoteSession", "Sources/Session"),
                               ("WoteContract", "Sources/Contract"), ("WoteKit", "Sources/WoteKit")):
            sources = sorted(str(p) for p in (ROOT / folder).rglob("*.swift"))
            derived = build / f"{module}.build/DerivedSources"
            extra = []
            if derived.is_dir():
                sources += sorted(str(p) for p in derived.glob("*.swift"))
                extra = ["-DSWIFT_MODULE_RESOURCE_BUNDLE_AVAILABLE"]
            status, output = run(flags + extra + ["-module-name", module,
                                                  "-emit-module-path", str(apple / f"{module}.swiftmodule")] + sources)
            if status != 0:
                sys.exit(f"check-snippets: {module} does not compile against AppleStandIns/ "
                         f"(run scripts/apple-typecheck.sh):\n{output[-3000:]}")
        return apple

    def write(self, name, text):
        path = self.work / name
        path.write_text(text)
        return str(path)

    def compile_swift(self, module, snippets):
        files = [self.write(f"{module}_prelude{i}.swift", p.read_text()) for i, p in enumerate(PRELUDES)]
        for s in snippets:
            files.append(self.write(f"{module}_{s.index}.swift", source_of(s)))
        context = snippets[0].context if snippets else "app"
        if context == "cli":
            # Type-checked as more files of the WoteCLI module, with its settings from Package.swift.
            sources = sorted(str(p) for p in (ROOT / "Sources/CLI").rglob("*.swift"))
            return run(["swiftc", "-typecheck", "-swift-version", "6", "-parse-as-library", "-suppress-warnings",
                        "-module-name", "WoteCLI", "-package-name", self.package_name(),
                        "-enable-upcoming-feature", "ExistentialAny",
                        "-enable-upcoming-feature", "MemberImportVisibility",
                        "-enable-upcoming-feature", "InternalImportsByDefault",
                        "-module-cache-path", str(self.cache), "-I", str(MODULES)] + sources + files[len(PRELUDES):])
        # Only the Apple groups see the stand-ins (and the Apple build of WoteKit before the other).
        extra = ["-I", str(self.apple), "-I", str(self.standin_dir)] if context == "apple" else []
        flags = self.swift_flags(module)
        status, output = run(flags[:1] + extra + flags[1:] + ["-wmo", "-emit-sil", "-o", "/dev/null"] + files)
        if APP_TARGET is None:
            return status, output
        # Warnings as errors, but for a value a snippet names without using it afterwards.
        strict = []
        for line in output.split("\n"):
            if re.match(r"^[^ :]+:\d+:\d+: warning:", line) and not ALLOWED_WARNINGS.search(line):
                line = line.replace(": warning:", ": error: (warning)", 1)
                status = status or 1
            strict.append(line)
        return status, "\n".join(strict)

    def package_name(self):
        description = (MODULES.parent / "description.json").read_text()
        return re.search(r'"-package-name",\s*"([^"]+)"', description).group(1)

    def compile_manifest(self, module, snippet):
        if snippet.kind == "fragment":
            text = fragment_source(snippet)
            if text is None:
                return 1, f"{snippet.doc}:{snippet.line}:1: error: a Package.swift fragment whose parts are not .package, .product or .target expressions"
        else:
            text = f'#sourceLocation(file: "{snippet.doc}", line: {snippet.line})\n{snippet.text}\n#sourceLocation()\n'

        path = self.write(f"{module}.swift", text)
        manifest_api = Path(subprocess.check_output(["swiftc", "-print-target-info"], text=True)
                            .split('"runtimeResourcePath": "')[1].split('"')[0]) / "pm/ManifestAPI"
        return run(["swiftc", "-typecheck", "-swift-version", "6", "-module-name", module, "-module-cache-path",
                    str(self.cache), "-I", str(manifest_api), "-package-description-version", "6.2.0", path])


def errors_in(output):
    return [l for l in output.split("\n") if re.match(r"^[^ :]+:\d+:\d+: error:", l)]


def crash_text(output):
    keep = [l for l in output.split("\n") if re.search(
        r"Stack dump|Program arguments|While |error: |Assertion|Found outside|signal|Segmentation|"
        r"Please submit|failed with exit code|Running pass|^\d+\.\s", l)]
    return "\n".join(keep[:25])


def emit(snippets):
    """The preludes and the documents' code snippets as Swift files of an app's own target."""
    EMIT.mkdir(parents=True, exist_ok=True)
    for i, prelude in enumerate(PRELUDES):
        (EMIT / f"Prelude{i}.swift").write_text(prelude.read_text())
    written = 0
    for s in snippets:
        if s.kind in ("file", "body") and not set(s.imports + s.inherited) & (THIRD_PARTY | set(STANDIN_NAMES)):
            (EMIT / f"Snippet{s.index}.swift").write_text(source_of(s))
            written += 1
    if written == 0:
        sys.exit("check-snippets: --emit found no snippet to write")
    print(f"check-snippets: wrote {written} snippets and {len(PRELUDES)} preludes to {EMIT}")


STANDIN_NAMES = [p.name for p in STANDINS.iterdir() if p.is_dir()] if STANDINS.is_dir() else []


def main():
    snippets = []
    for path in documents():
        snippets += extract(path)
    built = {p.stem for p in MODULES.glob("*.swiftmodule")}
    last_imports = {}
    for number, s in enumerate(snippets):
        s.index = number
        classify(s)
        if s.kind not in ("file", "body"):
            continue
        if s.imports:
            last_imports[s.doc] = s.imports
        else:
            s.inherited = last_imports.get(s.doc, [])
        s.missing = [m for m in s.imports if m not in TOOLCHAIN_MODULES and m not in built
                     and not (STANDINS / m).is_dir()]
    unknown = [(s, m) for s in snippets for m in s.missing if m not in THIRD_PARTY]
    for s, m in unknown:
        print(f"check-snippets: FAILED {s.where}: imports {m}, which is neither WoteKit's, the toolchain's, "
              f"a stand-in in AppleStandIns/ nor a known third-party library ({', '.join(sorted(THIRD_PARTY))})")
    if EMIT is not None:
        emit(snippets)
        return
    with tempfile.TemporaryDirectory(prefix="snippets.") as work:
        checker = Checker(work)
        swift = [s for s in snippets if s.kind in ("file", "body") and not s.missing
                 and not (APP_TARGET is not None and s.doc in CLI_DOCUMENTS)]
        manifests = [s for s in snippets if s.kind in ("manifest", "fragment")]
        for s in swift:
            if s.doc in CLI_DOCUMENTS:
                s.context = "cli"
            elif s.doc in APPLE_DOCUMENTS or set(s.imports + s.inherited) & checker.standins:
                s.context = "apple"
        if any(s.context == "apple" for s in swift):
            checker.apple = checker.build_apple_wotekit()
        # Modules: every body snippet in the first; file snippets packed so no two declare one name;
        # snippets for Apple platforms in modules of their own, over the Apple build of WoteKit.
        groups = [[]]
        taken = [set()]
        for s in swift:
            for g, names in zip(groups, taken):
                if (not g or g[0].context == s.context) and not (s.names & names):
                    g.append(s)
                    names |= s.names
                    break
            else:
                groups.append([s])
                taken.append(set(s.names))
        failures = {}

        def check_group(item):
            number, group = item
            results, remaining = [], list(group)
            # Errors in some snippets stop the compiler before the SIL passes, where others may
            # fail (or crash): compile again without the failing ones until the rest passes.
            while remaining:
                status, output = checker.compile_swift(f"Snippets{number}", remaining)
                if status == 0:
                    return results
                named = errors_in(output) if "Stack dump" not in output else []
                failing = []
                for s in remaining:
                    mine = [e for e in named if s.contains(e.split(":")[0], int(e.split(":")[1]))]
                    if mine:
                        failing.append(s)
                        results.append((s, "\n".join(mine)))
                if not failing:
                    break
                remaining = [s for s in remaining if s not in failing]
            # A crash (or errors no snippet owns): compile each snippet alone to find it.
            found = False
            for s in remaining:
                alone_status, alone = checker.compile_swift(f"Snippet{s.index}", [s])
                if alone_status != 0:
                    found = True
                    mine = errors_in(alone)
                    text = "\n".join(mine) if mine and "Stack dump" not in alone else \
                        "the compiler crashed:\n" + crash_text(alone)
                    results.append((s, text))
            if remaining and not found:
                results.append((remaining[0], "the group failed but no snippet alone does:\n" + output[-3000:]))
            return results

        def check_manifest(s):
            status, output = checker.compile_manifest(f"Manifest{s.index}", s)
            return [] if status == 0 else [(s, "\n".join(errors_in(output)) or output[-2000:])]

        with ThreadPoolExecutor(max_workers=JOBS) as pool:
            outcomes = list(pool.map(check_group, enumerate(groups))) + list(pool.map(check_manifest, manifests))
        for outcome in outcomes:
            for s, text in outcome:
                failures.setdefault(s.where, (s, []))[1].append(text)

    unchecked = [s for s in snippets if s.missing]
    counts = {k: sum(1 for s in swift + manifests if s.kind == k) for k in ("body", "file", "manifest", "fragment")}
    if os.environ.get("SNIPPETS_LIST"):
        for s in snippets:
            print(f"  {s.where}: {s.kind}{' (needs ' + ', '.join(s.missing) + ')' if s.missing else ''}")
    for s in unchecked:
        print(f"check-snippets: NOT COMPILED {s.where}: imports {', '.join(s.missing)}, which is not available here")
    for where, (s, texts) in sorted(failures.items()):
        print(f"check-snippets: FAILED {where} ({s.kind} snippet)")
        for text in texts:
            print("    " + text.replace("\n", "\n    "))
    compiled = len(swift) + len(manifests)
    print(f"check-snippets: {compiled - len(failures)} of {compiled} snippets compile "
          f"({counts['body']} as code in an async function, {counts['file']} as whole files, "
          f"{counts['manifest']} Package.swift manifests, {counts['fragment']} Package.swift fragments; "
          f"{len(groups)} Swift modules) from {len(documents())} documents; {len(unchecked)} not compiled")
    if "--self-test" in sys.argv:
        failed = sorted(where for where in failures)
        expected = [s.where for s in snippets[1:]]
        crashed = any("crashed" in text for s, texts in failures.values() for text in texts)
        if failed == sorted(expected) and crashed and not unknown:
            print("check-snippets: self-test OK: a type error and the 6.3.1 crash are each caught, naming their line")
            sys.exit(0)
        # Another compiler may have the crash fixed: then the crash's snippet may compile, and only
        # the type error must be caught.
        version = subprocess.run(["swiftc", "--version"], capture_output=True, text=True).stdout
        if "6.3.1" not in version and failed and set(failed) <= set(expected) and not unknown:
            print("check-snippets: self-test OK: a type error is caught, naming its line "
                  "(this compiler does not have 6.3.1's crash)")
            sys.exit(0)
        print(f"check-snippets: self-test FAILED: expected failures at {expected} (one a crash), got {failed}")
        sys.exit(1)
    sys.exit(1 if failures or unknown else 0)


if __name__ == "__main__":
    main()
