#!/usr/bin/env bash
# Checks the session protocol's model (Model/session.pml) with SPIN; see Docs/Model.md.
#
#   scripts/model-check.sh              the fixed design, every property: exhaustively for 2 processes
#                                       x 2 requests (logout, withdrawal), 2 x 1 and 1 x 2 with a network
#                                       fault, the scenes of issue 33 (account switch, another stack's
#                                       call, restore, another origin's session, a refused removal) and
#                                       of issue 31 (store notices, a leader and a follower); bitstate
#                                       for 3 x 3 with a fault, two slots; fails if any property fails
#   scripts/model-check.sh --today      today's engine: SPIN's counterexample for each property
#   scripts/model-check.sh --mutations  breaks the model in known ways; each must make its property fail
#   scripts/model-check.sh --trail DIR  replays the counterexample kept in DIR, compactly
#   scripts/model-check.sh --traces     trace validation (issue 45 item 7): the randomized engine test
#                                       records its steps and each trace is replayed against the model
#                                       (Model/trace.pml); WOTE_RANDOM_SEEDS sets how many seeds (default
#                                       25); needs the test build (swift build --build-tests)
#
# Needs spin and a C compiler (Debian: apt-get install -y spin gcc). Environment:
#   MODEL_CHECK_JOBS    runs at once (default 2)
#   MODEL_CHECK_MEMLIM  megabytes per run (default 2500)
#   MODEL_CHECK_DIR     where runs and trails are kept (default: a new temporary directory)
#   MODEL_CHECK_BITS    log2 of the bitstate table's bits (default 24: 2 MB)
#   MODEL_CHECK_ONLY    runs only the runs whose line matches this regular expression
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
model="$root/Model/session.pml"
jobs=${MODEL_CHECK_JOBS:-2}
memlim=${MODEL_CHECK_MEMLIM:-2500}
work=${MODEL_CHECK_DIR:-$(mktemp -d /tmp/model-check.XXXXXX)}
mkdir -p "$work"

command -v spin >/dev/null || { echo "model-check: spin is not installed (apt-get install -y spin)" >&2; exit 2; }
command -v gcc >/dev/null || { echo "model-check: gcc is not installed" >&2; exit 2; }

# Property bits (PROPS in the model).
declare -A bit=([logout-wins]=1 [no-reuse]=2 [one-refresh]=4 [end-order]=8 [every-operation-returns]=16
  [logout-tells-server]=32 [one-session]=64 [no-false-sign-out]=128 [no-comeback]=256 [notice]=512 [follower]=1024
  [lost-answer]=2048 [told-end]=4096 [record]=8192 [lock-bound]=16384 [follower-wait]=32768)
properties=(logout-wins no-reuse one-refresh end-order every-operation-returns logout-tells-server)
new_properties=(one-session no-false-sign-out every-operation-returns no-comeback)

# The scenes of issue 33 (each on one process unless it says otherwise): an account switch with
# another stack's call, the same over two processes, a restore from another window during a
# logout, another origin's session in the store (and A banned), a logout whose removal the store
# refuses once (then a second logout or a restore), two engines on one store.
declare -A scene=(
  [switch]="-DNP=1 -DNR=2 -DSLOTS=1 -DUSER=3 -DSTACK -DMAXFAULTS=0"
  [switch-2p]="-DNP=2 -DNR=1 -DSLOTS=1 -DUSER=3 -DMAXFAULTS=0"
  [restore]="-DNP=1 -DNR=2 -DSLOTS=2 -DUSER=1 -DRESTORER -DMAXFAULTS=1"
  [other-origin]="-DNP=1 -DNR=2 -DSLOTS=2 -DUSER=0 -DOTHER_ORIGIN -DMAXFAULTS=1"
  [refused-removal]="-DNP=1 -DNR=1 -DSLOTS=1 -DUSER=4 -DMAXSTOREFAILS=1 -DMAXFAULTS=1"
  [two-engines]="-DNP=2 -DNR=1 -DSLOTS=1 -DUSER=1 -DMAXFAULTS=0"
  [notices]="-DNP=2 -DNR=1 -DSLOTS=1 -DUSER=1 -DNOTICES -DMAXFAULTS=0 -DMAXTICKS=1"
  [notices-switch]="-DNP=2 -DNR=1 -DSLOTS=1 -DUSER=3 -DNOTICES -DMAXFAULTS=0 -DMAXTICKS=1 -DMAXLOST=0"
  [follower]="-DNP=2 -DNR=1 -DSLOTS=1 -DUSER=0 -DNOTICES -DFOLLOWER -DMAXFAULTS=0 -DMAXTICKS=1"
  [follower-logout]="-DNP=2 -DNR=1 -DSLOTS=1 -DUSER=1 -DNOTICES -DFOLLOWER -DMAXFAULTS=0 -DMAXTICKS=1 -DMAXLOST=0"
  [follower-fault]="-DNP=2 -DNR=1 -DSLOTS=1 -DUSER=0 -DNOTICES -DFOLLOWER -DMAXFAULTS=1 -DMAXTICKS=1 -DMAXLOST=0"
  [grace]="-DNP=2 -DNR=1 -DSLOTS=1 -DUSER=0 -DGRACE -DMAXFAULTS=1"
  [lost-strict]="-DNP=2 -DNR=1 -DSLOTS=1 -DUSER=0 -DMAXFAULTS=1"
  # Issue 45: lock and turn waits that fail (one), for a logout then a second logout, a restore or a
  # relaunch; over two processes (the other one's refresh and reads); a withdrawal; with store
  # notices; a former store place with a stale copy; an older version's sign-in without an id; a
  # lost answer sent again with the lock released between sends; issue 46's follower with no
  # leader and with a leader that is suspended mid-wait.
  [lock-fails]="-DNP=1 -DNR=1 -DSLOTS=1 -DUSER=4 -DMAXLOCKFAILS=1 -DMAXFAULTS=0"
  [lock-fails-2p]="-DNP=2 -DNR=1 -DSLOTS=1 -DUSER=1 -DMAXLOCKFAILS=1 -DMAXFAULTS=0 -DMAXTICKS=1"
  [withdraw-lock-fails]="-DNP=2 -DNR=1 -DSLOTS=1 -DUSER=2 -DMAXLOCKFAILS=1 -DMAXFAULTS=0 -DMAXTICKS=1"
  [lock-fails-notices]="-DNP=2 -DNR=1 -DSLOTS=1 -DUSER=1 -DNOTICES -DMAXLOCKFAILS=1 -DMAXFAULTS=0 -DMAXTICKS=0 -DMAXLOST=0"
  [former]="-DNP=1 -DNR=1 -DSLOTS=1 -DUSER=4 -DFORMER -DMAXLOCKFAILS=1 -DMAXFAULTS=0"
  [old-writer]="-DNP=1 -DNR=2 -DSLOTS=1 -DUSER=0 -DOLD_WRITER -DMAXFAULTS=0"
  [retry-lock-fails]="-DNP=2 -DNR=1 -DSLOTS=1 -DUSER=0 -DMAXFAULTS=1 -DMAXLOCKFAILS=1"
  [follower-no-leader]="-DNP=2 -DNR=1 -DSLOTS=1 -DUSER=0 -DNOTICES -DFOLLOWER -DNO_LEADER -DMAXFAULTS=0 -DMAXTICKS=1"
  [follower-suspends]="-DNP=2 -DNR=1 -DSLOTS=1 -DUSER=0 -DNOTICES -DFOLLOWER -DLEADER_SUSPENDS -DMAXFAULTS=0 -DMAXTICKS=1"
)
scenes=(switch switch-2p restore other-origin refused-removal two-engines)

# Replays a kept counterexample: each step of the trail with the process, model line and statement,
# without the bookkeeping loops.
trail() {
  local dir=$1
  (cd "$dir" && spin $(cat defines) -t -p session.pml 2>&1) |
    grep -E '^\s*[0-9]+:\s+proc' |
    grep -v -E '\[i = |\(\(i<|\[else\]|\[break\]|goto |\[\(1\)\]|\[p = |\[r = |\(\(p<|\(\(r<|valid end state' |
    sed -E 's/session.pml:([0-9]+) \(state [0-9]+\)/line \1/; s/^ *([0-9]+):\s+proc +/\1 /' | cut -c1-160
}

# run NAME EXPECT(pass|fail) SEARCH(full|bfs|bitstate) DEFINES...
# Compiles and runs one verification in $work/NAME; prints one line; returns 0 when it went as expected.
run() {
  local name=$1 expect=$2 search=$3
  shift 3
  # -O0 compiles pan in a tenth of -O2's time and searches at about half its speed: faster for
  # every exhaustive run here; the bitstate runs, which search longest, keep -O2.
  local dir="$work/$name" cflags="-w -DSAFETY -DMEMLIM=$memlim" panflags="-m2000000"
  mkdir -p "$dir"
  cp "$model" "$dir/session.pml"
  echo "$*" >"$dir/defines"
  case $search in
  full) cflags+=" -O0 -DCOLLAPSE" ;;
  bfs) cflags+=" -O0 -DBFS -DCOLLAPSE" ;;
  bitstate) cflags+=" -O2 -DBITSTATE"; panflags+=" -w${MODEL_CHECK_BITS:-24} -k3" ;;
  esac
  local start=$SECONDS verdict
  (
    cd "$dir"
    spin -a "$@" session.pml >spin.log 2>&1
    # shellcheck disable=SC2086
    gcc $cflags -o pan pan.c >>spin.log 2>&1
    # shellcheck disable=SC2086
    ./pan $panflags >pan.log 2>&1 || true
  ) || true
  local log="$dir/pan.log" states errors complete=yes
  states=$(awk '/states, stored/ {print $1; exit}' "$log")
  errors=$(sed -nE 's/.*errors: ([0-9]+).*/\1/p' "$log" | head -1)
  grep -q -E "Search not completed|reached -DMEMLIM" "$log" && complete=no
  if [[ -z $errors ]]; then
    verdict="ERROR (no result; see $dir)"
  elif ((errors > 0)); then
    local what
    what=$(grep -m1 -o -E "assertion violated.*|invalid end state.*" "$log" | cut -c1-110)
    verdict="fails: $what"
  elif [[ $complete == no && $search != bitstate ]]; then
    verdict="INCOMPLETE (raise MODEL_CHECK_MEMLIM)"
  else
    verdict="holds"
  fi
  local ok=no mark
  if [[ $expect == pass && $verdict == holds ]] || [[ $expect == fail && $verdict == fails:* ]]; then ok=yes; fi
  [[ $expect == report && $verdict != ERROR* && $verdict != INCOMPLETE* ]] && ok=yes
  [[ $expect == fail && $verdict == fails:* && -n ${want:-} && $verdict != *"$want"* ]] && ok=no
  mark=$([[ $ok == yes ]] && echo ok || echo BAD)
  [[ $expect == report ]] && mark="-"
  printf '%-4s %-38s %-8s %6ss %10s states  %s\n' "$mark" "$name" \
    "$search" "$((SECONDS - start))" "${states:-?}" "$verdict"
  [[ $ok == yes ]]
}

# Runs the queued commands (one per line on stdin), $jobs at once; fails if any failed.
pool() {
  local failed=0 line
  while IFS= read -r line; do
    [[ -n ${MODEL_CHECK_ONLY:-} && ! $line =~ $MODEL_CHECK_ONLY ]] && continue
    while (($(jobs -rp | wc -l) >= jobs)); do wait -n || failed=1; done
    eval "$line" &
  done
  while (($(jobs -rp | wc -l) > 0)); do wait -n || failed=1; done
  return $failed
}

start=$SECONDS
status=0
case ${1:-} in
--trail)
  trail "${2:?usage: scripts/model-check.sh --trail DIR}"
  exit 0
  ;;
--traces)
  # The randomized engine test's traces against the model (Model/trace.pml, Model/trace-steps.tsv).
  cd "$root"
  # Docs/Model.md shows Model/trace-steps.tsv: every step of the table must be in it.
  while IFS=$'\t' read -r step _; do
    [[ -z $step || $step == \#* ]] && continue
    grep -q "^| \`$step\` |" Docs/Model.md || { echo "model-check: Docs/Model.md does not show trace step $step" >&2; status=1; }
  done <Model/trace-steps.tsv
  WOTE_TRACE_CHECK=1 swift test --skip-build --filter 'RandomizedSessionTests/seededRandomOperations_takeOnlyStepsTheModelAllows' || status=1
  ;;
--today)
  # Today's engine, one property at a time (breadth first: the shortest counterexample), 2 x 2
  # without network faults and 2 x 1 with one.
  # A property that holds is searched depth first (breadth first keeps too many states).
  {
  for p in "${properties[@]}"; do
    search=bfs
    [[ $p == every-operation-returns ]] && search=full
    for user in logout:1 withdrawal:2; do
      [[ $p == logout-tells-server && $user == withdrawal:2 ]] && continue
      echo "run today-$p-${user%%:*} report $search -DUSER=${user##*:} -DMAXFAULTS=0 -DPROPS=${bit[$p]}"
      echo "run today-$p-${user%%:*}-fault report $search -DUSER=${user##*:} -DNR=1 -DPROPS=${bit[$p]}"
    done
  done
  # Issue 33: the engine before its fixes (-DTODAY33), each new property in each scene.
  for sc in "${scenes[@]}"; do
    for p in "${new_properties[@]}"; do
      echo "run today33-$p-$sc report bfs -DFIXED -DTODAY33 ${scene[$sc]} -DPROPS=${bit[$p]}"
    done
  done
  } | pool || true
  echo "today: counterexamples kept in $work (replay: $0 --trail $work/<run>)"
  ;;
--mutations)
  fixed="-DFIXED -DSLOTS=2"
  {
    echo "run mut-no-generation-check   fail bfs $fixed -DMUT_NO_GEN_CHECK -DPROPS=${bit[logout-wins]}"
    echo "run mut-unlock-before-write   fail bfs $fixed -DMUT_UNLOCK_EARLY -DPROPS=${bit[one-refresh]}"
    echo "run mut-waiters-hear-first    fail bfs $fixed -DMUT_WAITERS_FIRST -DUSER=2 -DPROPS=${bit[end-order]}"
    echo "run mut-no-store-reread       fail bfs $fixed -DMUT_NO_RECONCILE -DPROPS=${bit[no-reuse]}"
    echo "run mut-no-single-flight      fail bfs $fixed -DMUT_NO_SINGLE_FLIGHT -DPROPS=${bit[one-refresh]}"
    echo "run mut-waiters-never-woken   fail bfs $fixed -DMUT_FORGET_WAITERS -DPROPS=${bit[every-operation-returns]}"
    echo "run mut-no-resume-check       fail bfs $fixed -DMUT_NO_RESUME_CHECK -DPROPS=${bit[logout-wins]}"
    echo "run mut-logout-call-first     fail bfs $fixed -DCALL_FIRST -DPROPS=${bit[logout-wins]}"
    echo "run mut-abandoned-pair-lost   fail bfs $fixed -DKEEP_ABANDONED_BUG -DPROPS=${bit[one-refresh]}"
    echo "run today-a-logout-not-first  fail bfs $fixed -DTODAY_A -DPROPS=${bit[logout-wins]}"
    echo "run today-b-waiters-first     fail bfs $fixed -DTODAY_B -DUSER=2 -DPROPS=${bit[end-order]}"
    echo "run today-c-expired-no-call   fail full $fixed -DTODAY_C -DPROPS=${bit[logout-tells-server]}"
    # Issue 33: each new property broken. A passing refresh failure that ends the session holds
    # issue 27's six properties (first row) and fails the new no-false-sign-out.
    f33="-DFIXED"
    echo "run mut-failure-ends-old-props  pass full $f33 ${scene[restore]} -DMUT_FAILURE_ENDS -DPROPS=63"
    echo "run mut-failure-ends            fail bfs $f33 ${scene[restore]} -DMUT_FAILURE_ENDS -DPROPS=${bit[no-false-sign-out]}"
    echo "run mut-slot-waiter-kept        fail bfs $f33 ${scene[switch]} -DTODAY33_SLOTS -DPROPS=${bit[one-session]}"
    echo "run mut-waiter-falls-through    fail bfs $f33 ${scene[switch]} -DTODAY33_WAITERS -DPROPS=${bit[one-session]}"
    echo "run mut-stack-any-token         fail bfs $f33 ${scene[switch]} -DTODAY33_STACK -DPROPS=${bit[one-session]}"
    echo "run mut-reenter-store-queue     fail bfs $f33 ${scene[other-origin]} -DTODAY33_REENTER -DPROPS=${bit[every-operation-returns]}"
    echo "run mut-restore-outside-queue   fail bfs $f33 -DTODAY45 ${scene[restore]} -DTODAY33_RESTORE -DPROPS=${bit[no-comeback]}"
    echo "run mut-refused-removal-dropped fail bfs $f33 -DTODAY45 ${scene[refused-removal]} -DTODAY33_RETRY -DPROPS=${bit[no-comeback]}"
    echo "run mut-no-process-lock         fail bfs $f33 ${scene[two-engines]} -DTODAY33_LOCK -DPROPS=${bit[no-false-sign-out]}"
    # Issue 31: a process that hears notices but does nothing with them sends a logged-out token.
    echo "run mut-ignore-notices          fail bfs $f33 ${scene[notices]} -DMUT_IGNORE_NOTICES -DPROPS=${bit[notice]}"
    # Issue 31's follower: one that refreshes at once (no role) makes its own refresh call; a leader
    # that refreshes on every "refresh wanted", even a late one for a pair it already renewed,
    # spends a refresh token that is not due.
    echo "run mut-follower-refreshes      fail bfs $f33 ${scene[follower]} -DMUT_FOLLOWER_REFRESHES -DPROPS=${bit[follower]}"
    echo "run mut-leader-always-refreshes fail bfs $f33 ${scene[follower]} -DMUT_LEADER_ALWAYS -DPROPS=${bit[one-refresh]}"
    # Issue 30: without the retry of a lost answer, the grace window passes and the session ends.
    echo "run mut-no-lost-answer-retry    fail bfs $f33 ${scene[grace]} -DMUT_NO_RETRY -DPROPS=${bit[lost-answer]}"
    echo "run mut-lost-read-as-expired    fail bfs $f33 ${scene[lost-strict]} -DMUT_LOST_AS_EXPIRED -DPROPS=${bit[lost-answer]}"
    # Issue 45: each new property broken, and each fix taken out.
    echo "run mut-lockfail-owes-nothing   fail bfs $f33 ${scene[lock-fails]} -DMUT_LOCKFAIL_NO_DEBT -DPROPS=${bit[told-end]}"
    echo "run mut-today45-lock-fails      fail bfs $f33 ${scene[lock-fails]} -DTODAY45 -DPROPS=${bit[told-end]}"
    echo "run mut-restore-adopts-ended    fail bfs $f33 ${scene[former]} -DMUT_RESTORE_ADOPTS_ENDED -DPROPS=${bit[told-end]}"
    echo "run mut-retry-keeps-lock        fail bfs $f33 ${scene[lost-strict]} -DMUT_RETRY_KEEPS_LOCK -DPROPS=${bit[lock-bound]}"
    echo "run mut-follower-overwrites     fail bfs $f33 ${scene[notices]} -DMUT_FOLLOWER_OVERWRITES -DPROPS=${bit[record]}"
    echo "run mut-failed-pass-followed    fail bfs $f33 ${scene[lock-fails-notices]} -DMUT_NOTICE_FAILED_FOLLOWED -DPROPS=${bit[notice]}"
    echo "run mut-nil-id-as-refresh       fail bfs $f33 ${scene[old-writer]} -DMUT_NIL_ID_AS_REFRESH -DPROPS=${bit[one-session]}"
    echo "run mut-logout-deadline-shared  fail bfs $f33 ${scene[two-engines]} -DMUT_SHARED_DEADLINE -DPROPS=${bit[logout-tells-server]}"
    echo "run mut-follower-ignores-leader fail bfs $f33 ${scene[follower-suspends]} -DMUT_FOLLOWER_IGNORES_LEADER -DPROPS=${bit[follower-wait]}"
    echo "run mut-follower-waits-no-leader fail bfs $f33 ${scene[follower-no-leader]} -DMUT_FOLLOWER_IGNORES_LEADER -DPROPS=${bit[follower-wait]}"
  } | pool || status=1
  ;;
"")
  {
    # processes x requests, slots per process, network faults; the longest first
    echo "run fixed-3x3-logout-bitstate   pass bitstate -DFIXED -DNP=3 -DNR=3 -DSLOTS=2 -DMAXFAULTS=1 -DUSER=1"
    echo "run fixed-2x2-withdrawal        pass full -DFIXED -DNP=2 -DNR=2 -DSLOTS=1 -DMAXFAULTS=0 -DUSER=2"
    echo "run fixed-2x2-logout            pass full -DFIXED -DNP=2 -DNR=2 -DSLOTS=1 -DMAXFAULTS=0 -DUSER=1"
    echo "run fixed-2x1-logout-fault      pass full -DFIXED -DNP=2 -DNR=1 -DSLOTS=1 -DMAXFAULTS=1 -DUSER=1"
    echo "run fixed-2x1-withdrawal-fault  pass full -DFIXED -DNP=2 -DNR=1 -DSLOTS=1 -DMAXFAULTS=1 -DUSER=2"
    echo "run fixed-1x2-logout-fault      pass full -DFIXED -DNP=1 -DNR=2 -DSLOTS=2 -DMAXFAULTS=1 -DUSER=1"
    for sc in lock-fails-notices follower-suspends switch switch-2p restore other-origin refused-removal notices notices-switch follower follower-logout follower-fault grace lost-strict \
      lock-fails lock-fails-2p withdraw-lock-fails former old-writer retry-lock-fails follower-no-leader; do
      echo "run fixed-$sc pass full -DFIXED ${scene[$sc]}"
    done
  } | pool || status=1
  ;;
*)
  sed -n '2,18p' "$0"
  exit 2
  ;;
esac
echo "model-check: $((SECONDS - start)) s in all (runs kept in $work)"
exit $status
