#!/usr/bin/env bash
# Builds WoteKit's libFuzzer targets (Fuzz/) and runs each for a bounded time. Fails (exit 1) on
# any crash, broken property, leak or hang, and prints the reproducer's path.
#
#   scripts/fuzz.sh                      # every target in Fuzz/targets.list, 60 s each
#   FUZZ_SECONDS=10 scripts/fuzz.sh jwt  # one target, 10 s
#   scripts/fuzz.sh --build-only         # build the fuzzers, run nothing
#   FUZZ_MERGE=0 scripts/fuzz.sh         # leave the committed corpus alone (CI)
#   scripts/fuzz.sh --self-test          # prove that a crash, a leak and a hang are caught
#   scripts/fuzz.sh --ci                 # CI: every target 10 s (FUZZ_SECONDS if set), FUZZ_MERGE=0
#
# Settings (environment):
#   FUZZ_SECONDS     fuzzing time per target, seconds                        (60)
#   FUZZ_TIMEOUT     time one input may take before it counts as a hang, s   (5)
#   FUZZ_MAX_LEN     longest input tried, bytes; also the corpus file cap    (4096)
#   FUZZ_RSS_MB      memory a fuzzer may use before it counts as a failure   (2048)
#   FUZZ_MERGE       1: merge new coverage back into Fuzz/Corpus (default); 0: do not
#   FUZZ_CORPUS_KIB  size cap per target for the committed corpus, KiB       (192)
#   FUZZ_TARGETS_FILE the target list                                        (Fuzz/targets.list)
#
# Why plain swiftc and not a SwiftPM package: the targets call `package` API (EnvelopeDecoder,
# DivisionCode, the DTOs), which only modules built with the same -package-name can see. So the
# SDK's modules are compiled here, with coverage and AddressSanitizer, straight from Sources/
# (same sources, same package name), and linked into one executable per target. Nothing is added
# to the root Package.swift.
#
# Adding a target: write Fuzz/Targets/<Harness>.swift with an
# `@_cdecl("LLVMFuzzerTestOneInput")` function, add one line to Fuzz/targets.list, and put seeds
# in Fuzz/Corpus/<name>/ (optionally a dictionary in Fuzz/Dictionaries/<name>.dict).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

FUZZ_SECONDS_GIVEN="${FUZZ_SECONDS:-}"
FUZZ_SECONDS="${FUZZ_SECONDS:-60}"
FUZZ_TIMEOUT="${FUZZ_TIMEOUT:-5}"
FUZZ_MAX_LEN="${FUZZ_MAX_LEN:-4096}"
FUZZ_RSS_MB="${FUZZ_RSS_MB:-2048}"
FUZZ_MERGE="${FUZZ_MERGE:-1}"
FUZZ_CORPUS_KIB="${FUZZ_CORPUS_KIB:-192}"

build_dir="$root/.build-fuzz"   # gitignored by `.build-*/`
modules_dir="$build_dir/modules"
bin_dir="$build_dir/bin"
logs_dir="$build_dir/logs"
work_dir="$build_dir/work"
artifacts_root="$root/Fuzz/artifacts"   # gitignored by `/Fuzz/artifacts/`
corpus_root="Fuzz/Corpus"
targets_file="${FUZZ_TARGETS_FILE:-Fuzz/targets.list}"

# The SDK's modules, mirroring Package.swift: source folder and direct dependencies.
declare -A MODULE_DIR=(
    [WoteLocked]=Sources/Locked
    [WoteDomain]=Sources/Domain
    [WoteWire]=Sources/Wire
    [WoteRepository]=Sources/Repository
    [WoteData]=Sources/Data
    [WoteSession]=Sources/Session
    [WoteContract]=Sources/Contract
    [WoteUseCases]=Sources/UseCases
    [WotePresentation]=Sources/Presentation
    [WoteKit]=Sources/WoteKit
    [WoteCLI]=Sources/CLI
)
declare -A MODULE_DEPS=(
    [WoteLocked]=""
    [WoteDomain]=""
    [WoteWire]="WoteDomain"
    [WoteRepository]="WoteDomain WoteWire"
    [WoteData]="WoteWire WoteDomain WoteLocked"
    [WoteSession]="WoteData WoteWire WoteDomain WoteLocked"
    [WoteContract]="WoteSession WoteData WoteRepository WoteWire WoteDomain"
    [WoteUseCases]="WoteDomain"
    [WotePresentation]="WoteUseCases WoteDomain"
    [WoteKit]="WoteDomain WoteRepository WoteData WoteUseCases WotePresentation WoteLocked WoteSession WoteContract WoteWire"
    [WoteCLI]="WoteKit"
)

# Same language mode and upcoming features as Package.swift; -O because fuzzing wants speed, -g so
# reports carry file:line.
# The upcoming features are read from Package.swift's strictSettings, so the two never drift apart.
UPCOMING_FEATURES=()
while read -r feature; do
    UPCOMING_FEATURES+=(-enable-upcoming-feature "$feature")
done < <(grep -oE 'enableUpcomingFeature\("[A-Za-z]+"\)' Package.swift | sed -E 's/.*\("([A-Za-z]+)"\)/\1/')
SWIFT_FLAGS=(
    -O -g -wmo -parse-as-library -swift-version 6 "${UPCOMING_FEATURES[@]}"
    -sanitize=fuzzer,address -package-name WoteKit
)
LINK_FLAGS=(-O -g -sanitize=fuzzer,address -use-ld=lld -parse-as-library -swift-version 6 -package-name WoteKit)

# The toolchain's own symbolizer (it matches its compiler), else any on PATH.
symbolizer="$(dirname "$(command -v swiftc)")/llvm-symbolizer"
[[ -x "$symbolizer" ]] || symbolizer="$(command -v llvm-symbolizer || true)"
[[ -n "$symbolizer" ]] && export ASAN_SYMBOLIZER_PATH="$symbolizer"
# LeakSanitizer on; a report at exit counts as a failure too.
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:handle_abort=1:allocator_may_return_null=1}"
# The Swift runtime's own crash backtracer would catch a trap before libFuzzer does (and is slow
# under ASan): turn it off so libFuzzer writes the crash artifact and prints a symbolized stack.
export SWIFT_BACKTRACE="${SWIFT_BACKTRACE:-enable=no}"

log() { echo "fuzz: $*"; }

demangle() {
    if command -v swift-demangle >/dev/null; then swift-demangle --simplified; else cat; fi
}

hash_of() {   # hash of the given strings and the contents of files named after `--`
    local strings=() files=()
    while (($#)); do
        if [[ "$1" == "--" ]]; then shift; files=("$@"); break; fi
        strings+=("$1"); shift
    done
    { printf '%s\n' "${strings[@]}"; ((${#files[@]})) && cat "${files[@]}"; } | sha256sum | cut -d' ' -f1
}

declare -A BUILT=()   # module -> hash, for this run

write_resource_accessor() {   # module: what SwiftPM's DerivedSources/resource_bundle_accessor.swift does
    cat >"$modules_dir/$1.resource_bundle_accessor.swift" <<EOF
import Foundation

extension Foundation.Bundle {
    /// The resources of $1, copied by scripts/fuzz.sh next to the fuzzers.
    static let module: Bundle = {
        let path = Bundle.main.bundleURL.appendingPathComponent("WoteKit_$1.resources").path
        guard let bundle = Bundle(path: path) else {
            Swift.fatalError("could not load resource bundle from \\(path)")
        }
        return bundle
    }()
}
EOF
}

build_module() {
    local module="$1"
    [[ -n "${BUILT[$module]:-}" ]] && return 0
    local dir="${MODULE_DIR[$module]:-}"
    [[ -n "$dir" && -d "$dir" ]] || { log "unknown module $module (no folder ${dir:-?})"; exit 1; }
    local dep dep_hashes=()
    for dep in ${MODULE_DEPS[$module]}; do
        build_module "$dep"
        dep_hashes+=("$dep=${BUILT[$dep]}")
    done
    local sources resources=() resource_flags=()
    mapfile -t sources < <(find "$dir" -name '*.swift' | LC_ALL=C sort)
    if [[ -d "$dir/Resources" ]]; then
        # A target with resources (Package.swift) uses `Bundle.module`, which SwiftPM generates;
        # plain swiftc does not, so generate the same accessor and copy the resources next to the
        # fuzzers, where it looks (the executable's folder, as for a SwiftPM executable).
        mapfile -t resources < <(find "$dir/Resources" -type f | LC_ALL=C sort)
        write_resource_accessor "$module"
        sources+=("$modules_dir/$module.resource_bundle_accessor.swift")
        resource_flags=(-DSWIFT_MODULE_RESOURCE_BUNDLE_AVAILABLE)
        local bundle="$bin_dir/WoteKit_$module.resources"
        rm -rf "$bundle"
        mkdir -p "$bundle"
        cp "${resources[@]}" "$bundle/"
    fi
    local hash
    hash="$(hash_of "${SWIFT_FLAGS[*]}" "${resource_flags[@]}" "${dep_hashes[@]}" "${sources[@]}" -- \
        "${sources[@]}" "${resources[@]}")"
    if [[ -f "$modules_dir/$module.o" && "$(cat "$modules_dir/$module.hash" 2>/dev/null)" == "$hash" ]]; then
        BUILT[$module]="$hash"
        return 0
    fi
    log "compiling $module (${#sources[@]} files)"
    rm -f "$modules_dir/$module.hash"
    if ! swiftc "${SWIFT_FLAGS[@]}" "${resource_flags[@]}" -module-name "$module" -I "$modules_dir" \
        -emit-module -emit-module-path "$modules_dir/$module.swiftmodule" \
        -c -o "$modules_dir/$module.o" "${sources[@]}" >"$logs_dir/build-$module.log" 2>&1; then
        cat "$logs_dir/build-$module.log"
        log "FAILED to compile $module"
        exit 1
    fi
    echo "$hash" >"$modules_dir/$module.hash"
    BUILT[$module]="$hash"
}

closure() {   # the modules and all their dependencies, dependencies first
    local -A seen=()
    local order=()
    visit() {
        local m="$1" d
        [[ -n "${seen[$m]:-}" ]] && return 0
        seen[$m]=1
        for d in ${MODULE_DEPS[$m]:-}; do visit "$d"; done
        order+=("$m")
    }
    local m
    for m in "$@"; do visit "$m"; done
    echo "${order[@]}"
}

build_target() {   # name harness modules...
    local name="$1" harness="$2"
    [[ "$harness" == /* ]] || harness="Fuzz/$harness"
    shift 2
    [[ -f "$harness" ]] || { log "target $name: no harness $harness"; exit 1; }
    local modules m
    read -r -a modules <<<"$(closure "$@")"
    local module_hashes=() objects=()
    for m in "${modules[@]}"; do
        build_module "$m"
        module_hashes+=("$m=${BUILT[$m]}")
        objects+=("$modules_dir/$m.o")
    done
    local support
    mapfile -t support < <(find Fuzz/Support -name '*.swift' | LC_ALL=C sort)
    local hash
    hash="$(hash_of "${LINK_FLAGS[*]}" "${module_hashes[@]}" "$harness" "${support[@]}" -- "$harness" "${support[@]}")"
    if [[ -x "$bin_dir/$name" && "$(cat "$bin_dir/$name.hash" 2>/dev/null)" == "$hash" ]]; then
        return 0
    fi
    log "linking fuzzer $name"
    rm -f "$bin_dir/$name.hash"
    local module_name="Fuzz_${name//-/_}"
    if ! swiftc "${LINK_FLAGS[@]}" -warnings-as-errors -module-name "$module_name" -I "$modules_dir" \
        "$harness" "${support[@]}" "${objects[@]}" -o "$bin_dir/$name" >"$logs_dir/build-$name.log" 2>&1; then
        cat "$logs_dir/build-$name.log"
        log "FAILED to build fuzzer $name"
        exit 1
    fi
    echo "$hash" >"$bin_dir/$name.hash"
}

stat_of() {   # stat name, log file
    awk -v key="stat::$1:" '$1 == key { print $2 }' "$2" | tail -n 1
}

dir_bytes() { find "$1" -type f -printf '%s\n' | awk '{ s += $1 } END { print s + 0 }'; }

# Adds the inputs of $work that reach new coverage to the committed corpus, keeping it small.
merge_back() {   # name binary work-corpus
    local name="$1" bin="$2" work="$3" corpus="$corpus_root/$1"
    mkdir -p "$corpus"
    local before after
    before="$(ls -1 "$corpus" | LC_ALL=C sort)"
    if ! "$bin" -merge=1 -max_len="$FUZZ_MAX_LEN" -timeout="$FUZZ_TIMEOUT" -rss_limit_mb="$FUZZ_RSS_MB" \
        "$corpus" "$work" >"$logs_dir/merge-$name.log" 2>&1; then
        log "$name: merge failed (corpus left as it was); see $logs_dir/merge-$name.log"
        return 0
    fi
    after="$(ls -1 "$corpus" | LC_ALL=C sort)"
    local added=() file
    mapfile -t added < <(comm -13 <(echo "$before") <(echo "$after") | sed '/^$/d')
    local kept=0 size
    local budget=$((FUZZ_CORPUS_KIB * 1024 - $(dir_bytes "$corpus")))
    for file in "${added[@]}"; do budget=$((budget + $(stat -c %s "$corpus/$file"))); done
    # Smallest first, so the cap keeps as many new paths as it can.
    while read -r size file; do
        [[ -z "$file" ]] && continue
        if ((size > FUZZ_MAX_LEN || size > budget)); then
            rm -f "$corpus/$file"
        else
            budget=$((budget - size))
            kept=$((kept + 1))
        fi
    done < <(for file in "${added[@]}"; do echo "$(stat -c %s "$corpus/$file") $file"; done | sort -n)
    MERGED_COUNT=$kept
}

build_only=0
self_test=0
ci=0
selected=()
for arg in "$@"; do
    case "$arg" in
    --build-only) build_only=1 ;;
    --self-test) self_test=1 ;;
    --ci) ci=1 ;;
    -h | --help) sed -n '2,35p' "$0"; exit 0 ;;
    -*) log "unknown option $arg"; exit 2 ;;
    *) selected+=("$arg") ;;
    esac
done

if ((ci)); then
    # A short bounded run of every target for CI: the committed corpus (regression inputs included)
    # replayed, then fuzzing; nothing merged back, so a CI run never changes the tree.
    FUZZ_SECONDS="${FUZZ_SECONDS_GIVEN:-10}" FUZZ_MERGE=0
fi
if ((self_test)); then
    # Targets that crash, leak and hang on purpose (Fuzz/SelfTest/): each must be caught and
    # classified, or the detection this script relies on is broken. Nothing committed is touched.
    targets_file="Fuzz/SelfTest/targets.list"
    corpus_root="$build_dir/selftest-corpus"
    artifacts_root="$build_dir/selftest-artifacts"
    FUZZ_SECONDS=10 FUZZ_TIMEOUT=2 FUZZ_MERGE=0
    rm -rf "$corpus_root" "$artifacts_root"
fi
mkdir -p "$modules_dir" "$bin_dir" "$logs_dir" "$work_dir" "$artifacts_root" "$corpus_root"

targets=()
while read -r line; do
    line="${line%%#*}"
    [[ -z "${line// /}" ]] && continue
    targets+=("$line")
done <"$targets_file"

started=$(date +%s)
failures=0
summary=()
ran_any=0

for line in "${targets[@]}"; do
    read -r -a fields <<<"$line"
    name="${fields[0]}"
    if ((${#selected[@]})) && [[ " ${selected[*]} " != *" $name "* ]]; then continue; fi
    ran_any=1
    build_target "${fields[@]}"
    ((build_only)) && continue

    bin="$bin_dir/$name"
    work="$work_dir/$name"
    artifacts="$artifacts_root/$name"
    rm -rf "$work"
    mkdir -p "$work" "$artifacts" "$corpus_root/$name"
    # Fuzz a copy: the committed corpus only gets the merged result.
    find "$corpus_root/$name" -maxdepth 1 -type f -exec cp {} "$work/" \;
    dict_args=()
    [[ -f "Fuzz/Dictionaries/$name.dict" ]] && dict_args=(-dict="Fuzz/Dictionaries/$name.dict")
    stamp="$build_dir/$name.stamp"
    touch "$stamp"
    run_log="$logs_dir/run-$name.log"
    log "$name: fuzzing for ${FUZZ_SECONDS}s ($(ls "$work" | wc -l) seeds)"
    set +e
    timeout --kill-after=30 $((FUZZ_SECONDS + 10 * FUZZ_TIMEOUT + 120)) \
        "$bin" "$work" "${dict_args[@]}" \
        -max_total_time="$FUZZ_SECONDS" -timeout="$FUZZ_TIMEOUT" -rss_limit_mb="$FUZZ_RSS_MB" \
        -malloc_limit_mb="$FUZZ_RSS_MB" -max_len="$FUZZ_MAX_LEN" -detect_leaks=1 -print_final_stats=1 \
        -artifact_prefix="$artifacts/" >"$run_log" 2>&1
    status=$?
    set -e

    runs="$(stat_of number_of_executed_units "$run_log")"
    speed="$(stat_of average_exec_per_sec "$run_log")"
    rss="$(stat_of peak_rss_mb "$run_log")"
    cov="$(grep -oE 'cov: [0-9]+' "$run_log" | tail -n 1 | cut -d' ' -f2 || true)"
    result=ok
    if ((status != 0)); then
        failures=$((failures + 1))
        if ((status == 124 || status == 137)); then result=hang
        elif grep -q 'ERROR: libFuzzer: timeout' "$run_log"; then result=hang
        elif grep -q 'ERROR: LeakSanitizer' "$run_log"; then result=leak
        elif grep -q -E 'out-of-memory|ERROR: libFuzzer: (out-of-memory|malloc limit)' "$run_log"; then result=out-of-memory
        else result=crash
        fi
        log "$name: FAILED ($result, exit $status)"
        grep -E -m 1 -A 40 '(Fatal error|ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer)|==[0-9]+==ERROR)' "$run_log" \
            | demangle | head -n 60 || true
        reproducers="$(find "$artifacts" -type f -newer "$stamp" | LC_ALL=C sort)"
        if [[ -n "$reproducers" ]]; then
            while read -r file; do
                log "$name: reproducer: ${file#"$root"/}"
                log "$name:   replay: ${bin#"$root"/} ${file#"$root"/}"
            done <<<"$reproducers"
        else
            log "$name: no reproducer written; full log: $run_log"
        fi
        MERGED_COUNT=0
    else
        MERGED_COUNT=0
        ((FUZZ_MERGE)) && merge_back "$name" "$bin" "$work"
    fi
    line_out="$name runs=${runs:-?} exec_per_s=${speed:-?} cov=${cov:-?} peak_rss_mb=${rss:-?} corpus_added=$MERGED_COUNT result=$result"
    log "$line_out"
    summary+=("$line_out")
done

((ran_any)) || { log "no target matches: ${selected[*]}"; exit 2; }
((build_only)) && { log "built: $(find "$bin_dir" -maxdepth 1 -type f -executable -printf '%f ' | sort)"; exit 0; }

elapsed=$(($(date +%s) - started))

if ((self_test)); then
    wrong=0
    for line in "${summary[@]}"; do
        name="${line%% *}" got="${line##*result=}"
        expected="${name#selftest-}"
        if [[ "$got" == "$expected" ]]; then
            log "self-test: $name caught as $got"
        else
            log "self-test: $name reported $got, expected $expected"
            wrong=1
        fi
    done
    ((wrong)) && { log "self-test FAILED: crash, leak or hang detection is broken"; exit 1; }
    log "self-test OK: crashes, leaks and hangs are caught"
    exit 0
fi

corpus_total=$(dir_bytes "$corpus_root")
echo
log "summary (${FUZZ_SECONDS}s per target, wall ${elapsed}s, committed corpus $((corpus_total / 1024)) KiB)"
for line in "${summary[@]}"; do echo "fuzz-result $line"; done
if ((corpus_total > 1024 * 1024)); then
    log "WARNING: $corpus_root is over 1 MiB; lower FUZZ_CORPUS_KIB or prune it"
fi
if ((failures)); then
    log "FAILED: $failures target(s) found a problem; reproducers are in ${artifacts_root#"$root"/}/"
    exit 1
fi
log "OK"
