/*
 * WoteKit's session protocol, for SPIN (issues 27 and 33). Docs/Model.md says what is covered, what
 * is left out, how to run it, and maps every Swift function to the transitions below.
 *
 * Every transition names, in a comment [in brackets], the Swift function it stands for
 * (Sources/Session/, Sources/Data/Storage/, Sources/Repository/WoteAuthRepository.swift,
 * Sources/WoteKit/RequestAuthorizer.swift).
 *
 * Abstractions
 *   - A token pair is a number 1..MAXPAIR-1; pairs are issued in increasing order, so "newer" is ">"
 *     (SessionEngine.isNewer). Pair k's access token and refresh token are both "k". Each pair
 *     belongs to one session (sidOf): SA, member A's session that every process restored; SB, the
 *     session process 0's person signs in to (USER 3); FOREIGN, another origin's session that the
 *     Other process may write into the shared store (OTHER_ORIGIN).
 *   - Time is the shared clock of device and server: A's current pair goes fresh -> due (inside the
 *     leeway) -> expired, at most MAXTICKS steps in a run (SessionEngine.needsRefresh).
 *   - The network: a call reaches the server in one step, any number of steps after the client
 *     decided to send it (the delay), and its answer is read in a later step. At most MAXFAULTS
 *     refresh, logout or withdrawal calls are dropped before the server or have their answer lost
 *     or unreadable after it (both read as a passing failure); a fault on an app's own request
 *     changes nothing in the session, so requests are not faulted.
 *   - Process 0's person may log out, withdraw, switch account or log out twice (USER); every
 *     process runs NR requests. A "process" is one SessionEngine: two of them in one process (two
 *     WoteClients on one store) are two model processes.
 *
 * Switches (cpp). Issue 27: FIXED turns on every fix below (TODAY_A, TODAY_B, TODAY_C,
 * KEEP_ABANDONED_BUG take one back out); each can also be set alone. Without any, the model is the
 * engine of issue 27's time.
 *   FIX_LOGOUT_WINS  (a) logout ends the session in memory at once; waiters and slot waiters fail;
 *                        a resumed waiter checks the generation; the server call does not go
 *                        through the request path (no slot, no waiting for the refresh in flight)
 *   FIX_END_ORDER    (b) every session end detaches the waiters, writes the store, then wakes them
 *   FIX_EXPIRED_LOGOUT (c) logout with an expired access token refreshes first (under the lock)
 *   FIX_ABANDONED_PAIR (found by the model) a refresh whose session ended while its call was out
 *                        applies the answer to the store while the store still holds the spent
 *                        pair, so no process spends that refresh token again, and the logout that
 *                        abandoned it goes with the new pair (SessionEngine.recordAbandonedAnswer)
 *   CALL_FIRST       with FIX_LOGOUT_WINS: the server's logout call goes before the store write
 *                        (a design the model shows losing across processes)
 * Issue 33: each fix below is on unless TODAY33 (all of them off: the engine at issue 33's time)
 * or its own TODAY33_x is defined.
 *   FIX33_SLOTS      a request's generation is read when it is issued, before it waits for a slot;
 *                        a slot waiter of an ended generation fails (3b)
 *   FIX33_WAITERS    a woken refresh waiter of an ended generation fails instead of taking the
 *                        current session's token; a sign-in detaches the old session's waiters and
 *                        wakes them after its store write; adopting another session's pair from the
 *                        store is a new generation (3a, 8a)
 *   FIX33_STACK      accessToken(afterRejecting:) answers only a token of the current generation (4)
 *   FIX33_RESTORE    restore reads the store inside the store queue, behind every queued end;
 *                        logout and sign-in write their own intent (remove A / save B), not "what
 *                        memory holds at their turn" (1)
 *   FIX33_REENTER    a dead-token verdict on a refresh that found another origin's session is
 *                        handled inside the store queue the refresh holds (2)
 *   FIX33_LOCK       one lock per store per process (two engines take turns), and removing a dead
 *                        session is a compare-and-swap on the refused refresh token (5)
 *   FIX33_RETRY      a logout removal the store refused is remembered and retried by a second
 *                        logout, a restore or a sign-in (6)
 *   FIX33_BEGIN      a sign-in writes the new session first, in the store queue, then switches to it
 *                        (SessionStateMachine.signInStored); before: switch, then write
 * NOTICES (issue 31): each process hears the store's changes (a notice may be lost); a notice holds
 *   back the process's token decisions until it read the store again (followStore). Property
 *   P_NOTICE: after a notice arrived, nothing of a session it ended is sent. MUT_IGNORE_NOTICES:
 *   notices arrive and change nothing.
 * FOLLOWER (issue 31, with NOTICES): process 0 is the leader, the last process the follower
 *   (SessionConfiguration.role). A follower whose token is due does not refresh: it posts "refresh
 *   wanted" (a notice: it may be lost) and waits, within a bound, for another pair in the store,
 *   learned through the store notice and a re-read; then the ordinary refresh under the lock (which
 *   re-reads the store and adopts a newer pair). The bound is nondeterministic: it passes when
 *   nothing else can happen (SPIN's timeout), or at any time ("early": a slow or suspended leader).
 *   The leader hearing "refresh wanted" runs its own refresh (the flight, or joins the running one)
 *   when its pair is due: under the lock it adopts a newer stored pair or refreshes, saves, and the
 *   store notice tells the follower. P_FOLLOWER: with every notice delivered, no fault, and the
 *   bound not passed early, the follower makes no refresh call. MUT_FOLLOWER_REFRESHES: the
 *   follower refreshes at once, as a leader; MUT_LEADER_ALWAYS: the leader refreshes on every
 *   "refresh wanted", even a late one for a pair it already renewed (breaks P_ONE_REFRESH).
 * Scenes: USER (1 logout, 2 withdrawal, 3 account switch: sign in to B over A or after logging A
 *   out, 4 logout then a second logout or a restore), STACK (a call of another networking stack
 *   through RequestAuthorizer), RESTORER (a restoreSession() from another window, at any time),
 *   OTHER_ORIGIN (another origin's client replaces the stored session; A may be banned on the
 *   server), MAXSTOREFAILS (removals the store refuses: a locked Keychain).
 * Mutations (each breaks a known part; scripts/model-check.sh --mutations):
 *   MUT_NO_GEN_CHECK       callRefresh applies an answer whatever the generation
 *   MUT_UNLOCK_EARLY       performRefresh releases the store lock before the call and the write
 *   MUT_WAITERS_FIRST      a dead refresh wakes its waiters before writing the store
 *   MUT_NO_RECONCILE       performRefresh does not re-read the store under the lock (no CAS)
 *   MUT_NO_SINGLE_FLIGHT   sharedRefresh starts a flight even when one runs
 *   MUT_FORGET_WAITERS     an ended session's waiters are never woken (SessionStateMachine.sessionEnded forgets them)
 *   MUT_NO_RESUME_CHECK    (fixed) a resumed waiter does not check the generation
 *   MUT_FAILURE_ENDS       a passing refresh failure (network, time-out, 5xx) ends the session
 *   MUT_IGNORE_NOTICES, MUT_FOLLOWER_REFRESHES, MUT_LEADER_ALWAYS  (issue 31, above)
 *   MUT_NO_RETRY           (issue 30) a refresh whose answer was lost is not sent again
 *   MUT_LOST_AS_EXPIRED    (issue 30) a dead-token verdict after a lost answer is read as "expired"
 * Issue 30: FIX30_RETRY (on unless MUT_NO_RETRY) sends a refresh whose answer was lost after the
 *   server acted again, at once, under the lock, with the same token; the store records each send
 *   (sentRec). GRACE: the server answers a reuse of the just-superseded refresh token within the
 *   grace window with the same pair (Docs/ServerModes.md); the window passes at any time except
 *   between a lost answer and its retry. Without GRACE the server is strict about reuse (E016).
 *   Property P_LOST: with GRACE a lost answer never ends the session; without, a session ended after
 *   a lost answer ends as "refresh answer lost" (WHY_LOST), never as a plain dead token.
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

#if !defined(TODAY33) && !defined(TODAY33_SLOTS)
#define FIX33_SLOTS
#endif
#if !defined(TODAY33) && !defined(TODAY33_WAITERS)
#define FIX33_WAITERS
#endif
#if !defined(TODAY33) && !defined(TODAY33_STACK)
#define FIX33_STACK
#endif
#if !defined(TODAY33) && !defined(TODAY33_RESTORE)
#define FIX33_RESTORE
#endif
#if !defined(TODAY33) && !defined(TODAY33_REENTER)
#define FIX33_REENTER
#endif
#if !defined(TODAY33) && !defined(TODAY33_LOCK)
#define FIX33_LOCK
#endif
#if !defined(TODAY33) && !defined(TODAY33_RETRY)
#define FIX33_RETRY
#endif
#if !defined(TODAY33) && !defined(TODAY33_BEGIN)
#define FIX33_BEGIN
#endif

/* Issue 45 ("every end finishes"), on with FIXED unless TODAY45: the engine as the coordinator's
   fixes make it.
   - Lock and turn acquisition may fail (MAXLOCKFAILS: a time-out, a cancelled caller, no background
     time) for every end, refresh, notice follow, restore and sign-in [withStore -> StoreTurns.take,
     FileRefreshLock.acquire]. An end whose store step did not complete owes the removal: the
     sign-out record, written before the store step, names the ended session (recSid), and every
     read that finds that session in the store removes it instead of adopting it (OWED), in any
     process and after a relaunch.
   - The lost-answer retry sends up to MAXSENDS times with pauses, each send under its own lock
     hold: before the next send it takes the lock again and re-reads the store (refreshSentAt).
   - The logout's server call has its own time: waits before it (landing, lock) never spend it.
   - The record names who decided: a follower's endedElsewhere never replaces the record of the end
     it followed.
   - A notice pass whose lock was not had is not counted followed: the notice stays pending.
   - A session without an id over an identified one is another sign-in (replacedBySignIn).
   - The restore and the notice's look for a sign-in read the store outside the lock and the
     queue, as the code does (SessionEngine+Refresh.swift restoreFromStorage,
     SessionEngine+Notices.swift followStore). */
#if defined(FIXED) && !defined(TODAY45)
#define FIX45
#endif
#ifndef MAXLOCKFAILS
#define MAXLOCKFAILS 0            /* lock or turn waits that fail (time-out, cancellation, no background time) */
#endif
#ifndef MAXSENDS
#define MAXSENDS 3                /* sends of one refresh token in the lost-answer retry (maximumAttempts) */
#endif

/* Issue 30: a refresh whose answer was lost after the server acted is sent again, at once and under
   the lock, with the same refresh token (SessionEngine.callRefresh's retry); MUT_NO_RETRY takes it out. */
#if !defined(MUT_NO_RETRY)
#define FIX30_RETRY
#endif
#ifdef FIX30_RETRY
#define RETRIES_LOST 1
#else
#define RETRIES_LOST 0
#endif

#ifndef NP
#define NP 2            /* processes (engines) sharing one store */
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
#ifndef MAXSTOREFAILS
#define MAXSTOREFAILS 0 /* store removals refused (a locked Keychain) */
#endif
#ifndef USER
#define USER 1          /* 1 logout, 2 withdrawal, 3 account switch, 4 logout twice or logout + restore */
#endif
#ifndef PROPS
#define PROPS 65535     /* which properties are asserted (bit mask, see below) */
#endif

#define P_LOGOUT_WINS   1
#define P_NO_REUSE      2         /* no refresh token spent twice (issue 27's "no false sign-out") */
#define P_ONE_REFRESH   4
#define P_END_ORDER     8
#define P_ALL_END       16        /* every operation returns */
#define P_TELLS_SERVER  32
#define P_ONE_SESSION   64        /* nothing of session S is sent or handed out under another */
#define P_REAL_END      128       /* no false sign-out: a session ends only for a real reason */
#define P_NO_COMEBACK   256       /* a logged-out session never comes back */
#define P_NOTICE        512       /* issue 31: after a notice arrived, nothing of a session it ended is sent */
#define P_FOLLOWER      1024      /* issue 31: with notices delivered and the leader running, the follower
                                     sends no refresh call itself */
#define P_LOST          2048      /* issue 30: a lost refresh answer never ends the session (GRACE); with a
                                     strict server it ends as "refresh answer lost", never "expired" */
#define P_TOLD_END      4096      /* issue 45: an end the app was told of never comes back in any process */
#define P_RECORD        8192      /* issue 45: the sign-out record names the deciding end */
#define P_LOCK_BOUND    16384     /* issue 45: no lock is held past the bound others wait (one call long) */
#define P_FOLLOWER_WAIT 32768     /* issue 45/46: a follower never waits out its bound on a leader that is
                                     not active */
#define CHECK(bitv, c)  assert(!(PROPS & bitv) || (c))

/* A request's generation is read when it is issued, in its own step, where sessions can change
   under a waiting request (a sign-in or a restore). */
#if USER >= 3 || defined(RESTORER)
#define ISSUE_STEP
#endif

#define MAXPAIR 10
#define FOREIGN 9                 /* another origin's stored session */
#define SA 1
#define SB 2
#define SF 3
#define NW (NP * NR + 4)          /* waiters: every request, logout, withdrawal, stack call, restore */
#define LOGOUT_ID (NP * NR)
#define WITHDRAW_ID (NP * NR + 1)
#define STACK_ID (NP * NR + 2)
#define RESTORE_ID (NP * NR + 3)
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
#define A_GONE 3                  /* E001: member gone (after withdrawal or a ban) */
#define A_FAULT 4                 /* dropped, or answer lost or unreadable */
#define A_INVALID 5               /* refresh: E016 (or E001) */

#define K_REQUEST 0
#define K_LOGOUT 1
#define K_WITHDRAW 2
#define K_STACK 3                 /* another stack's call [RequestAuthorizer] */

#define WHY_VERDICT 1
#define WHY_EXPLICIT 2
#define WHY_ELSEWHERE 3
#define WHY_LOST 4                /* SignOutReason.refreshAnswerLost */

/* One lock per store per process [TokenStorage.lock; issue 33: an in-process registry]. Issue 45:
   any wait for the turn or the lock may fail instead (LOCK_FAILS), at most MAXLOCKFAILS times. */
#define LOCK_FAILS (lockFails < MAXLOCKFAILS)
#ifdef FIX33_LOCK
#define LOCK_FREE (lockHolder == 0)
#define TAKE(p) lockHolder = p + 1
#else
#define LOCK_FREE true
#define TAKE(p) skip
#endif

/* ---- the token store (FileTokenStorage, KeychainTokenStorage) and its lock ---- */
byte store = 1;                   /* the stored pair; 0 = none */
byte lockHolder = 0;              /* 0 free, else process + 1 */
bool storeEnded[4];               /* a session end removed this session from the store */
byte storeFails = 0;
bool refused = 0;                 /* the store refused a logout's removal */
bool laterOp = 0;                 /* a store operation of process 0 ran after that refusal */
byte lockFails = 0;
byte holdLong[NP];                /* calls and pauses made by process p's current lock hold */
bool lockFailedEnd = 0;           /* an end's store step did not run: its lock or turn was not had */
/* issue 45: the sign-out record (SignOutRecordStore), shared by every process on the store: the
   session it names and why it ended. Written before an end's store step; it carries the debt. */
byte recSid = 0;
byte recWhy = 0;
bool told[4];                     /* an end of this session was announced to an app (signedOut) */
#ifdef FIX45
#define OWED(x) (x != 0 && x != FOREIGN && sidOf[x] == recSid)
#else
#define OWED(x) false
#endif
/* issue 45: a former store place (StoreMove) holding a stale copy whose removal failed (FORMER) */
byte former = 0;
/* issue 45: pairs written without a session id (an older WoteKit version, OLD_WRITER) */
bool noId[MAXPAIR];
#if defined(FIX45) && !defined(MUT_NIL_ID_AS_REFRESH)
#define SAME_SESSION(x, y) (!noId[x] && sidOf[x] == sidOf[y])
#else
#define SAME_SESSION(x, y) (noId[x] || sidOf[x] == sidOf[y])
#endif
/* issue 46: the leader publishes "alive and active" while the app is active (LEADER_SUSPENDS: it
   may stop at any time; NO_LEADER: it never is) */
#ifdef NO_LEADER
bool leaderActive = 0;
#else
bool leaderActive = 1;
#endif

/* ---- the server ---- */
byte sidOf[MAXPAIR];              /* the session each pair belongs to */
byte srvCur[4];                   /* per session: the pair the server accepts (rotation) */
byte nextPair = 1;
bool srvGone[4];                  /* the member is gone: withdrawn or banned */
bool banned[MAXPAIR];             /* access tokens the logout call banned */
bool loggedOutAtServer = 0;       /* the logout call banned the server's current pair */
byte tstate[MAXPAIR];             /* FRESH, DUE, EXPIRED */
byte ticks = 0;
byte faults = 0;
bool answerLost[MAXPAIR];         /* a refresh with this token was handled and its answer lost */
bool lostS[4];                    /* a rotation of this session was lost: its refresh token is dead */
byte rtPending[MAXPAIR];          /* refresh calls with this token sent, not yet answered */
bool rtAnswered[MAXPAIR];         /* a refresh call with this token got its answer */
/* issue 30: the grace window (GRACE, Docs/ServerModes.md): per session, the refresh token its latest
   rotation superseded, and whether the window for reusing it is still open */
byte prevR[4];
bool graceOpen[4];
byte retrying = 0;                /* flights between a lost answer and their retry's send */
bool sentRec[MAXPAIR];            /* the store records that a refresh with this token was sent
                                     (StoredSession.refreshSentAt) */

/* ---- issue 31: store notices (NOTICES) [StoreNotices, SessionEngine+Notices.swift] ---- */
#ifndef MAXLOST
#define MAXLOST 1                 /* notices lost (a suspended process, a dropped event) */
#endif
byte heard[NP];                   /* the store as the last notice of process p found it */
bool noticePending[NP];           /* a notice arrived and the store was not read again yet */
byte noticed[NP];                 /* bit s: a notice arrived after session s was ended or replaced */
byte flightPair[NP];              /* the pair the running flight was started for */
byte lostNotices = 0;

/* ---- issue 31: the follower role (FOLLOWER) [SessionConfiguration.role] ----
   Process 0 (the app, where the person acts) is the leader; with FOLLOWER the last process (an
   extension or a widget) is the follower. */
#if defined(FOLLOWER) && defined(NOTICES)
#define IS_FOLLOWER(p) (p == NP - 1)
#else
#define IS_FOLLOWER(p) false
#endif
bool wantedPending = 0;           /* a "refresh wanted" notice is on its way to the leader */
bool fwait = 0;                   /* the follower waits for the leader's pair */
bool early = 0;                   /* the follower's bound passed while the leader could still answer */
#if defined(NOTICES)
#define NOTICE_CLEAR(p) (!noticePending[p])
#else
#define NOTICE_CLEAR(p) true
#endif

/* ---- what the person did (for the properties) ---- */
bool lo[4];                       /* a logout of this session began (in process 0) */
bool loRemoved[4];                /* ... and its removal from the store is done */
bool wd[4];                       /* a withdrawal of this session began */
bool replaced[4];                 /* a sign-in replaced this session */
#define IS_DEAD(s) (lo[s] || wd[s] || replaced[s] || srvGone[s] || lostS[s])

/* ---- each process's SessionEngine ---- */
byte sess[NP];                    /* SessionEngine.session (pair), 0 = none */
byte gen[NP];                     /* SessionEngine.generation */
byte lastSeen[NP];                /* SessionEngine.lastSeenInStore */
byte flight[NP];                  /* SessionEngine.flight (id), 0 = none */
bool storeBusy[NP];               /* SessionEngine.isStoreBusy (store queue) */
bool persist[NP];                 /* SessionEngine.isPersistent */
byte endsQueued[NP];              /* SessionStateMachine.endings */
bool pendingRemoval[NP];          /* a refused logout removal, to retry (issue 33) */
byte slots[NP];                   /* RequestSlots.available */
byte refreshes[NP];               /* SessionEngine.recentRefreshes.count (storm guard) */
byte endedMask[NP];               /* bit s: an end of session s has begun here */
bool anyEnd = 0;
byte nextFlight = 0;

/* ---- waiters (SessionStateMachine.Flight.waiters) and operations ---- */
byte waitOn[NW];                  /* flight id waited for, DETACHED, or 0 */
byte waitRes[NW];
byte wsid[NW];                    /* the session the call was issued under */
bool done[NW];
bool logoutRan = 0;
bool logoutCallSent = 0;
bool logoutExcused = 0;           /* the refresh was refused, failed, or the store was empty */

/* Wakes every waiter of flight `fid` with `v` [the resume actions of refreshFinished / sessionEnded]. */
inline wake(fid, v) {
  i = 0;
  do
  :: i < NW ->
     if
     :: waitOn[i] == fid ->
        /* the store is written before a waiter hears that its session ended */
        CHECK(P_END_ORDER, v != R_ENDED || sidOf[store] != wsid[i] || refused);
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

/* A process takes pair x as its session (restore, adoption, renewal, sign-in). */
inline setSess(p, x) {
  CHECK(P_NO_COMEBACK, !loRemoved[sidOf[x]] && !(p == 0 && lo[sidOf[x]]));
  /* issue 45: a session whose end an app was told of is taken up again by no process (a process
     still holding it may renew it until it reads the store) */
  CHECK(P_TOLD_END, (sess[p] != 0 && sidOf[sess[p]] == sidOf[x]) || !told[sidOf[x]]);
  sess[p] = x
}

/* [SignOutRecorder.record] issue 45: the record of an end, written before its store step. */
inline writeRecord(s, why) {
  /* the record names the deciding end: a follower's endedElsewhere never replaces it */
  CHECK(P_RECORD, !(why == WHY_ELSEWHERE && recSid == s && recWhy != 0 && recWhy != WHY_ELSEWHERE));
  recSid = s; recWhy = why
}

/* [SignOutRecorder, anotherProcess] an end this process only followed (it read the empty store, or
   another session there): recorded only when no record names that session yet. */
inline recordFollowedEnd(s) {
#if defined(FIX45) && !defined(MUT_FOLLOWER_OVERWRITES)
  if :: recSid != s -> writeRecord(s, WHY_ELSEWHERE) :: else fi
#else
  writeRecord(s, WHY_ELSEWHERE)
#endif
}

/* [SessionEngine.writeMemoryToStore] save */
inline saveStore(p, x) {
  CHECK(P_NO_COMEBACK, !loRemoved[sidOf[x]]);
  store = x; lastSeen[p] = x
}

/* [SessionEngine.writeMemoryToStore] with no session: storage.remove(); another origin's entry is
   left alone (replacingOtherOrigins: false) */
inline removeStore(p) {
  if
  :: store != 0 && store != FOREIGN ->
     CHECK(P_REAL_END, IS_DEAD(sidOf[store]));
     storeEnded[sidOf[store]] = 1; store = 0
  :: else
  fi;
  lastSeen[p] = 0
}

/* The fixed removals are compare-and-swaps: only while the store holds session s, or pair r. */
inline removeSession(p, s) {
  if :: sidOf[store] == s -> removeStore(p) :: else fi
}

/* [SessionEngine.endInMemory: SessionStateMachine.sessionEnded; a sign-in or restore's new generation:
   sessionBegan, through signInStored / restoreRead] `detach`: the flight's waiters are only
   detached, and hear after the store write (wakeDetached); else they hear at once. */
inline endInMemory(p, why, detach) {
  CHECK(P_REAL_END, why != WHY_ELSEWHERE || anyEnd);
  CHECK(P_REAL_END, sess[p] == 0 || IS_DEAD(sidOf[sess[p]]));
  anyEnd = 1;
  if :: sess[p] != 0 -> told[sidOf[sess[p]]] = 1 :: else fi;
  endedMask[p] = endedMask[p] | (1 << sidOf[sess[p]]);
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
   [storage.lock] (the processes). The lock is taken in the same step as the first part of the
   body that needs it: `LOCK_FREE -> TAKE(p); ...`. */
inline enterQueue(p) {
  atomic { !storeBusy[p] -> storeBusy[p] = 1 }
}

/* [withStore's deferred lock.release() and leaveStoreQueue] */
inline giveStore(p) {
  lockHolder = 0; storeBusy[p] = 0; holdLong[p] = 0
}

/* issue 45: the turn or the lock was not had [withStore throws before its body]: the queue is left,
   the lock was never taken */
inline leaveQueue(p) {
  storeBusy[p] = 0
}

/* issue 45: a call or a pause made while holding the store's lock: one call is the bound others wait
   [storeLockWait = request time-out + margin] */
inline holdsLong(p) {
  if
  :: lockHolder == p + 1 -> holdLong[p]++; CHECK(P_LOCK_BOUND, holdLong[p] <= 1)
  :: else
  fi
}

/* [SessionEngine.sharedRefresh] join the running flight, or start one [Task { fly }] */
inline sharedRefresh(p, me) {
  if
  :: flight[p] == 0 -> nextFlight++; flight[p] = nextFlight; flightPair[p] = sess[p]; run Flight(p, nextFlight, gen[p])
#ifdef MUT_NO_SINGLE_FLIGHT
  :: flight[p] != 0 -> nextFlight++; flight[p] = nextFlight; run Flight(p, nextFlight, gen[p])
#endif
  :: else
  fi;
  waitOn[me] = flight[p];
  waitRes[me] = 0
}

/* A token handed to a call: from here it is on its way to the wire. */
inline give(t) {
  tok = t;
  CHECK(P_LOGOUT_WINS, kind == K_LOGOUT || !(endedMask[p] & (1 << sidOf[t])));
  CHECK(P_ONE_SESSION, sidOf[t] == mine);
  CHECK(P_NOTICE, kind == K_LOGOUT || !(noticed[p] & (1 << sidOf[t])))
}

/* The server handles a protected call [HTTPClient.send -> the Wote server]. */
inline serve(p, t, kind, ans) {
  if
  :: srvGone[sidOf[t]] -> ans = A_GONE
  :: !srvGone[sidOf[t]] && (t != srvCur[sidOf[t]] || tstate[t] == EXPIRED || banned[t]) -> ans = A_REJECTED
  :: !srvGone[sidOf[t]] && t == srvCur[sidOf[t]] && tstate[t] != EXPIRED && !banned[t] ->
     ans = A_OK;
     if
     :: kind == K_REQUEST || kind == K_STACK -> CHECK(P_LOGOUT_WINS, !loggedOutAtServer || sidOf[t] != SA || lockFailedEnd)
     :: kind == K_LOGOUT -> banned[t] = 1; loggedOutAtServer = 1
     :: kind == K_WITHDRAW -> srvGone[sidOf[t]] = 1
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
inline refreshCall(p, r, ans, got, mayRetry, isRetry) {
  atomic {          /* sent, and handled by the server (the delay is before this step) */
    if :: isRetry && pend -> retrying--; pend = 0 :: else fi;
    CHECK(P_ONE_REFRESH, rtPending[r] == 0 && !rtAnswered[r] && (tstate[r] != FRESH || banned[r]));
    CHECK(P_LOGOUT_WINS, !storeEnded[sidOf[r]] || !persist[p]);
    /* the follower refreshes only when a notice was lost, a call failed, or its bound passed
       before the leader could answer */
    CHECK(P_FOLLOWER, !IS_FOLLOWER(p) || lostNotices > 0 || faults > 0 || early || !leaderActive);
    rtPending[r]++;
    refreshes[p]++;
    holdsLong(p);
    network(lost, handled, true);
    if
    :: handled && srvGone[sidOf[r]] -> ans = A_INVALID
    :: handled && !srvGone[sidOf[r]] && r == srvCur[sidOf[r]] ->
       nextPair++; assert(nextPair < FOREIGN); sidOf[nextPair] = sidOf[r];
       srvCur[sidOf[r]] = nextPair; got = nextPair; ans = A_OK;
       prevR[sidOf[r]] = r; graceOpen[sidOf[r]] = 1;
#ifdef GRACE
       /* a retry within the window gets this pair: the session lives on */
       if :: lost && mayRetry -> retrying++; pend = 1 :: else fi
#else
       if :: lost -> lostS[sidOf[r]] = 1; if :: mayRetry -> retrying++; pend = 1 :: else fi :: else fi
#endif
    :: handled && !srvGone[sidOf[r]] && r != srvCur[sidOf[r]] ->
       CHECK(P_NO_REUSE, answerLost[r]);   /* no refresh token spent twice */
#ifdef GRACE
       if
       :: r == prevR[sidOf[r]] && graceOpen[sidOf[r]] -> got = srvCur[sidOf[r]]; ans = A_OK   /* the same pair */
       :: else -> ans = A_INVALID; lostS[sidOf[r]] = 1      /* strict's answer: the family is revoked */
       fi
#else
       ans = A_INVALID
#endif
    :: !handled -> skip
    fi;
    if :: lost && handled -> answerLost[r] = 1 :: else fi
  };
  atomic {          /* the answer arrives */
    rtPending[r]--;
    if :: lost -> ans = A_FAULT :: else -> rtAnswered[r] = 1 fi
  }
}

/* issue 45: a retry that will not be sent lets the grace window pass again */
#define UNPEND if :: pend -> retrying--; pend = 0 :: else fi

/* [SessionEngine.fly -> performRefresh -> reconcileWithStore -> callRefresh] */
proctype Flight(byte p; byte fid; byte fg) {
  byte r, ans, got, outcome, i, why, sends;
  bool lost, handled, held, reenter, retriedLost, sentBefore, pend;
  skip;
#if defined(FOLLOWER) && defined(NOTICES) && !defined(MUT_FOLLOWER_REFRESHES)
  /* [the follower's refresh]: it does not refresh; it posts "refresh wanted" (a notice: it may be
     lost or late) and waits, within a bound, for the store to hold a pair other than the one it
     holds, learned through the ordinary store notice and re-read (Listener, follow). When the
     bound passes, it goes on below: the ordinary refresh under the lock, which re-reads the
     store first and adopts a newer pair. */
  if
#if !defined(MUT_FOLLOWER_IGNORES_LEADER)
  :: IS_FOLLOWER(p) && !leaderActive -> skip     /* issue 46: no leader is active: it refreshes at once */
#define WAITS_FOR_LEADER (IS_FOLLOWER(p) && leaderActive)
#else
#define WAITS_FOR_LEADER IS_FOLLOWER(p)          /* the mutation: it waits whether a leader is active or not */
#endif
  :: atomic {
       WAITS_FOR_LEADER ->
       if
       :: lostNotices < MAXLOST -> lostNotices++                 /* "refresh wanted" lost */
       :: true -> wantedPending = 1
       fi;
       fwait = 1
     };
     if
     :: atomic { fg != gen[p] || sess[p] != flightPair[p] -> fwait = 0 }   /* a new pair, or an end */
     :: atomic { !fwait -> skip }          /* issue 46: woken when the leader's active state cleared (LeaderLife) */
     :: atomic { timeout -> fwait = 0 }    /* the bound passed: nothing else could happen first */
     :: atomic {                           /* the bound passed early (a slow leader) */
          fwait ->
          CHECK(P_FOLLOWER_WAIT, leaderActive);    /* never waited out on a leader that is not active */
          fwait = 0; early = 1
        }
     fi
  :: else
  fi;
#endif
  /* [performRefresh] generation check, then [stormGuardTripped], then [enterStoreQueue] when the
     session is persistent */
  atomic {
    fg != gen[p] || sess[p] == 0 || refreshes[p] >= STORM || !persist[p] || !storeBusy[p] ->
    if
    :: fg != gen[p] || sess[p] == 0 -> outcome = R_ENDED; goto fly
    :: else
    fi;
    if
    :: refreshes[p] >= STORM -> outcome = R_STORM; goto fly
    :: else
    fi;
    if :: persist[p] -> storeBusy[p] = 1; held = 1 :: else fi
  };
  /* [performRefresh] under the lock: generation again, then [reconcileWithStore] */
  atomic {
    if
    :: !held || LOCK_FREE -> if :: held -> TAKE(p) :: else fi
    :: held && LOCK_FAILS ->               /* issue 45: the lock or turn was not had: storageFailure */
       lockFails++; leaveQueue(p); held = 0; outcome = R_FAIL; goto fly
    fi;
    if
    :: fg != gen[p] || sess[p] == 0 -> outcome = R_ENDED; goto unlock
    :: else
    fi;
#ifndef MUT_NO_RECONCILE
    if
    :: !held -> skip                       /* in memory only: no store to compare with */
    :: held && OWED(store) ->              /* issue 45: an ended session's owed removal */
       got = sidOf[sess[p]]; removeStore(p); recordFollowedEnd(got); got = 0;
       endInMemory(p, WHY_ELSEWHERE, false);
       outcome = R_ENDED; goto unlock
    :: held && store == 0 ->               /* .endedElsewhere */
       lastSeen[p] = 0;
       recordFollowedEnd(sidOf[sess[p]]);
       endInMemory(p, WHY_ELSEWHERE, false);
       outcome = R_ENDED; goto unlock
    :: held && store == FOREIGN ->         /* .replacedByOtherOrigin: memory only from now on */
       persist[p] = 0
    :: held && store != 0 && store != FOREIGN && store != lastSeen[p] && SAME_SESSION(store, sess[p]) && store > sess[p] ->
       /* .adopted */
       setSess(p, store); lastSeen[p] = store;
       if :: tstate[store] == FRESH -> outcome = store; goto unlock :: else fi
#ifdef FIX33_WAITERS
    :: held && store != 0 && store != FOREIGN && store != lastSeen[p] && !SAME_SESSION(store, sess[p]) ->
       /* another session (a sign-in elsewhere, or a session without an id): a new generation */
       recordFollowedEnd(sidOf[sess[p]]);
       endInMemory(p, WHY_ELSEWHERE, false);
       setSess(p, store); lastSeen[p] = store;
       outcome = R_ENDED; goto unlock
#else
    :: held && store != 0 && store != FOREIGN && store != lastSeen[p] && sidOf[store] != sidOf[sess[p]] && store > sess[p] ->
       /* today: adopted as if it were a refresh of this session */
       setSess(p, store); lastSeen[p] = store;
       if :: tstate[store] == FRESH -> outcome = store; goto unlock :: else fi
#endif
    :: else -> lastSeen[p] = store         /* .current */
#ifdef NOTICES
       /* a notice's read adopted a newer, fresh pair since the flight began: it is the answer */
       ; if :: sess[p] != flightPair[p] && tstate[sess[p]] == FRESH -> outcome = sess[p]; goto unlock :: else fi
#endif
    fi;
#endif
    r = sess[p];
    /* [recordRefreshSent] an earlier send of r recorded in the store (a launch or process whose
       answer never came) is read first; then this send is recorded */
    sentBefore = sentRec[r];
    if :: held -> sentRec[r] = 1 :: else fi
  };
#ifdef MUT_UNLOCK_EARLY
  atomic { if :: held -> giveStore(p); held = 0 :: else fi };   /* the mutation: the lock goes back early */
#endif
  /* [callRefresh] */
#ifdef MUT_NO_GEN_CHECK
#define GEN_STANDS true
#else
#define GEN_STANDS (fg == gen[p] && sess[p] != 0)
#endif
  refreshCall(p, r, ans, got, RETRIES_LOST, 0);
#ifdef FIX30_RETRY
  /* [callRefresh] the answer was lost after the server acted: the same refresh token again, at once,
     still under the lock (a call dropped before the server is a plain passing failure) */
  sends = 1;
retry:
  if
  :: ans == A_FAULT && handled && sends < MAXSENDS ->
     retriedLost = 1; sends++;
#if defined(FIX45) && !defined(MUT_RETRY_KEEPS_LOCK)
     /* issue 45: the pause goes without the lock (the store records refreshSentAt); before the next
        send the lock is taken again and the store re-read: a store another process changed is read
        as any re-read (adopted or ended), instead of sending again */
     atomic { if :: held -> lockHolder = 0; holdLong[p] = 0 :: else fi };
     atomic {
       if
       :: !held || LOCK_FREE -> if :: held -> TAKE(p) :: else fi
       :: held && LOCK_FAILS -> lockFails++; UNPEND; leaveQueue(p); held = 0; outcome = R_FAIL; goto fly
       fi;
       if
       :: fg != gen[p] || sess[p] == 0 -> UNPEND; outcome = R_ENDED; goto unlock
       :: fg == gen[p] && sess[p] != 0 && held && store != r ->
          UNPEND;
          if
          :: store != 0 && store != FOREIGN && !OWED(store) && SAME_SESSION(store, sess[p]) && store > sess[p] ->
             setSess(p, store); lastSeen[p] = store; outcome = store                 /* .adopted */
          :: store == FOREIGN -> persist[p] = 0; outcome = R_FAIL                    /* .replacedByOtherOrigin */
          :: else ->                                                                  /* ended or replaced */
             got = sidOf[sess[p]];
             if :: OWED(store) -> removeStore(p) :: else fi;
             recordFollowedEnd(got); got = 0;
             endInMemory(p, WHY_ELSEWHERE, false); outcome = R_ENDED
          fi;
          goto unlock
       :: else
       fi
     };
#else
     atomic { holdsLong(p) };          /* the pause, still holding the lock */
#endif
     refreshCall(p, r, ans, got, sends < MAXSENDS, 1);
     goto retry
  :: else
  fi;
#endif
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
          (compare-and-set): the new pair, or no pair for a dead refresh token; the end that
          abandoned the flight removes it after, and its logout call goes with the new pair */
       if
       :: ans == A_OK && store == r -> saveStore(p, got)
       :: ans == A_INVALID && store == r -> removeStore(p)
       :: else
       fi;
#endif
       outcome = R_ENDED
#endif
    :: ans == A_OK && GEN_STANDS ->                /* .renewed: memory, then the store */
       setSess(p, got);
       if :: persist[p] -> saveStore(p, got) :: else fi;
       outcome = got
    :: ans == A_INVALID && GEN_STANDS ->           /* .invalid: waiters hear after the write */
       /* [SessionStateMachine.settle] a dead-token verdict for a token whose send was recorded, or
          whose answer this flight lost, is "refresh answer lost" */
#ifndef MUT_LOST_AS_EXPIRED
       if :: retriedLost || sentBefore -> why = WHY_LOST :: else -> why = WHY_VERDICT fi;
#else
       why = WHY_VERDICT;                         /* the mutation: read as a plain dead token */
#endif
       CHECK(P_LOST, !answerLost[r] || why == WHY_LOST);
#ifdef GRACE
       CHECK(P_LOST, !lostS[sidOf[r]] || srvGone[sidOf[r]]);
#endif
       writeRecord(sidOf[r], why);               /* [SignOutRecorder], under the lock this flight holds */
#ifdef MUT_WAITERS_FIRST
       endInMemory(p, why, false);
#else
       endInMemory(p, why, true);
#endif
#ifndef FIX33_REENTER
       /* today: callRefresh(holdingStore: isPersistent), and the reconcile just found another
          origin: endAfterServerVerdict enters the store queue this flight holds */
       if :: held && !persist[p] -> reenter = 1; goto reentry :: else fi;
#endif
#ifdef FIX33_LOCK
       if :: store == r -> removeStore(p) :: else -> lastSeen[p] = 0 fi;   /* compare-and-swap */
#else
       removeStore(p);
#endif
       wakeDetached(p);
       outcome = R_ENDED
    fi
  };
unlock:
  /* the lock goes back, then [fly]: the waiters hear the outcome, unless the flight was abandoned */
  atomic {
    if :: held -> giveStore(p); held = 0 :: else fi;
fly:
    if
    :: flight[p] == fid ->
       flight[p] = 0;
       if :: outcome == R_ENDED -> wakeEnded(fid) :: else -> wake(fid, outcome) fi
    :: else
    fi;
    r = 0; ans = 0; got = 0; outcome = 0; lost = 0; handled = 0; i = 0; why = 0; retriedLost = 0; sentBefore = 0; sends = 0
  };
  goto out;
reentry:
  enterQueue(p);              /* waits for itself: never passes */
  atomic { LOCK_FREE -> TAKE(p); removeStore(p); wakeDetached(p); giveStore(p) };
out:
  skip
}

/* [SessionEngine.endAfterServerVerdict(reason:generation:)] (guarded: only while generation `g`
   still stands) and [SessionEngine.end(reason:)] (unguarded) */
inline endSession(p, why, guarded, g) {
  if
  :: atomic {
       !guarded || (g == gen[p] && sess[p] != 0) ->
       es = sidOf[sess[p]];
       endsQueued[p]++;
#if !defined(MUT_LOCKFAIL_NO_DEBT)
       if :: sess[p] != 0 -> writeRecord(es, why) :: else fi;   /* [SignOutRecorder] before the store step */
#endif
#ifdef FIX_END_ORDER
       endInMemory(p, why, true)
#else
       endInMemory(p, why, false)
#endif
     };
     enterQueue(p);
     atomic {                                     /* [writeMemoryToStore] remove */
       if
       :: LOCK_FREE -> TAKE(p);
#ifdef FIX33_LOCK
          removeSession(p, es);
#else
          removeStore(p);
#endif
#ifdef MUT_LOCKFAIL_NO_DEBT
          if :: es != 0 -> writeRecord(es, why) :: else fi;   /* the mutation: recorded once stored */
#endif
          endsQueued[p]--;
          wakeDetached(p);
          giveStore(p)
       :: LOCK_FAILS ->                           /* issue 45: not had; the record is the debt */
          lockFails++; lockFailedEnd = 1; refused = 1;
          endsQueued[p]--;
          wakeDetached(p);
          leaveQueue(p)
       fi
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

#ifdef FIX33_WAITERS
#define FALLS_THROUGH (g == gen[p])
#else
#define FALLS_THROUGH true
#endif

/* One authorized call [SessionEngine.send -> exchange]: a request, the logout call (today's
   signOut sends it through this path), the withdrawal call, or another stack's call
   [RequestAuthorizer.authorize -> accessToken(); retryDecision -> accessToken(afterRejecting:)]. */
proctype Caller(byte p; byte me; byte kind) {
  byte tok, g, ans, i, phase, mine, es;
  bool retried, lost, handled;
#ifdef ISSUE_STEP
  /* issued [SessionEngine.send] under the session current now */
  atomic { g = gen[p]; mine = sidOf[sess[p]]; wsid[me] = mine };
#endif
  /* [RequestSlots.acquire] (not for another stack's call), then [tokenWithoutWaiting /
     accessTokenForRequest] */
  atomic {
    (kind == K_STACK || slots[p] > 0) && NOTICE_CLEAR(p) -> if :: kind != K_STACK -> slots[p]-- :: else fi;
#if !defined(ISSUE_STEP) || !defined(FIX33_SLOTS)
    g = gen[p];                  /* today: the generation is read after the slot */
#endif
#ifndef ISSUE_STEP
    mine = sidOf[sess[p]]; wsid[me] = mine;
#endif
    if
    :: sess[p] == 0 || g != gen[p] -> tok = 0; goto finish                 /* errorForMissingSession */
    :: sess[p] != 0 && g == gen[p] && flight[p] != 0 -> phase = 1; sharedRefresh(p, me)    /* .reactive */
    :: sess[p] != 0 && g == gen[p] && flight[p] == 0 && tstate[sess[p]] == FRESH -> give(sess[p]); goto send
    :: sess[p] != 0 && g == gen[p] && flight[p] == 0 && tstate[sess[p]] != FRESH -> phase = 2; sharedRefresh(p, me)
    fi
  };
wait:
  atomic { waitOn[me] == 0 };
  atomic {          /* the waiter resumes on the actor (a later step), once a notice was followed */
    NOTICE_CLEAR(p) ->
    resumeCheck(p, g);
    if
    :: phase == 1 ->                    /* a refresh was under way */
       if
       :: waitRes[me] <= MAXPAIR && g == gen[p] -> give(waitRes[me]); goto send
       :: else ->
          if
          :: sess[p] == 0 || !FALLS_THROUGH -> tok = 0; goto finish
          :: sess[p] != 0 && FALLS_THROUGH && tstate[sess[p]] == FRESH -> give(sess[p]); goto send
          :: sess[p] != 0 && FALLS_THROUGH && tstate[sess[p]] != FRESH -> phase = 2; sharedRefresh(p, me); goto wait
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
    network(lost, handled, kind != K_REQUEST && kind != K_STACK);
    if :: handled -> serve(p, tok, kind, ans) :: else fi;
    if :: lost -> ans = A_FAULT :: else fi
  };
  if
  :: ans == A_OK || ans == A_FAULT -> goto finish           /* .accepted / transport error */
  :: ans == A_GONE && kind != K_STACK ->                    /* .sessionEnded(E001) */
     endSession(p, WHY_VERDICT, true, g);
     goto finish
  :: ans == A_GONE && kind == K_STACK -> goto finish        /* the stack's own verdict */
  :: ans == A_REJECTED && retried -> goto finish            /* second rejection: the caller's */
  :: ans == A_REJECTED && !retried ->
     retried = 1;
     atomic {                                               /* [tokenAfterRejection] */
       NOTICE_CLEAR(p) ->
#ifndef FIX33_STACK
       /* today: accessToken(afterRejecting:) asks with the current generation */
       if :: kind == K_STACK -> g = gen[p] :: else fi;
#endif
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
    if :: kind != K_STACK -> slots[p]++ :: else fi;
    done[me] = 1;
    tok = 0; g = 0; ans = 0; phase = 0; retried = 0; lost = 0; handled = 0; waitRes[me] = 0; mine = 0; es = 0
  }
}

/* [storage.load()] FORMER: StoreMove moves a former place's copy into an empty store (outside the
   lock), and its removal there fails (the former copy stays) */
inline load(x) {
#ifdef FORMER
  if :: store == 0 && former != 0 -> store = former :: else fi;
#endif
  x = store
}

#ifdef MUT_RESTORE_ADOPTS_ENDED
#define RESTORE_OWED(x) false     /* the mutation: a restore adopts what the record names */
#else
#define RESTORE_OWED(x) OWED(x)
#endif

/* [SessionEngine.restore] in process p (restoreSession() from another window, or a relaunch) */
inline restoreOp(p) {
#ifdef FIX45
  /* issue 45, as the code does it [restoreFromStorage]: wait for the store queue (behind every queued
     end), read the store outside the queue and the lock, adopt only in the generation it was asked
     in; a session the sign-out record names is removed instead (under the lock, compare-and-swap).
     rx == 255 after it: that removal's lock was not had. */
  atomic { !storeBusy[p] && endsQueued[p] == 0 -> rg = gen[p] };
  atomic { load(rx) };
  atomic {
    if
    :: RESTORE_OWED(rx) -> skip
    :: !RESTORE_OWED(rx) && sess[p] == 0 && gen[p] == rg && rx != 0 && rx != FOREIGN ->
       gen[p]++; setSess(p, rx); lastSeen[p] = rx; persist[p] = 1; rx = 0
    :: else -> rx = 0
    fi;
    rg = 0
  };
  if
  :: rx != 0 ->
     enterQueue(p);
     atomic {
       if
       :: LOCK_FREE -> TAKE(p); removeSession(p, sidOf[rx]); rx = 0; giveStore(p)
       :: LOCK_FAILS -> lockFails++; rx = 255; refused = 1; leaveQueue(p)   /* still owed */
       fi
     }
  :: else
  fi
#elif defined(FIX33_RESTORE)
  /* the fix: inside the store queue, behind every end queued before it */
  atomic { !storeBusy[p] && endsQueued[p] == 0 -> storeBusy[p] = 1; rg = gen[p] };
  atomic {
    LOCK_FREE -> TAKE(p);
#ifdef FIX33_RETRY
    if :: pendingRemoval[p] -> removeSession(p, SA); loRemoved[SA] = 1; pendingRemoval[p] = 0 :: else fi;
#endif
    /* no generation began while it waited for the lock (a logout that began after it queued) */
    if
    :: sess[p] == 0 && gen[p] == rg && store != 0 && store != FOREIGN ->
       gen[p]++; setSess(p, store); lastSeen[p] = store; persist[p] = 1
    :: else
    fi;
    giveStore(p)
  }
#else
  /* today: storage.load() outside the store queue; adopted when no generation began meanwhile */
  if
  :: atomic { sess[p] == 0 -> rg = gen[p] };
     atomic { rx = store };
     atomic {
       if
       :: gen[p] == rg && rx != 0 && rx != FOREIGN ->
          gen[p]++; setSess(p, rx); lastSeen[p] = rx; persist[p] = 1
       :: else
       fi
     }
  :: atomic { sess[p] != 0 }
  fi
#endif
}

/* Another window's restoreSession(), at any time. */
proctype Restorer() {
  byte rg, rx;
  restoreOp(0);
  done[RESTORE_ID] = 1
}

/* The person of process 0 logs out, withdraws, switches account, or does nothing. */
proctype User() {
  byte i, tok, ans, got, p, es, rg, rx, lsid, newp;
  bool lost, handled, pend, waited, nolock;
  p = 0;
  if
  :: USER == 1 || USER == 4 -> goto logout
  :: USER == 2 -> goto withdraw
  :: USER == 3 -> goto signin          /* an account switch: B over A */
  :: USER == 3 -> goto logout          /* log out A, then sign in to B */
  :: true -> goto finish
  fi;
logout:
  logoutRan = 1;
#ifndef FIX_LOGOUT_WINS
  /* [WoteAuthRepository.signOut] today: the server call first, through the request path */
  atomic {
    if :: sess[p] != 0 -> lo[sidOf[sess[p]]] = 1; endedMask[p] = endedMask[p] | (1 << sidOf[sess[p]]) :: else fi
  };
  if
  :: atomic { sess[p] == 0 -> logoutExcused = 1 } -> goto afterLogout      /* signed out: nothing */
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
  /* the fixed logOut: the session ends in memory at once; the store is emptied under the lock
     (adopting a newer stored pair of this session, refreshing first only when the token has
     expired); then the waiters hear; then the server is told with the newest token, without a
     slot or a flight. */
  atomic {
    if
    :: sess[p] == 0 -> logoutExcused = 1; goto afterLogout
    :: else
    fi;
    tok = sess[p]; lsid = sidOf[tok]; lo[lsid] = 1;
    endsQueued[p]++;
#if !defined(MUT_LOCKFAIL_NO_DEBT)
    writeRecord(lsid, WHY_EXPLICIT);      /* [SignOutRecorder] before the store step: it carries the debt */
#endif
    /* the waits before the call: the landing and the store queue (MUT_SHARED_DEADLINE spends the
       call's time on them) */
    waited = (flight[p] != 0 || storeBusy[p] || !LOCK_FREE);
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
    if
    :: LOCK_FREE -> TAKE(p)
    :: LOCK_FAILS ->
       /* issue 45: the turn or the lock was not had (time-out, cancellation, no background time):
          the store step did not run. The record written before it is the debt (FIX45); the call
          goes with the token in memory, never refreshing outside the lock. */
       lockFails++; refused = 1; lockFailedEnd = 1; nolock = 1;
       endsQueued[p]--;
       wakeDetached(p); leaveQueue(p);
       goto logoutCall
    fi;
    if
    :: store == 0 -> logoutExcused = 1; tok = 0        /* ended elsewhere: told by that end */
#ifdef FIX33_WAITERS
    :: store != 0 && store != FOREIGN && sidOf[store] == lsid && store > tok -> tok = store   /* .adopted */
#else
    :: store != 0 && store != FOREIGN && store > tok -> tok = store   /* today: any newer pair of the origin */
#endif
    :: else
    fi;
    CHECK(P_ONE_SESSION, tok == 0 || sidOf[tok] == lsid)
  };
#ifndef FIX_EXPIRED_LOGOUT
  if :: tok != 0 && tstate[tok] == EXPIRED -> tok = 0 :: else fi;   /* (c) today: no call */
#else
  if
  :: tok != 0 && tstate[tok] == EXPIRED && store != 0 ->
     refreshCall(p, tok, ans, got, 0, 0);
     if
     :: ans == A_OK -> tok = got
     :: else -> tok = 0; logoutExcused = 1                 /* refused or unreachable */
     fi
  :: else
  fi;
#endif
  atomic {
#ifdef FIX33_RESTORE
    /* the fix: the logout removes its own session (compare-and-swap) */
    if
    :: storeFails < MAXSTOREFAILS && sidOf[store] == lsid ->
       storeFails++; refused = 1;                          /* storageFailure: logout throws */
#ifdef FIX33_RETRY
       pendingRemoval[p] = 1
#else
       skip
#endif
    :: else -> removeSession(p, lsid); loRemoved[lsid] = 1
    fi;
#else
    /* today: writeMemoryToStore writes what memory holds at its turn */
    if
    :: sess[p] != 0 -> saveStore(p, sess[p])
    :: sess[p] == 0 && storeFails < MAXSTOREFAILS && store != 0 && store != FOREIGN ->
       storeFails++; refused = 1;
#ifdef FIX33_RETRY
       pendingRemoval[p] = 1
#else
       skip
#endif
    :: else -> removeStore(p); loRemoved[lsid] = 1
    fi;
#endif
#ifdef MUT_LOCKFAIL_NO_DEBT
    writeRecord(lsid, WHY_EXPLICIT);      /* the mutation: recorded only once the store step ran */
#endif
    endsQueued[p]--;
    wakeDetached(p); giveStore(p)
  };
logoutCall:
#ifndef CALL_FIRST
  if
  :: nolock && tok != 0 && tstate[tok] == EXPIRED ->
#ifdef FIX45
     logoutExcused = 1; tok = 0           /* issue 45: no refresh outside the lock; the call is skipped */
#else
     /* today: credentialsForLogout(readingTheStore: false) refreshes outside the lock */
     refreshCall(p, tok, ans, got, 0, 0);
     if :: ans == A_OK -> tok = got :: else -> tok = 0; logoutExcused = 1 fi
#endif
  :: else
  fi;
#ifdef MUT_SHARED_DEADLINE
  /* the mutation (today's finding 3): the call's deadline began before the waits, which spent it */
  if :: waited -> tok = 0 :: else fi;
#endif
  if
  :: atomic { tok != 0 -> logoutCallSent = 1; network(lost, handled, true) } ->
     atomic { if :: handled -> serve(p, tok, K_LOGOUT, ans) :: else fi }
  :: else
  fi;
#endif
#endif
afterLogout:
  if
  :: USER == 3 -> goto signin
  :: USER == 4 -> goto again
  :: else -> goto finish
  fi;
again:
  /* after the logout: log out again, restore (a relaunch, or another window), or nothing */
  if
  :: atomic { sess[p] == 0 && !pendingRemoval[p] && !OWED(store) } -> skip   /* [logOut] signed out: nothing to do */
  :: atomic { pendingRemoval[p] || OWED(store) } ->          /* the fix: the removal is retried */
     enterQueue(p);
     atomic {
       if
       :: LOCK_FREE -> TAKE(p); removeSession(p, SA); loRemoved[SA] = 1; pendingRemoval[p] = 0; giveStore(p)
       :: LOCK_FAILS -> lockFails++; leaveQueue(p); goto finish     /* still owed */
       fi
     }
  :: restoreOp(p); if :: rx == 255 -> goto finish :: else fi
#ifdef FIX45
  :: pendingRemoval[p] = 0;                                  /* a relaunch: what memory owed is gone */
     restoreOp(p); if :: rx == 255 -> goto finish :: else fi
#endif
  :: goto finish
  fi;
  atomic { if :: refused -> laterOp = 1 :: else fi };
  goto finish;
signin:
  /* [WoteAuthRepository.login -> SessionEngine.begin]: the server begins B's session */
  atomic { nextPair++; assert(nextPair < FOREIGN); sidOf[nextPair] = SB; srvCur[SB] = nextPair; newp = nextPair };
#ifdef FIX33_BEGIN
  /* [SessionEngine.begin] write, then switch (SessionStateMachine.signInStored): in the store queue
     and under the lock, B is saved; only then does A end in memory and B become current */
  enterQueue(p);
  atomic {
    LOCK_FREE -> TAKE(p);
    saveStore(p, newp); pendingRemoval[p] = 0;
    if :: sess[p] != 0 -> replaced[sidOf[sess[p]]] = 1 :: else fi;
    endInMemory(p, WHY_EXPLICIT, false);
    setSess(p, newp); persist[p] = 1;
    giveStore(p)
  };
#else
  atomic {          /* [begin] before FIX33_BEGIN: a new generation, A ends at once, then the write */
    if :: sess[p] != 0 -> replaced[sidOf[sess[p]]] = 1 :: else fi;
#ifdef FIX33_WAITERS
    endInMemory(p, WHY_EXPLICIT, true);
#else
    endInMemory(p, WHY_EXPLICIT, false);    /* today: A's waiters hear before the store is written */
#endif
    setSess(p, newp); persist[p] = 1
  };
  enterQueue(p);
  atomic {
    LOCK_FREE -> TAKE(p);
#ifdef FIX33_RESTORE
    saveStore(p, newp); pendingRemoval[p] = 0;
#else
    if :: sess[p] != 0 -> saveStore(p, sess[p]) :: else -> removeStore(p) fi;
#endif
    wakeDetached(p); giveStore(p)
  };
#endif
  goto finish;
withdraw:
  /* [WoteAuthRepository.withdraw]: the server call through the request path, then end */
  atomic { run Caller(p, WITHDRAW_ID, K_WITHDRAW) };
  done[WITHDRAW_ID];
  atomic { if :: sess[p] != 0 -> wd[sidOf[sess[p]]] = 1 :: else fi };
  endSession(p, WHY_EXPLICIT, false, 0);                    /* [SessionEngine.end(.withdrawn)] */
finish:
  done[LOGOUT_ID] = 1; done[WITHDRAW_ID] = 1
}

#ifdef NOTICES
/* The sessions a notice tells process p have ended: those ended or replaced that the store no
   longer holds. */
inline noteEnded(p) {
  i = 1;
  do
  :: i < 4 -> if :: (storeEnded[i] || replaced[i] || lo[i] || wd[i]) && sidOf[store] != i -> noticed[p] = noticed[p] | (1 << i) :: else fi; i++
  :: else -> i = 0; break
  od
}

/* [SessionEngine.followStore] under the store queue and lock: what reconcileWithStore and a
   restore do with what the store holds now. */
inline follow(p, fg) {
  if
  :: gen[p] != fg -> skip          /* a session began or ended since the notice was taken up: it wins */
#ifdef FIX45
  :: gen[p] == fg && OWED(store) ->                     /* issue 45: an ended session's owed removal */
     if
     :: sess[p] != 0 && persist[p] && sidOf[sess[p]] == sidOf[store] ->
        removeStore(p); endInMemory(p, WHY_ELSEWHERE, false)
     :: else -> removeStore(p)
     fi
#endif
  :: gen[p] == fg && !OWED(store) && sess[p] != 0 && persist[p] && store == 0 ->           /* .endedElsewhere */
     lastSeen[p] = 0; recordFollowedEnd(sidOf[sess[p]]); endInMemory(p, WHY_ELSEWHERE, false)
  :: gen[p] == fg && !OWED(store) && sess[p] != 0 && persist[p] && store == FOREIGN -> persist[p] = 0   /* .replacedByOtherOrigin */
  :: gen[p] == fg && !OWED(store) && sess[p] != 0 && persist[p] && store != 0 && store != FOREIGN && !SAME_SESSION(store, sess[p]) ->
     recordFollowedEnd(sidOf[sess[p]]);
     endInMemory(p, WHY_ELSEWHERE, false);              /* a sign-in elsewhere */
#ifdef FIX45
     look = 1                                           /* then looks for it, outside the lock */
#else
     setSess(p, store); lastSeen[p] = store
#endif
  :: gen[p] == fg && !OWED(store) && sess[p] != 0 && persist[p] && store != 0 && store != FOREIGN && SAME_SESSION(store, sess[p]) && store > sess[p] ->
     setSess(p, store); lastSeen[p] = store                                  /* .adopted: a newer pair */
  :: gen[p] == fg && !OWED(store) && sess[p] == 0 && store != 0 && store != FOREIGN && !pendingRemoval[p] ->
#ifdef FIX45
     look = 1                                           /* .lookForSignIn, outside the lock */
#else
     gen[p]++; setSess(p, store); lastSeen[p] = store; persist[p] = 1        /* restored */
#endif
  :: else -> skip
  fi
}

/* Process p's notices [StoreNotices.observe -> SessionEngine.storeNoticeArrived]: each change of the
   store may reach it (or be lost); a notice holds back the process's token decisions [the send
   lane's notice flag] until the store was read again [followStore]. */
proctype Listener(byte p) {
  byte i, fg, rg, rx;
  bool look;
end:
  do
  :: atomic {
       store != heard[p] ->
       heard[p] = store;
       if
       :: lostNotices < MAXLOST -> lostNotices++                       /* lost */
       :: true ->
          noteEnded(p);
#ifndef MUT_IGNORE_NOTICES
          noticePending[p] = 1
#else
          skip
#endif
       fi
     }
  :: atomic { noticePending[p] && !storeBusy[p] && endsQueued[p] == 0 -> storeBusy[p] = 1; fg = gen[p] };
#ifdef FIX45
     atomic {
       if
       :: LOCK_FREE -> TAKE(p); follow(p, fg); noticePending[p] = 0; fg = gen[p]; giveStore(p)
       :: LOCK_FAILS ->
          /* issue 45: the re-read failed (lock or turn not had): the notice stays pending and the
             pass is made again */
          lockFails++; leaveQueue(p); fg = 0;
#ifdef MUT_NOTICE_FAILED_FOLLOWED
          noticePending[p] = 0;             /* the mutation: counted followed all the same */
#endif
          goto endPass
       fi
     };
     if
     :: look ->
        /* [followStore] .lookForSignIn: waitForStoreQueue, storage.load() outside the queue and the
           lock, then restoreFromStorage (which waits and reads again). The first read only decides
           whether to restore: the model restores whatever it finds (a superset of the code) */
        restoreOp(p)
     :: else
     fi;
     atomic { look = 0; fg = 0; rg = 0; rx = 0 };
endPass:
     skip
#else
     atomic {
       if
       :: LOCK_FREE -> TAKE(p); follow(p, fg); noticePending[p] = 0; fg = 0; giveStore(p)
       :: LOCK_FAILS -> lockFails++; leaveQueue(p); noticePending[p] = 0; fg = 0   /* today: counted followed */
       fi
     }
#endif
#ifdef FOLLOWER
  /* [the leader hears "refresh wanted"]: its own refresh (a flight, or the one running): under the
     lock it re-reads the store; a newer pair there is adopted, the pair it holds is refreshed,
     saved, and the store notice tells the follower. A pair of its own that is not due yet needs
     no refresh (a late "refresh wanted"): the follower learns that pair from the store. */
  :: atomic {
       p == 0 && wantedPending && leaderActive ->
       wantedPending = 0;
       if
#ifdef MUT_LEADER_ALWAYS
       :: sess[p] != 0 && flight[p] == 0 ->
#else
       :: sess[p] != 0 && flight[p] == 0 && tstate[sess[p]] != FRESH ->
#endif
          nextFlight++; flight[p] = nextFlight; flightPair[p] = sess[p]; run Flight(p, nextFlight, gen[p])
       :: else
       fi
     }
#endif
  od
}
#endif

/* Another origin's client on the same store signs in, replacing this origin's entry
   [writeMemoryToStore(replacingOtherOrigins: true)], under the same lock; and the server may ban
   member A (a readable verdict: E001/E016 at A's next call). */
proctype Other() {
  if
  :: atomic { LOCK_FREE -> store = FOREIGN }
  :: skip
  fi;
  if
  :: srvGone[SA] = 1
  :: skip
  fi
}

#ifdef GRACE
/* The grace window passes (time beyond it), at any moment except between a lost answer and the
   retry the client makes within its own, shorter window [SessionConfiguration's lost-answer retry]. */
proctype GraceWindow() {
end:
  do
  :: atomic {
       retrying == 0 && (graceOpen[SA] || graceOpen[SB]) ->
       graceOpen[SA] = 0; graceOpen[SB] = 0
     }
  od
}
#endif

#ifdef LEADER_SUSPENDS
/* issue 46: the leader (process 0) stops running at any moment (suspended) and its active flag clears */
proctype LeaderLife() {
  if
  :: atomic {
       leaderActive = 0;
#ifndef MUT_FOLLOWER_IGNORES_LEADER
       fwait = 0                  /* a waiting follower stops waiting (it watches the leader's flag) */
#else
       skip
#endif
     }
  :: skip
  fi
}
#endif

#ifdef OLD_WRITER
/* issue 45: a process of an older WoteKit version signs in to member B and writes B's pair without a
   session id over A's, under the same lock */
proctype OldWriter() {
  atomic {
    LOCK_FREE ->
    nextPair++; assert(nextPair < FOREIGN); sidOf[nextPair] = SB; srvCur[SB] = nextPair;
    noId[nextPair] = 1; replaced[SA] = 1; anyEnd = 1; store = nextPair
  }
}
#endif

/* The shared clock: A's current pair becomes due, then expired. */
proctype Clock() {
end:
  do
  :: atomic { ticks < MAXTICKS && tstate[srvCur[SA]] < EXPIRED -> tstate[srvCur[SA]]++; ticks++ }
  od
}

#ifndef TRACE_CHECK     /* Model/trace.pml drives the model's state with a recorded trace instead */
init {
  byte p, r;
  atomic {
    sidOf[1] = SA; sidOf[FOREIGN] = SF; srvCur[SA] = 1;
    /* every process restored pair 1 from the store [SessionEngine.restore] */
    p = 0;
    do
    :: p < NP -> sess[p] = 1; lastSeen[p] = 1; slots[p] = SLOTS; persist[p] = 1; heard[p] = 1; p++
    :: else -> break
    od;
    run Clock();
    run User();
#ifdef STACK
    run Caller(0, STACK_ID, K_STACK);
#else
    done[STACK_ID] = 1;
#endif
#ifdef RESTORER
    run Restorer();
#else
    done[RESTORE_ID] = 1;
#endif
#ifdef OTHER_ORIGIN
    run Other();
#endif
#ifdef LEADER_SUSPENDS
    run LeaderLife();
#endif
#ifdef OLD_WRITER
    run OldWriter();
#endif
#ifdef FORMER
    former = 1;                   /* a stale copy of A at the former place, whose removal fails */
#endif
#ifdef GRACE
    run GraceWindow();
#endif
#ifdef NOTICES
    p = 0;
    do
    :: p < NP -> run Listener(p); p++
    :: else -> break
    od;
#endif
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
  /* when nothing can move any more: every operation has returned, and a logout left the store
     without the logged-out session */
  atomic {
    timeout && !fwait ->
    r = 0;
    do
    :: r < NW -> CHECK(P_ALL_END, done[r]); r++
    :: else -> break
    od;
    CHECK(P_ALL_END, lockHolder == 0);
    CHECK(P_LOGOUT_WINS, !logoutRan || refused || sidOf[store] != SA);
    CHECK(P_NO_COMEBACK, !lo[SA] || sidOf[store] != SA || (refused && !laterOp));
    /* logout tells the server when it can (issue 24 item 3) */
    CHECK(P_TELLS_SERVER, !logoutRan || logoutCallSent || logoutExcused || faults > 0)
  }
}
#endif
