#!/usr/bin/env python3
"""Fails on any Apple API used where a package's declared platforms may not have it.

For each package (its platforms read from its manifest with `swift package dump-package`), every
Swift module of its own sources is type-checked again by the toolchain with `-dump-ast
-dump-ast-format json`, with the arguments its last `swift build` used (description.json). That
typechecked AST names, for each reference, the declaration it resolved to (a USR), and for each
expression and declaration its type (a mangled name). The Apple availability of every public
declaration of the toolchain's own modules (the standard library with _Concurrency and
_StringProcessing, Foundation, FoundationEssentials, Dispatch, Synchronization, Observation, ...)
comes from their symbol graphs (`swift-symbolgraph-extract`), which carry each declaration's
`@available(macOS …, iOS …)` even on Linux. A reference whose macOS or iOS version is newer than the
package's deployment target fails the check unless an enclosing `@available`, `if #available` or
`guard #available` raises that platform's version far enough. A type counts too (`Mutex<Int>` as a
stored property's type) when it appears in a type the compiler inferred or was given.

Not covered: code the Linux compiler does not type-check (`#if canImport(UIKit)`, `os(macOS)`
branches: scripts/apple-typecheck.sh compiles those against stand-ins), API of other packages (NIO,
AsyncHTTPClient, Hummingbird), `#unavailable`, a `guard #available` at the top level of main.swift,
and platforms a manifest does not declare.

Usage: check.py ROOT                 checks every package (builds must be there; see check-availability.sh)
       check.py --self-test ROOT     plants each fixture of scripts/fixtures/availability and expects
                                     the check to fail on the unguarded ones only
"""

import concurrent.futures
import json
import os
import re
import subprocess
import sys
import tempfile

PLATFORMS = {"macos": "macOS", "ios": "iOS"}
# Toolchain modules whose symbol graphs are read, when some source imports them (Swift always).
# Extracting Swift brings _Concurrency and _StringProcessing; Foundation re-exports the two below.
IMPLIED = {"Foundation": ["FoundationEssentials", "FoundationInternationalization"]}
# The packages checked, and where their compile commands come from. Benchmarks is not built in CI:
# its sources are checked with the modules of the AsyncHTTPClient transport's build (which has the
# SDK, AsyncHTTPClient and NIO), plus its C module.
PACKAGES = [".", "Server", "Transports/AsyncHTTPClient", "Benchmarks"]
PLUGINS = []


def version(text):
    parts = [int(part) for part in str(text).split(".") if part != ""]
    return tuple((parts + [0, 0, 0])[:3])


def show(v):
    v = list(v)
    while len(v) > 2 and v[-1] == 0:
        v.pop()
    return ".".join(str(p) for p in v) if v else "?"


def run(args, **kw):
    return subprocess.run(args, capture_output=True, text=True, **kw)


def declared_platforms(package):
    out = run(["swift", "package", "dump-package", "--package-path", package])
    if out.returncode != 0:
        sys.exit(f"check-availability: cannot read {package}/Package.swift:\n{out.stderr}")
    platforms = {}
    for entry in json.loads(out.stdout).get("platforms", []):
        name = PLATFORMS.get(entry["platformName"])
        if name:
            platforms[name] = version(entry["version"])
    return platforms


def description(package):
    path = os.path.join(package, ".build", "debug", "description.json")
    if not os.path.exists(path):
        return None
    with open(path) as f:
        return json.load(f)


def frontend_args(command):
    """The driver arguments of a SwiftPM module command, without its outputs and build-only flags."""
    drop_alone = {"-incremental", "-enable-batch-mode", "-serialize-diagnostics", "-parseable-output",
                  "-emit-objc-header", "-g", "-enable-testing", "-warnings-as-errors", "-Onone"}
    drop_pair = {"-index-store-path", "-emit-objc-header-path", "-module-cache-path", "-output-file-map"}
    args, skip = [], False
    for arg in command["otherArguments"]:
        if skip:
            skip = False
        elif args and args[-1] == "-Xcc" and arg != "-Xcc":
            args.append(arg)
        elif arg == "-Xfrontend":
            continue  # its value follows, and the frontend takes it as is
        elif arg in drop_pair:
            skip = True
        elif arg in drop_alone or re.fullmatch(r"-j\d+", arg):
            continue
        else:
            args.append(arg)
    return args + ["-I", command["importPath"], "-module-name", command["moduleName"]]


def modules_of(package):
    """(module name, driver arguments, all sources) of every Swift module built from the package's own
    sources."""
    found = []
    root = os.path.realpath(package)
    if os.path.basename(root) == "Benchmarks":
        base = description(os.path.join(package, "..", "Transports", "AsyncHTTPClient"))
        if base is None:
            return None
        command = next((c for c in base["swiftCommands"].values() if c["moduleName"] == "WoteKitAsyncHTTPClient"), None)
        if command is None:
            return None
        args = frontend_args(command)
        args[args.index("-module-name") + 1] = "wote_bench"
        include = os.path.join(root, "Sources", "CHeapStats", "include")
        modulemap = os.path.join(tempfile.mkdtemp(), "module.modulemap")
        with open(modulemap, "w") as f:
            f.write(f'module CHeapStats {{ umbrella "{include}" export * }}\n')
        args += ["-Xcc", f"-fmodule-map-file={modulemap}", "-Xcc", f"-I{include}"]
        source_dir = os.path.join(root, "Sources", "wote-bench")
        sources = sorted(os.path.join(source_dir, n) for n in os.listdir(source_dir) if n.endswith(".swift"))
        return [("wote-bench", [a for a in args if a != "-parse-as-library"], sources)]
    built = description(package)
    if built is None:
        return None
    for command in built["swiftCommands"].values():
        own = [s for s in command["sources"] if s.startswith(root + "/") and "/.build/" not in s]
        # Test targets are left out: the JSON dump of a file full of #expect expansions takes
        # gigabytes (seen with CLITests), more than CI has.
        if own and not all(s.startswith(root + "/Tests/") for s in own):
            found.append((command["moduleName"], frontend_args(command), command["sources"]))
    return found


def imported_modules(sources):
    names = {"Swift"}
    pattern = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:public |package |internal |private |fileprivate )?"
                         r"import\s+(?:struct |class |enum |func |protocol |typealias |var |let )?(\w+)")
    for source in sources:
        with open(source, encoding="utf-8", errors="replace") as f:
            for line in f:
                match = pattern.match(line)
                if match:
                    names.add(match.group(1))
    for name in list(names):
        names.update(IMPLIED.get(name, []))
    toolchain = os.path.join(os.path.dirname(os.path.dirname(os.path.realpath(which("swiftc")))),
                             "lib", "swift", "linux")
    return sorted(n for n in names if os.path.isdir(os.path.join(toolchain, n + ".swiftmodule")))


def which(program):
    for directory in os.environ.get("PATH", "").split(os.pathsep):
        candidate = os.path.join(directory, program)
        if os.access(candidate, os.X_OK):
            return candidate
    sys.exit(f"check-availability: {program} not found")


def availability_index(modules, cache):
    """USR -> {platform: introduced version}, for the declarations of `modules` with an Apple
    availability; cached per toolchain."""
    toolchain = run(["swiftc", "--version"]).stdout.strip().splitlines()[0]
    key = re.sub(r"[^A-Za-z0-9.]+", "-", toolchain)
    directory = os.path.join(cache, key)
    os.makedirs(directory, exist_ok=True)

    def load(module):
        path = os.path.join(directory, module + ".json")
        if os.path.exists(path):
            with open(path) as f:
                return json.load(f)
        graphs = tempfile.mkdtemp()
        out = run(["swift-symbolgraph-extract", "-module-name", module, "-target", target_triple(),
                   "-output-dir", graphs, "-minimum-access-level", "public", "-skip-synthesized-members",
                   "-skip-inherited-docs"])
        if out.returncode != 0:
            sys.exit(f"check-availability: swift-symbolgraph-extract {module} failed:\n{out.stderr}")
        index = {}
        for name in os.listdir(graphs):
            with open(os.path.join(graphs, name)) as f:
                graph = json.load(f)
            for symbol in graph["symbols"]:
                introduced = {}
                for entry in symbol.get("availability", []):
                    platform = entry.get("domain")
                    if platform in PLATFORMS.values() and "introduced" in entry:
                        v = entry["introduced"]
                        introduced[platform] = [v.get("major", 0), v.get("minor", 0), v.get("patch", 0)]
                    if platform in PLATFORMS.values() and entry.get("isUnconditionallyUnavailable"):
                        introduced[platform] = [9999, 0, 0]
                if introduced:
                    index[symbol["identifier"]["precise"]] = {
                        "introduced": introduced, "name": ".".join(symbol["pathComponents"])}
        with open(path + ".tmp", "w") as f:
            json.dump(index, f)
        os.replace(path + ".tmp", path)
        return index

    merged = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        for index in pool.map(load, modules):
            merged.update(index)
    return {usr: {"introduced": {p: tuple(v) for p, v in entry["introduced"].items()}, "name": entry["name"]}
            for usr, entry in merged.items()}


def target_triple():
    out = run(["swiftc", "-print-target-info"])
    return json.loads(out.stdout)["target"]["triple"]


def plugin_args():
    """The macro plugin paths the driver gives the frontend (Swift Testing's #expect needs them)."""
    with tempfile.NamedTemporaryFile(suffix=".swift") as dummy:
        out = run(["swiftc", "-###", "-typecheck", dummy.name]).stdout.split()
    found = []
    for i, arg in enumerate(out[:-1]):
        if arg in ("-plugin-path", "-external-plugin-path", "-in-process-plugin-server-path"):
            found += [arg, out[i + 1]]
    return found


def dump_asts(name, args, sources, primaries, out_dir):
    """Type-checks `primaries` (with the rest of the module's sources) and returns {source: AST JSON path}."""
    outputs = {}
    command = ["swiftc", "-frontend", "-dump-ast", "-dump-ast-format", "json", "-target", target_triple(),
               "-module-cache-path", os.path.join(out_dir, "cache")] + PLUGINS
    driver_only = {"-target"}
    skip = False
    for i, arg in enumerate(args):
        if skip:
            skip = False
            continue
        if arg in driver_only:
            skip = True
            continue
        command.append(arg)
    for source in sources:
        if source in primaries:
            out = os.path.join(out_dir, f"{name}-{len(outputs)}.json")
            outputs[source] = out
            command += ["-primary-file", source, "-o", out]
        else:
            command.append(source)
    result = run(command)
    if result.returncode != 0:
        raise TypeCheckFailure(f"the compiler could not type-check {name}:\n{result.stderr[-4000:]}")
    return outputs


class TypeCheckFailure(Exception):
    pass


class Checker:
    def __init__(self, index, declared):
        self.index = index
        self.declared = declared
        # Types with an availability newer than some declared platform, as they appear in mangled
        # type names (`$s15Synchronization5MutexVySiGD` holds `15Synchronization5MutexV`).
        self.types = {}
        for usr, entry in index.items():
            if usr.startswith("s:") and usr[-1] in "VCOP" and self.newer(entry["introduced"], declared):
                self.types[usr[2:]] = usr
        self.type_pattern = (re.compile("|".join(re.escape(t) for t in sorted(self.types, key=len, reverse=True)))
                             if self.types else None)

    @staticmethod
    def newer(introduced, context):
        return any(p in introduced and introduced[p] > v for p, v in context.items())

    def check_file(self, source, ast_path):
        with open(source, "rb") as f:
            text = f.read()
        with open(ast_path) as f:
            ast = json.load(f)
        findings = {}

        def line_of(offset):
            return text.count(b"\n", 0, offset) + 1

        def refine(context, attrs):
            context = dict(context)
            for attr in attrs or []:
                if attr.get("_kind") != "available_attr":
                    continue
                platform = attr.get("domain")
                if platform not in context:
                    continue
                if attr.get("unavailable") or attr.get("kind") == "unavailable":
                    context[platform] = (9999, 0, 0)
                elif "introduced" in attr:
                    context[platform] = max(context[platform], version(attr["introduced"]))
            return context

        def from_conditions(context, conditions):
            context = dict(context)
            for condition in conditions or []:
                if condition.get("_kind") != "#available":
                    continue
                for query in condition.get("queries", []):
                    platform = query.get("domain")
                    if platform in context and "version" in query:
                        context[platform] = max(context[platform], version(query["version"]))
            return context

        def report(usr, entry, context, offset):
            missing = [f"{p} {show(entry['introduced'][p])}" for p, v in context.items()
                       if p in entry["introduced"] and entry["introduced"][p] > v]
            line = line_of(offset) if offset is not None else 0
            where = ", ".join(f"{p} {show(v)}" for p, v in context.items())
            findings[(line, entry["name"])] = (f"{source}:{line}: {entry['name']} needs {', '.join(missing)}; "
                                               f"here only {where} is guaranteed ({usr})")

        def check_types(node, context, offset):
            if self.type_pattern is None:
                return
            for key in ("type", "type_usr", "interface_type", "result"):
                value = node.get(key)
                if isinstance(value, str) and value.startswith("$s"):
                    for match in self.type_pattern.finditer(value):
                        usr = self.types[match.group(0)]
                        entry = self.index[usr]
                        if self.newer(entry["introduced"], context):
                            report(usr, entry, context, offset)

        def walk(node, context, offset):
            if isinstance(node, list):
                for child in node:
                    walk(child, context, offset)
                return
            if not isinstance(node, dict):
                return
            span = node.get("range")
            if isinstance(span, dict) and "start" in span:
                offset = span["start"]
            if "attrs" in node:
                context = refine(context, node["attrs"])
            kind = node.get("_kind")
            usr = node.get("decl_usr")
            if usr and usr in self.index and self.newer(self.index[usr]["introduced"], context):
                report(usr, self.index[usr], context, offset)
            check_types(node, context, offset)
            if kind in ("if_stmt", "while_stmt"):
                inner = from_conditions(context, node.get("conditions"))
                for key, child in node.items():
                    if key in ("then_stmt", "body"):
                        walk(child, inner, offset)
                    elif key not in ("range", "attrs"):
                        walk(child, context, offset)
                return
            if kind == "brace_stmt":
                for element in node.get("elements", []):
                    walk(element, context, offset)
                    if isinstance(element, dict) and element.get("_kind") == "guard_stmt":
                        context = from_conditions(context, element.get("conditions"))
                return
            for key, child in node.items():
                # `for await`'s implicit next(isolation:) (macOS 15): where it is not available, the
                # compiler calls next() instead, so it never needs a guard.
                if key not in ("range", "attrs") and not (kind == "for_each_stmt" and key == "next_call"):
                    walk(child, context, offset)

        walk(ast, dict(self.declared), None)
        return [findings[k] for k in sorted(findings)]


def check(root, only=None, extra=None, quiet=False):
    """Checks the packages under root. `only` limits to {package: [module]}; `extra` adds
    {(package, module): [planted source]}. Returns the findings."""
    os.chdir(root)
    PLUGINS[:] = plugin_args()
    cache = os.path.join(".build", "availability")
    work = tempfile.mkdtemp()
    jobs = []
    all_sources = []
    for package in PACKAGES:
        if only is not None and package not in only:
            continue
        modules = modules_of(package)
        if modules is None and package != ".":
            print(f"check-availability: {package} is not built here; not checked")
            continue
        if modules is None:
            sys.exit(f"check-availability: {package} has not been built (run swift build there first"
                     + ("; Benchmarks needs Transports/AsyncHTTPClient built)" if package == "Benchmarks" else ")"))
        platforms = declared_platforms(package)
        for name, args, sources in modules:
            if only is not None and name not in only[package]:
                continue
            planted = (extra or {}).get((package, name), [])
            own = [s for s in sources if "/.build/" not in s] + planted
            jobs.append((package, platforms, name, args, sources + planted, own))
            all_sources += own
    index = availability_index(imported_modules(all_sources), cache)

    def run_job(job):
        package, platforms, name, args, sources, own = job
        try:
            outputs = dump_asts(name, args, sources, set(own), work)
        except TypeCheckFailure as failure:
            if package == ".":
                sys.exit(f"check-availability: {failure}")
            # The other packages' arguments (Benchmarks': another package's build, see PACKAGES) have
            # not been tried on every machine: when they do not fit, say so loudly, without failing.
            print(f"check-availability: WARNING: {package} {name} not checked: {failure}", file=sys.stderr)
            return package, platforms, name, 0, []
        checker = Checker(index, platforms)
        found = []
        for source, path in outputs.items():
            found += checker.check_file(os.path.relpath(source, root), path)
        return package, platforms, name, len(own), found

    findings = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        for package, platforms, name, count, found in pool.map(run_job, jobs):
            if not quiet:
                where = ", ".join(f"{p} {show(v)}" for p, v in platforms.items())
                print(f"check-availability: {package} {name}: {count} files against {where}: "
                      + (f"{len(found)} unguarded" if found else "ok"))
            findings += found
    return findings


def self_test(root):
    fixtures = os.path.join(os.path.realpath(root), "scripts", "fixtures", "availability")
    plants = {
        # (package, module): fixtures planted there
        (".", "WoteCLI"): ["StringValidating.swift", "StringValidatingGuarded.swift", "MutexProperty.swift",
                           "TaskImmediate.swift", "TaskImmediateGuarded.swift"],
    }
    extra = {key: [os.path.join(fixtures, name) for name in names] for key, names in plants.items()}
    only = {".": ["WoteCLI"]}
    findings = check(root, only=only, extra=extra, quiet=True)
    planted = [f for f in findings if "fixtures/availability/" in f]
    failed = {os.path.basename(f.split(":")[0]) for f in planted}
    expected = {"StringValidating.swift", "TaskImmediate.swift", "MutexProperty.swift"}
    for finding in planted:
        print(f"check-availability --self-test: caught {finding}")
    if failed != expected:
        sys.exit(f"check-availability --self-test: expected failures in {sorted(expected)}, got {sorted(failed)}")
    print("check-availability --self-test: the unguarded String(validating:as:), Task.immediate and Mutex fail, "
          "their guarded forms pass")


# The Apple-only bindings (issue 46, F11): the sources scripts/apple-typecheck.sh compiled as an
# Apple build sees them (its work folder, kept with APPLE_TYPECHECK_KEEP), checked against the
# availability the stand-ins declare (AppleStandIns/, each declaration copied from Apple's headers or
# pages, naming them). Only the files that import a stand-in framework are checked (the rest is the
# Linux check's), in the targets that have such files.
STANDINS = ["Darwin", "notify", "Security", "AuthenticationServices", "os", "UIKit", "AppKit"]
APPLE_TARGETS = {"WoteData": "Sources/Data", "WoteSession": "Sources/Session", "WoteKit": "Sources/WoteKit"}
APPLE_DECLARED = {"macOS": (14, 0, 0), "iOS": (17, 0, 0)}


def standin_index(standins):
    """USR -> availability, from the stand-in modules' symbol graphs (not cached: they change here)."""
    index = {}
    for name in sorted(os.listdir(standins)):
        module = name[:-len(".swiftmodule")] if name.endswith(".swiftmodule") else None
        if module not in STANDINS:
            continue
        graphs = tempfile.mkdtemp()
        out = run(["swift-symbolgraph-extract", "-module-name", module, "-target", target_triple(),
                   "-I", standins, "-output-dir", graphs, "-minimum-access-level", "public",
                   "-skip-synthesized-members", "-skip-inherited-docs"])
        if out.returncode != 0:
            sys.exit(f"check-availability: swift-symbolgraph-extract {module} (stand-in) failed:\n{out.stderr}")
        for graph_name in os.listdir(graphs):
            with open(os.path.join(graphs, graph_name)) as f:
                graph = json.load(f)
            for symbol in graph["symbols"]:
                introduced = {}
                for entry in symbol.get("availability", []):
                    platform = entry.get("domain")
                    if platform in PLATFORMS.values() and "introduced" in entry:
                        v = entry["introduced"]
                        introduced[platform] = (v.get("major", 0), v.get("minor", 0), v.get("patch", 0))
                    if platform in PLATFORMS.values() and entry.get("isUnconditionallyUnavailable"):
                        introduced[platform] = (9999, 0, 0)
                if introduced:
                    index[symbol["identifier"]["precise"]] = {
                        "introduced": introduced, "name": module + "." + ".".join(symbol["pathComponents"])}
    return index


def check_apple(work, root, extra=None, quiet=False):
    """Checks the Apple bindings in apple-typecheck's kept work folder. `extra` adds
    {module: [planted source]} (checked as on iOS only). Returns the findings."""
    root = os.path.realpath(root)
    PLUGINS[:] = plugin_args()
    package_name = None
    with open(os.path.join(root, ".build", "debug", "description.json")) as f:
        description = json.load(f)
    for command in description.get("swiftCommands", {}).values():
        arguments = command.get("otherArguments") or command.get("arguments") or []
        if "-package-name" in arguments:
            package_name = arguments[arguments.index("-package-name") + 1]
            break
    flags = ["-swift-version", "6", "-parse-as-library", "-DSWIFT_PACKAGE",
             "-enable-upcoming-feature", "ExistentialAny", "-enable-upcoming-feature", "MemberImportVisibility",
             "-enable-upcoming-feature", "InternalImportsByDefault"]
    if package_name:
        flags += ["-package-name", package_name]
    findings = []
    out_dir = tempfile.mkdtemp()
    for configuration in ("ios", "macos"):
        standins = os.path.join(work, "standins-" + configuration)
        modules = os.path.join(work, "modules-" + configuration)
        index = standin_index(standins)
        checker = Checker(index, APPLE_DECLARED)
        for module, folder in APPLE_TARGETS.items():
            sources = []
            for base, _, names in os.walk(os.path.join(work, "src", folder)):
                sources += [os.path.join(base, n) for n in names if n.endswith(".swift")]
            derived = os.path.join(root, ".build", "debug", module + ".build", "DerivedSources")
            module_flags = list(flags)
            if os.path.isdir(derived):
                sources += [os.path.join(derived, n) for n in os.listdir(derived) if n.endswith(".swift")]
                module_flags.append("-DSWIFT_MODULE_RESOURCE_BUNDLE_AVAILABLE")
            planted = (extra or {}).get(module, []) if configuration == "ios" else []
            sources = sorted(sources) + planted
            primaries = set(planted)
            for source in sources:
                with open(source, encoding="utf-8", errors="replace") as f:
                    text = f.read()
                if re.search(r"^\s*(@\w+\s+)*(\w+\s+)?import\s+(" + "|".join(STANDINS) + r")\s*$", text, re.M):
                    primaries.add(source)
            args = module_flags + ["-module-name", module, "-I", standins, "-I", modules]
            try:
                outputs = dump_asts(f"{module}-{configuration}", args, sources, primaries, out_dir)
            except TypeCheckFailure as failure:
                sys.exit(f"check-availability --apple: {failure}")
            found = []
            for source, path in outputs.items():
                shown = os.path.relpath(source, os.path.join(work, "src")) if source.startswith(work) else source
                for finding in checker.check_file(source, path):
                    found.append(finding.replace(source, shown, 1))
            if not quiet:
                print(f"check-availability --apple: {module} ({configuration}): {len(primaries)} binding files "
                      f"against macOS 14, iOS 17 and the stand-ins' availability: "
                      + (f"{len(found)} unguarded" if found else "ok"))
            findings += found
    return findings


def main():
    args = sys.argv[1:]
    if args and args[0] == "--self-test":
        self_test(args[1] if len(args) > 1 else ".")
        return
    if args and args[0] in ("--apple", "--apple-self-test"):
        work, root = args[1], (args[2] if len(args) > 2 else ".")
        if args[0] == "--apple-self-test":
            fixtures = os.path.join(os.path.realpath(root), "scripts", "fixtures", "availability")
            planted = {"WoteSession": [os.path.join(fixtures, "ProtectedDataMessage.swift"),
                                       os.path.join(fixtures, "ProtectedDataMessageGuarded.swift")]}
            findings = [f for f in check_apple(work, root, extra=planted, quiet=True)
                        if "fixtures/availability/" in f]
            for finding in findings:
                print(f"check-availability --apple-self-test: caught {finding}")
            failed = {os.path.basename(f.split(":")[0]) for f in findings}
            if failed != {"ProtectedDataMessage.swift"}:
                sys.exit(f"check-availability --apple-self-test: expected a failure in ProtectedDataMessage.swift "
                         f"only, got {sorted(failed)}")
            print("check-availability --apple-self-test: the unguarded iOS 26 UIKit message fails, its guarded "
                  "form passes")
            return
        findings = check_apple(work, root)
        for finding in findings:
            print(finding, file=sys.stderr)
        if findings:
            sys.exit(f"check-availability --apple: {len(findings)} use(s) of Apple API newer than iOS 17/macOS 14 "
                     "in the bindings, unguarded")
        print("check-availability --apple: the Apple bindings use no API newer than the declared platforms unguarded")
        return
    findings = check(args[0] if args else ".")
    for finding in findings:
        print(finding, file=sys.stderr)
    if findings:
        sys.exit(f"check-availability: {len(findings)} use(s) of API newer than the declared platforms, "
                 "without `if #available`/`guard #available` or `@available`")
    print("check-availability: no API newer than the declared platforms is used unguarded")


if __name__ == "__main__":
    main()
