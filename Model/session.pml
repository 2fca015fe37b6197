/*
 * WoteKit's session protocol, for SPIN (issue 27). Docs/Model.md says what is covered, what is left
 * out, how to run it, and maps every Swift function to the transitions below.
 *
 * Every transition names, in a comment [in brackets], the Swift function it stands for
 * (Sources/Data/Session/, Sources/Data/Storage/, Sources/Repository/WoteAuthRepository.swift).
 *
 * Abstractions
 *   - A token pair is a number 1..MAXPAIR; pairs are issued in increasing order, so "newer" is ">"
 *     (SessionEngine.isNewer). Pair k's access token and refresh token are both "k".
 *   - Time is the shared clock of device and server: the current pair goes fresh -> due (inside the
 *     leeway) -> expired, at most MAXTICKS steps in a run (SessionEngine.needsRefresh).
 *   - The network: a call reaches the server in one step, any number of steps after the client
 *     decided to send it (the delay), and its answer is read in a later step. At most MAXFAULTS
 *     refresh, logout or withdrawal calls are dropped before the server or have their answer lost
 *     or unreadable after it (both read as a passing failure); a fault on an app's own request
 *     changes nothing in the session, so requests are not faulted.
 *   - Process 0's person may log out or withdraw once; every process runs NR requests.
 *
 * Switches (cpp): FIXED turns on every fix below (TODAY_A, TODAY_B, TODAY_C, KEEP_ABANDONED_BUG
 * take one back out); each can also be set alone. Without any, the model is today's engine.
 *   FIX_LOGOUT_WINS  (a) logout ends the session in memory at once; waiters and slot waiters fail;
 *                        a resumed waiter checks the generation; the server call does not go
 *                        through the request path (no slot, no waiting for the refresh in flight)
 *   FIX_END_ORDER    (b) every session end detaches the waiters, writes the store, then wakes them
 *   FIX_EXPIRED_LOGOUT (c) logout with an expired access token refreshes first (under the lock)
 *   FIX_ABANDONED_PAIR (found by the model) a refresh whose session ended while its call was out
 *                        applies the answer to the store while the store still holds the spent
 *                        pair (the new pair, or none after E016), so no process spends that
 *                        refresh token again (FIXED includes it unless KEEP_ABANDONED_BUG;
 *                        SessionEngine.recordAbandonedAnswer)
 *   CALL_FIRST       with FIX_LOGOUT_WINS: the server's logout call goes before the store write
 *                        (a design the model shows losing across processes)
 * Mutations (each breaks a known part; scripts/model-check.sh --mutations):
 *   MUT_NO_GEN_CHECK       callRefresh applies an answer whatever the generation
 *   MUT_UNLOCK_EARLY       performRefresh releases the store lock before the call and the write
 *   MUT_WAITERS_FIRST      a dead refresh wakes its waiters before writing the store
 *   MUT_NO_RECONCILE       performRefresh does not re-read the store under the lock (no CAS)
 *   MUT_NO_SINGLE_FLIGHT   sharedRefresh starts a flight even when one runs
 *   MUT_FORGET_WAITERS     an ended session's waiters are never woken (abandonFlight forgets them)
 *   MUT_NO_RESUME_CHECK    (fixed) a resumed waiter does not check the generation
 *   MUT_FAILURE_ENDS       a passing refresh failure (network, time-out, 5xx) ends the session
 */

#ifdef FIXED
#ifndef TODAY_A
#define FIX_LOGOUT_WINS
#endif
#ifndef TODAY_B
#define FIX_END_ORDER
#endif
#ifndef TODAY_C
#define FIX_EXPIRED_LOGOUT
#endif
#ifndef KEEP_ABANDONED_BUG
#define FIX_ABANDONED_PAIR
#endif
#endif

#ifndef NP
#define NP 2            /* processes sharing one store */
#endif
#ifndef NR
#define NR 2            /* requests per process */
#endif
#ifndef SLOTS
#define SLOTS 1         /* SessionConfiguration.maximumConcurrentRequests */
#endif
#ifndef STORM
#define STORM 2         /* SessionConfiguration.maximumRefreshesPerWindow (one window) */
#endif
#ifndef MAXTICKS
#define MAXTICKS 2
#endif
#ifndef MAXFAULTS
#define MAXFAULTS 1
#endif
#ifndef USER
#define USER 1          /* 1: may log out (or not), 2: may withdraw (or not) */
#endif
#ifndef PROPS
#define PROPS 63        /* which properties are asserted (bit mask, see below) */
#endif

#define P_LOGOUT_WINS   1
#define P_NO_FALSE_END  2
#define P_ONE_REFRESH   4
#define P_END_ORDER     8
#define P_ALL_END       16
#define P_TELLS_SERVER  32
#define CHECK(bitv, c)  assert(!(PROPS & bitv) || (c))

#define MAXPAIR 8
#define NW (NP * NR + 2)          /* waiters: every request, the logout call, the withdrawal call */
#define LOGOUT_ID (NP * NR)
#define WITHDRAW_ID (NP * NR + 1)
#define DETACHED 200              /* waitOn value: detached from an ended flight, not yet woken */

#define FRESH 0
#define DUE 1
#define EXPIRED 2

/* what a waiter hears (RefreshOutcome): 1..MAXPAIR = renewed(pair) */
#define R_FAIL 250                /* .failed(passing) */
#define R_ENDED 251               /* .failed(.session(ended)) */
#define R_STORM 252               /* .failed(.tooManyRefreshes) */

/* what the server answers */
#define A_OK 1
#define A_REJECTED 2              /* 401 E006 */
#define A_GONE 3                  /* E001: member gone (after withdrawal) */
#define A_FAULT 4                 /* dropped, or answer lost or unreadable */
#define A_INVALID 5               /* refresh: E016 (or E001) */

#define K_REQUEST 0
#define K_LOGOUT 1
#define K_WITHDRAW 2

#define WHY_VERDICT 1
#define WHY_EXPLICIT 2
#define WHY_ELSEWHERE 3

/* ---- the token store (FileTokenStorage) and its lock (FileRefreshLock) ---- */
byte store = 1;                   /* the stored pair; 0 = no file */
byte lockHolder = 0;              /* 0 free, else process + 1 */
bool storeEnded = 0;              /* a session end removed the store */

/* ---- the server ---- */
byte srvCur = 1;                  /* the pair the server accepts (rotation rejects the older ones) */
byte nextPair = 1;
bool srvWithdrawn = 0;
bool banned[MAXPAIR];             /* access tokens the logout call banned */
bool loggedOutAtServer = 0;       /* the logout call banned the server's current pair */
byte tstate[MAXPAIR];             /* FRESH, DUE, EXPIRED */
byte ticks = 0;
byte faults = 0;
bool answerLost[MAXPAIR];         /* a refresh with this token was handled and its answer lost */
byte rtPending[MAXPAIR];          /* refresh calls with this token sent, not yet answered */
bool rtAnswered[MAXPAIR];         /* a refresh call with this token got its answer */

/* ---- each process's SessionEngine ---- */
byte sess[NP];                    /* SessionEngine.session (pair), 0 = none */
byte gen[NP];                     /* SessionEngine.generation */
byte lastSeen[NP];                /* SessionEngine.lastSeenInStore */
byte flight[NP];                  /* SessionEngine.flight (id), 0 = none */
bool storeBusy[NP];               /* SessionEngine.isStoreBusy (store queue) */
byte slots[NP];                   /* RequestSlots.available */
byte refreshes[NP];               /* SessionEngine.recentRefreshes.count (storm guard) */
bool endBegun[NP];                /* a session end (logout, withdrawal, verdict) has begun here */
bool anyEnd = 0;
byte nextFlight = 0;

/* ---- waiters (RefreshFlight.waiters) ---- */
byte waitOn[NW];                  /* flight id waited for, DETACHED, or 0 */
byte waitRes[NW];
bool done[NW];
bool logoutRan = 0;
bool logoutCallSent = 0;
bool logoutExcused = 0;           /* the refresh was refused, failed, or the store was empty */

/* Wakes every waiter of flight `fid` with `v` [the resume loop in fly / abandonFlight]. */
inline wake(fid, v) {
  i = 0;
  do
  :: i < NW ->
     if
     :: waitOn[i] == fid ->
        CHECK(P_END_ORDER, v != R_ENDED || store == 0);   /* the store is written before a waiter hears */
        waitRes[i] = v; waitOn[i] = 0
     :: else
     fi;
     i++
  :: else -> i = 0; break
  od
}

inline wakeEnded(fid) {
  wake(fid, R_ENDED)
}

/* [SessionEngine.endInMemory + startNewGeneration + abandonFlight] today: the flight's waiters
   hear at once. `detach`: they are only detached, and hear after the store write (wakeDetached). */
inline endInMemory(p, why, detach) {
  CHECK(P_NO_FALSE_END, why != WHY_ELSEWHERE || anyEnd);
  anyEnd = 1;
  endBegun[p] = 1;
  gen[p]++;
  if
  :: flight[p] != 0 && detach ->
     i = 0;
     do
     :: i < NW -> if :: waitOn[i] == flight[p] -> waitOn[i] = DETACHED + p :: else fi; i++
     :: else -> i = 0; break
     od
  :: flight[p] != 0 && !detach ->
#ifdef MUT_FORGET_WAITERS
     skip
#else
     wakeEnded(flight[p])
#endif
  :: else
  fi;
  flight[p] = 0;
  sess[p] = 0
}

inline wakeDetached(p) {
#ifdef MUT_FORGET_WAITERS
  skip
#else
  wakeEnded(DETACHED + p)
#endif
}

/* [SessionEngine.withStore] is two waits: [enterStoreQueue] (this process's changes, in turn), then
   [storage.lock -> FileRefreshLock.acquire] (the processes). The lock is taken in the same step
   as the first part of the body that needs it: `lockHolder == 0 -> lockHolder = p + 1; ...`. */
inline enterQueue(p) {
  atomic { !storeBusy[p] -> storeBusy[p] = 1 }
}

/* [withStore's deferred lock.release() and leaveStoreQueue] */
inline giveStore(p) {
  lockHolder = 0; storeBusy[p] = 0
}

/* [SessionEngine.writeMemoryToStore] with no session: FileTokenStorage.remove() */
inline removeStore(p) {
  store = 0; lastSeen[p] = 0; storeEnded = 1
}

/* [SessionEngine.sharedRefresh] join the running flight, or start one [Task { fly }] */
inline sharedRefresh(p, me) {
  if
  :: flight[p] == 0 -> nextFlight++; flight[p] = nextFlight; run Flight(p, nextFlight, gen[p])
#ifdef MUT_NO_SINGLE_FLIGHT
  :: flight[p] != 0 -> nextFlight++; flight[p] = nextFlight; run Flight(p, nextFlight, gen[p])
#endif
  :: else
  fi;
  waitOn[me] = flight[p];
  waitRes[me] = 0
}

/* A token handed to a request: from here the request is on its way to the wire. */
inline give(t) {
  tok = t;
  CHECK(P_LOGOUT_WINS, kind == K_LOGOUT || !endBegun[p])
}

/* The server handles a protected call [HTTPClient.send -> the Wote server]. */
inline serve(p, t, kind, ans) {
  if
  :: srvWithdrawn -> ans = A_GONE
  :: !srvWithdrawn && (t != srvCur || tstate[t] == EXPIRED || banned[t]) -> ans = A_REJECTED
  :: !srvWithdrawn && t == srvCur && tstate[t] != EXPIRED && !banned[t] ->
     ans = A_OK;
     if
     :: kind == K_REQUEST -> CHECK(P_LOGOUT_WINS, !loggedOutAtServer)
     :: kind == K_LOGOUT -> banned[t] = 1; loggedOutAtServer = 1
     :: kind == K_WITHDRAW -> srvWithdrawn = 1
     fi
  fi
}

/* The network between the call and the server: delivered, or one of the faults. */
inline network(lost, handled, faulty) {
  if
  :: lost = 0; handled = 1
  :: faulty && faults < MAXFAULTS -> faults++; lost = 1; handled = 0   /* dropped before the server */
  :: faulty && faults < MAXFAULTS -> faults++; lost = 1; handled = 1   /* answer lost or unreadable */
  fi
}

/* One refresh call with refresh token r, answered into `ans`/`got` [callRefresh's send and the
   server's rotation, §4.2]. */
inline refreshCall(p, r, ans, got) {
  atomic {          /* sent, and handled by the server (the delay is before this step) */
    CHECK(P_ONE_REFRESH, rtPending[r] == 0 && !rtAnswered[r] && (tstate[r] != FRESH || banned[r]));
    CHECK(P_LOGOUT_WINS, !storeEnded);
    rtPending[r]++;
    refreshes[p]++;
    network(lost, handled, true);
    if
    :: handled && srvWithdrawn -> ans = A_INVALID
    :: handled && !srvWithdrawn && r == srvCur ->
       nextPair++; assert(nextPair < MAXPAIR); srvCur = nextPair; got = nextPair; ans = A_OK
    :: handled && !srvWithdrawn && r != srvCur ->
       CHECK(P_NO_FALSE_END, answerLost[r]);   /* no refresh token spent twice */
       ans = A_INVALID
    :: !handled -> skip
    fi;
    if :: lost && handled -> answerLost[r] = 1 :: else fi
  };
  atomic {          /* the answer arrives */
    rtPending[r]--;
    if :: lost -> ans = A_FAULT :: else -> rtAnswered[r] = 1 fi
  }
}

/* [SessionEngine.fly -> performRefresh -> reconcileWithStore -> callRefresh] */
proctype Flight(byte p; byte fid; byte fg) {
  byte r, ans, got, outcome, i;
  bool lost, handled;
  skip;
  /* [performRefresh] generation check, then [stormGuardTripped], then [enterStoreQueue] */
  atomic {
    fg != gen[p] || sess[p] == 0 || refreshes[p] >= STORM || !storeBusy[p] ->
    if
    :: fg != gen[p] || sess[p] == 0 -> outcome = R_ENDED; goto fly
    :: else
    fi;
    if
    :: refreshes[p] >= STORM -> outcome = R_STORM; goto fly
    :: else
    fi;
    storeBusy[p] = 1
  };
  /* [performRefresh] under the lock: generation again, then [reconcileWithStore] */
  atomic {
    lockHolder == 0 -> lockHolder = p + 1;
    if
    :: fg != gen[p] || sess[p] == 0 -> outcome = R_ENDED; goto unlock
    :: else
    fi;
#ifndef MUT_NO_RECONCILE
    if
    :: store == 0 ->                       /* .endedElsewhere */
       lastSeen[p] = 0;
       endInMemory(p, WHY_ELSEWHERE, false);
       outcome = R_ENDED; goto unlock
    :: store != 0 && store != lastSeen[p] && store > sess[p] ->   /* .adopted */
       sess[p] = store; lastSeen[p] = store;
       if :: tstate[store] == FRESH -> outcome = store; goto unlock :: else fi
    :: else -> lastSeen[p] = store         /* .current */
    fi;
#endif
    r = sess[p]
  };
#ifdef MUT_UNLOCK_EARLY
  atomic { giveStore(p) };   /* the mutation: the lock goes back before the call and the write */
#endif
  /* [callRefresh] */
#ifdef MUT_NO_GEN_CHECK
#define GEN_STANDS true
#else
#define GEN_STANDS (fg == gen[p] && sess[p] != 0)
#endif
  refreshCall(p, r, ans, got);
  atomic {
    if
#ifdef MUT_FAILURE_ENDS
    :: ans == A_FAULT && GEN_STANDS ->              /* the mutation: a passing failure ends the session */
       endInMemory(p, WHY_VERDICT, true);
       removeStore(p);
       wakeDetached(p);
       outcome = R_ENDED
    :: ans == A_FAULT && !(GEN_STANDS) -> outcome = R_FAIL
#else
    :: ans == A_FAULT -> outcome = R_FAIL          /* [failTransiently] */
#endif
#ifndef MUT_NO_GEN_CHECK
    :: ans != A_FAULT && (fg != gen[p] || sess[p] == 0) ->
       /* the answer belongs to an ended generation: stored nothing */
#ifdef FIX_ABANDONED_PAIR
       /* the fix: while the store still holds the pair this call spent, apply the answer there
          (compare-and-set under the lock): the new pair, or no pair for a dead refresh token;
          the end that abandoned the flight removes it after */
       if
       :: ans == A_OK && store == r -> store = got
       :: ans == A_INVALID && store == r -> store = 0
       :: else
       fi;
#endif
       outcome = R_ENDED
#endif
    :: ans == A_OK && GEN_STANDS ->                                          /* .renewed: memory, then the store */
       sess[p] = got;
       store = got; lastSeen[p] = got;             /* [writeMemoryToStore] save */
       outcome = got
    :: ans == A_INVALID && GEN_STANDS ->                                          /* .invalid: waiters hear after the write */
#ifdef MUT_WAITERS_FIRST
       endInMemory(p, WHY_VERDICT, false);
#else
       endInMemory(p, WHY_VERDICT, true);
#endif
       removeStore(p);
       wakeDetached(p);
       outcome = R_ENDED
    fi
  };
unlock:
  /* the lock goes back, then [fly]: the waiters hear the outcome, unless the flight was abandoned */
  atomic {
    if :: lockHolder == p + 1 -> giveStore(p) :: else fi;
fly:
    if
    :: flight[p] == fid ->
       flight[p] = 0;
       if :: outcome == R_ENDED -> wakeEnded(fid) :: else -> wake(fid, outcome) fi
    :: else
    fi;
    r = 0; ans = 0; got = 0; outcome = 0; lost = 0; handled = 0; i = 0
  }
}

/* [SessionEngine.endAfterServerVerdict(reason:generation:)] (guarded: only while generation `g`
   still stands) and [SessionEngine.end(reason:)] (unguarded) */
inline endSession(p, why, guarded, g) {
  if
  :: atomic {
       !guarded || (g == gen[p] && sess[p] != 0) ->
#ifdef FIX_END_ORDER
       endInMemory(p, why, true)
#else
       endInMemory(p, why, false)
#endif
     };
     enterQueue(p);
     atomic {                                     /* [writeMemoryToStore] remove */
       lockHolder == 0 -> lockHolder = p + 1;
       removeStore(p); wakeDetached(p);
       giveStore(p)
     }
  :: else
  fi
}

/* A resumed waiter: in the fixed engine it checks that its session still stands. */
inline resumeCheck(p, g) {
#if defined(FIX_LOGOUT_WINS) && !defined(MUT_NO_RESUME_CHECK)
  if :: waitRes[me] <= MAXPAIR && (g != gen[p] || sess[p] == 0) -> waitRes[me] = R_ENDED :: else fi
#else
  skip
#endif
}

/* One authorized call [SessionEngine.send -> exchange]: a request, the logout call (today's
   signOut sends it through this path) or the withdrawal call. */
proctype Caller(byte p; byte me; byte kind) {
  byte tok, g, ans, i, phase;
  bool retried, lost, handled;
  /* [RequestSlots.acquire], then [tokenWithoutWaiting / accessTokenForRequest] */
  atomic {
    slots[p] > 0 -> slots[p]--;
    g = gen[p];
    if
    :: sess[p] == 0 -> tok = 0; goto finish                 /* errorForMissingSession */
    :: sess[p] != 0 && flight[p] != 0 -> phase = 1; sharedRefresh(p, me)    /* .reactive */
    :: sess[p] != 0 && flight[p] == 0 && tstate[sess[p]] == FRESH -> give(sess[p]); goto send
    :: sess[p] != 0 && flight[p] == 0 && tstate[sess[p]] != FRESH -> phase = 2; sharedRefresh(p, me)
    fi
  };
wait:
  atomic { waitOn[me] == 0 };
  atomic {          /* the waiter resumes on the actor (a later step) */
    resumeCheck(p, g);
    if
    :: phase == 1 ->                    /* a refresh was under way */
       if
       :: waitRes[me] <= MAXPAIR && g == gen[p] -> give(waitRes[me]); goto send
       :: else ->
          if
          :: sess[p] == 0 -> tok = 0; goto finish
          :: sess[p] != 0 && tstate[sess[p]] == FRESH -> give(sess[p]); goto send
          :: sess[p] != 0 && tstate[sess[p]] != FRESH -> phase = 2; sharedRefresh(p, me); goto wait
          fi
       fi
    :: phase == 2 ->                    /* proactive: our own refresh */
       if
       :: waitRes[me] <= MAXPAIR -> give(waitRes[me]); goto send
       :: waitRes[me] > MAXPAIR && g == gen[p] && sess[p] != 0 && tstate[sess[p]] != EXPIRED ->
          give(sess[p]); goto send      /* the old token is still valid */
       :: else -> tok = 0; goto finish
       fi
    :: phase == 3 ->                    /* [tokenAfterRejection] after the shared refresh */
       if
       :: waitRes[me] <= MAXPAIR -> give(waitRes[me]); goto send
       :: else -> tok = 0; goto finish
       fi
    fi
  };
send:
  atomic {                  /* [HTTPClient.send]: on the wire and handled by the server */
    network(lost, handled, kind != K_REQUEST);
    if :: handled -> serve(p, tok, kind, ans) :: else fi;
    if :: lost -> ans = A_FAULT :: else fi
  };
  if
  :: ans == A_OK || ans == A_FAULT -> goto finish           /* .accepted / transport error */
  :: ans == A_GONE ->                                       /* .sessionEnded(E001) */
     endSession(p, WHY_VERDICT, true, g);
     goto finish
  :: ans == A_REJECTED && retried -> goto finish            /* second rejection: the caller's */
  :: ans == A_REJECTED && !retried ->
     retried = 1;
     atomic {                                               /* [tokenAfterRejection] */
       if
       :: g != gen[p] || sess[p] == 0 -> tok = 0; goto finish
       :: g == gen[p] && sess[p] != 0 && sess[p] != tok -> give(sess[p]); goto send
       :: g == gen[p] && sess[p] != 0 && sess[p] == tok -> phase = 3; sharedRefresh(p, me)
       fi
     };
     goto wait
  fi;
finish:
  atomic {                                                  /* [RequestSlots.release] */
    slots[p]++; done[me] = 1;
    tok = 0; g = 0; ans = 0; phase = 0; retried = 0; lost = 0; handled = 0; waitRes[me] = 0
  }
}

/* The person of process 0 logs out, withdraws, or does nothing. */
proctype User() {
  byte i, tok, ans, got, p;
  bool lost, handled;
  p = 0;
  if
  :: USER == 1 -> goto logout
  :: USER == 2 -> goto withdraw
  :: true -> goto finish
  fi;
logout:
  logoutRan = 1;
#ifndef FIX_LOGOUT_WINS
  /* [WoteAuthRepository.signOut] today: the server call first, through the request path */
  atomic { endBegun[p] = 1 };
  if
  :: atomic { sess[p] == 0 -> logoutExcused = 1 } -> goto finish      /* signed out: nothing */
  :: else
  fi;
#ifndef FIX_EXPIRED_LOGOUT
  if
  :: atomic { tstate[sess[p]] == EXPIRED -> logoutExcused = 0 } -> goto localEnd  /* (c) skipped */
  :: else
  fi;
#endif
  atomic { logoutCallSent = 1; run Caller(p, LOGOUT_ID, K_LOGOUT) };
  done[LOGOUT_ID];
localEnd:
  endSession(p, WHY_EXPLICIT, false, 0);                    /* [SessionEngine.end(.loggedOut)] */
#else
  /* the fixed signOut: the session ends in memory at once; the store is emptied under the lock
     (adopting a newer stored pair, refreshing first only when the token has expired); then the
     waiters hear; then the server is told with the newest token, without a slot or a flight. */
  atomic {
    if
    :: sess[p] == 0 -> logoutExcused = 1; goto finish
    :: else
    fi;
    tok = sess[p];
    endInMemory(p, WHY_EXPLICIT, true)
  };
#ifdef CALL_FIRST
  if
  :: atomic { tstate[tok] != EXPIRED -> logoutCallSent = 1; network(lost, handled, true) } ->
     atomic { if :: handled -> serve(p, tok, K_LOGOUT, ans) :: else fi }
  :: else
  fi;
#endif
  enterQueue(p);
  atomic {
    lockHolder == 0 -> lockHolder = p + 1;
    if
    :: store == 0 -> logoutExcused = 1; tok = 0        /* ended elsewhere: told by that end */
    :: store != 0 && store > tok -> tok = store         /* [reconcileWithStore] .adopted */
    :: else
    fi;
  };
#ifndef FIX_EXPIRED_LOGOUT
  if :: tok != 0 && tstate[tok] == EXPIRED -> tok = 0 :: else fi;   /* (c) today: no call */
#else
  if
  :: tok != 0 && tstate[tok] == EXPIRED && store != 0 ->
     refreshCall(p, tok, ans, got);
     if
     :: ans == A_OK -> tok = got
     :: else -> tok = 0; logoutExcused = 1                 /* refused or unreachable */
     fi
  :: else
  fi;
#endif
  atomic { removeStore(p); wakeDetached(p); giveStore(p) };
#ifndef CALL_FIRST
  if
  :: atomic { tok != 0 -> logoutCallSent = 1; network(lost, handled, true) } ->
     atomic { if :: handled -> serve(p, tok, K_LOGOUT, ans) :: else fi }
  :: else
  fi;
#endif
#endif
  goto finish;
withdraw:
  /* [WoteAuthRepository.withdraw]: the server call through the request path, then end */
  atomic { run Caller(p, WITHDRAW_ID, K_WITHDRAW) };
  done[WITHDRAW_ID];
  endSession(p, WHY_EXPLICIT, false, 0);                    /* [SessionEngine.end(.withdrawn)] */
finish:
  done[LOGOUT_ID] = 1; done[WITHDRAW_ID] = 1
}

/* The shared clock: the server's current pair becomes due, then expired. */
proctype Clock() {
end:
  do
  :: atomic { ticks < MAXTICKS && tstate[srvCur] < EXPIRED -> tstate[srvCur]++; ticks++ }
  od
}

init {
  byte p, r;
  atomic {
    /* every process restored pair 1 from the store [SessionEngine.restore] */
    p = 0;
    do
    :: p < NP -> sess[p] = 1; lastSeen[p] = 1; slots[p] = SLOTS; p++
    :: else -> break
    od;
    run Clock();
    run User();
    p = 0;
    do
    :: p < NP ->
       r = 0;
       do
       :: r < NR -> run Caller(p, p * NR + r, K_REQUEST); r++
       :: else -> break
       od;
       p++
    :: else -> break
    od
  };
  /* when nothing can move any more: every request has ended, and a logout left the store empty */
  timeout ->
  atomic {
    r = 0;
    do
    :: r < NW -> CHECK(P_ALL_END, done[r]); r++
    :: else -> break
    od;
    CHECK(P_ALL_END, lockHolder == 0);
    CHECK(P_LOGOUT_WINS, !logoutRan || store == 0);
    /* logout tells the server when it can (issue 24 item 3) */
    CHECK(P_TELLS_SERVER, !logoutRan || logoutCallSent || logoutExcused || faults > 0)
  }
}
