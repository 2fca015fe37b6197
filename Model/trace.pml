/*
 * Trace validation (issue 45 item 7): a trace the Swift engine recorded in the randomized test
 * (Tests/SessionTests/Support/ModelTrace.swift) replayed against Model/session.pml's store, lock and
 * session state. Each recorded step is one of the steps below; a step the model does not allow in the
 * state the trace so far reached is reported as
 *     DISALLOWED seed S step N: <step> (<the model's rule>)
 * and stops the replay (an assertion). The steps and the model transitions they stand for are the
 * table Model/trace-steps.tsv (also in Docs/Model.md, "Trace validation"); the test writes the
 * trace as calls of these macros (T_<step>), `spin` interprets it (no search: the trace is one path).
 *
 * The lock is the model's (lockHolder, LOCK_FREE, TAKE, giveStore: one lock per store per process,
 * the engines of one process taking turns), the store is the model's `store`, and the rules are the
 * model's properties for the fixed protocol (-DFIXED, issue 45):
 *   - a store write happens under the writer's lock (every write in session.pml is inside a
 *     `LOCK_FREE -> TAKE(p)` step);
 *   - a refresh call of a stored session is sent under the lock, one call per lock hold
 *     (P_LOCK_BOUND: the lost-answer retry releases the lock between sends);
 *   - a read returns what the store holds (the recorder's own consistency);
 *   - a session whose end an app was told of is taken up again by no client (P_TOLD_END: the
 *     sign-out record carries the owed removal, OWED);
 *   - a lock or turn that was not had (T_lockfail) leaves nothing held.
 */
#define TRACE_CHECK
#define FIXED
/* TODAY45 (WOTE_TRACE_MODEL=today): only the rules today's model and engine share (the lock is had
   alone, writes under it, reads agree with the store); the issue 45 rules (one call per lock hold,
   no refresh of a stored session outside the lock, told ends stay ended) are the fixed protocol's */
#ifndef NP
#define NP 2
#endif
#include "session.pml"

#define NFAM 128                  /* sessions (the test's families) a trace may name */
int tseed = 0;
int tstep = 0;
bool tTold[NFAM];                 /* told[]: an end of this session was announced to an app */
byte tHolds[NP];                  /* sess[]: the session each client holds, by family (0 none) */


/* a new seed: the model's initial state, every client restored nothing yet */
inline T_seed(n) {
  tseed = n; tstep = 0; store = 0; lockHolder = 0;
  i = 0;
  do
  :: i < NFAM -> tTold[i] = 0; i++
  :: else -> break
  od;
  i = 0;
  do
  :: i < NP -> tHolds[i] = 0; holdLong[i] = 0; storeBusy[i] = 0; i++
  :: else -> i = 0; break
  od
}

/* [withStore: StoreTurns.take, storage.lock] the turn and the lock were had: `LOCK_FREE -> TAKE(p)` */
inline T_lock(c) {
  tstep++;
  if
  :: LOCK_FREE -> TAKE(c); storeBusy[c] = 1
  :: else -> printf("DISALLOWED seed %d step %d: lock taken while another client holds it (LOCK_FREE)\n", tseed, tstep); assert(false)
  fi
}

/* [withStore throws before its body] not had: a time-out, a cancelled caller, no background time */
inline T_lockfail(c) {
  tstep++;
  if
  :: lockHolder != c + 1 -> lockFails++
  :: else -> printf("DISALLOWED seed %d step %d: a failed lock wait while holding the lock\n", tseed, tstep); assert(false)
  fi
}

/* [TokenStorageLock.release, leaveStoreQueue] giveStore */
inline T_unlock(c) {
  tstep++;
  if
  :: lockHolder == c + 1 -> giveStore(c)
  :: else -> printf("DISALLOWED seed %d step %d: lock released by a client that does not hold it\n", tseed, tstep); assert(false)
  fi
}

/* [storage.load()] any time (the restore and the notice's look read outside the lock) */
inline T_load(c, f) {
  tstep++;
  if
  :: store == f -> skip
  :: else -> printf("DISALLOWED seed %d step %d: a read that differs from the store (recorder out of step)\n", tseed, tstep); assert(false)
  fi
}

/* [writeMemoryToStore, recordRefreshSent, removeStoredSession] saveStore / removeStore: under the lock */
inline T_save(c, f) {
  tstep++;
  if
  :: lockHolder == c + 1 -> store = f
  :: else -> printf("DISALLOWED seed %d step %d: a store write without the writers lock\n", tseed, tstep); assert(false)
  fi
}
inline T_remove(c) {
  tstep++;
  if
  :: lockHolder == c + 1 -> store = 0
  :: else -> printf("DISALLOWED seed %d step %d: a store removal without the writers lock\n", tseed, tstep); assert(false)
  fi
}

/* [callRefresh's send] refreshCall: a stored session's refresh under the lock, one call per hold
   (P_LOCK_BOUND); a session the store does not hold (memory only: persist[p] == 0, after refused
   writes or another origin's write) refreshes without it (`!held` in Flight) */
inline T_send(c) {
  tstep++;
  if
#ifdef TODAY45
  :: true -> skip
#else
  :: lockHolder == c + 1 && holdLong[c] == 0 -> holdLong[c]++
  :: lockHolder != c + 1 && store != tHolds[c] -> skip
  :: lockHolder == c + 1 && holdLong[c] > 0 ->
     printf("DISALLOWED seed %d step %d: a second refresh call in one lock hold (P_LOCK_BOUND: the retry releases the lock between sends)\n", tseed, tstep); assert(false)
  :: lockHolder != c + 1 && store == tHolds[c] -> printf("DISALLOWED seed %d step %d: a refresh call of a stored session without the lock\n", tseed, tstep); assert(false)
#endif
  fi
}

/* [SessionEngine.endInMemory -> signedOut] endInMemory: the app is told */
inline T_end(c, f, why) {
  tstep++;
#ifdef TODAY45
  /* today's model keeps only an explicit end's debt (a refused removal: pendingRemoval) */
  if :: why == WHY_EXPLICIT -> tTold[f] = 1 :: else fi;
#else
  tTold[f] = 1;
#endif
  tHolds[c] = 0
}

/* [restoreFromStorage, followStore, begin, reconcileWithStore] setSess: P_TOLD_END */
inline T_hold(c, f) {
  tstep++;
  if
  :: !tTold[f] -> tHolds[c] = f
  :: else -> printf("DISALLOWED seed %d step %d: a session whose end an app was told of is taken up again (P_TOLD_END)\n", tseed, tstep); assert(false)
  fi
}

/* another process's write (the Other proctype): any time */
inline T_other(f) {
  tstep++;
  store = f
}

init {
  byte i;
#include "trace-steps.h"
  printf("TRACE OK: %d seeds\n", tseed)
}
