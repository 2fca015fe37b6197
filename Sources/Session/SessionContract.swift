public import WoteData
package import WoteDomain

/// What the session engine must know about a backend: how to refresh, what its answers on
/// authenticated requests mean, and how to log out. ``wote`` is the Wote contract; another backend is a different value.
///
/// Each answer is read through the contract once: with ``classify`` while the session has its
/// profile, with ``readAnswer`` while it waits for it (the profile gate needs to know whether the
/// answer is a success), never both. An answer the caller decodes itself (WoteKit's `fetch`) is
/// classified, and the gate asks the caller's decoding whether it is a success.
///
/// ```swift
/// let contract = SessionContract(
///     refresh: .init(path: "/users/reissue", placement: .bearer, readAnswer: readReissueAnswer),
///     classify: { answer in answer.status == 401 ? .accessTokenRejected : .accepted })
/// ```
public struct SessionContract: Sendable {
    /// The refresh call.
    public var refresh: RefreshCall
    /// What an answer to an authenticated request means for the session, when that is all the
    /// session needs to know of it (the profile is complete).
    public var classify: @Sendable (HTTPResponse) -> ProtectedAnswer
    /// Reads an answer to an authenticated request while the session waits for the profile: what it
    /// means for the session, and whether it is the backend's readable success, for the profile
    /// gate. By default ``classify``'s reading, with any 2xx answer it accepts counted as a success.
    public var readAnswer: @Sendable (HTTPResponse) -> AnswerMeaning
    /// Whether an accepted answer to a request for `path` (without its query) shows that the
    /// person's profile is complete, while the session says it is not: the backend served a path
    /// it keeps behind its profile gate. The session then moves from "profile required" to
    /// "signed in" (a profile completed on another device).
    ///
    /// Asking it reads `answer` with ``readAnswer``; the session itself asks the gate with the
    /// reading it already has. Setting it gives the contract a gate that reads the answer itself.
    public var passesProfileGate: @Sendable (_ path: String, _ answer: HTTPResponse) -> Bool {
        get {
            let (read, gate) = (readAnswer, showsProfileCompleted)
            return { path, answer in gate(path, answer, read(answer)) }
        }
        set {
            showsProfileCompleted = { path, answer, _ in newValue(path, answer) }
        }
    }
    /// Whether an answer to `path`, read as `meaning`, shows that the profile is complete: the gate
    /// the session asks, with the answer's one reading.
    package var showsProfileCompleted:
        @Sendable (_ path: String, _ answer: HTTPResponse, _ meaning: AnswerMeaning) -> Bool
    /// The call that tells the backend the person logs out, or `nil` when it has none (then
    /// logout only ends the session here). Wote's is `POST /api/auth/logout` with the access token
    /// and the device token (§4.3).
    public var logout: LogoutCall?
    /// The backend's code for the verdict that ends a session for a reason, kept in its
    /// ``SignOutRecord`` when a refresh or a request's answer ended it; none by default. Wote's are
    /// its division codes (``wote``).
    package var endingCode: @Sendable (SignOutReason) -> String?

    /// Creates a contract whose profile gate, if any, reads the answer itself.
    ///
    /// - Parameters:
    ///   - refresh: how to ask for a new pair and read the answer.
    ///   - classify: what an answer on an authenticated path means.
    ///   - passesProfileGate: whether an accepted answer shows the profile is complete; by default
    ///     never (a backend without a profile gate; the app says so in `beginSession`). While the
    ///     session waits for the profile, an accepted answer is read by `classify` and by this gate.
    ///   - logout: the backend's logout call; by default none.
    public init(
        refresh: RefreshCall, classify: @escaping @Sendable (HTTPResponse) -> ProtectedAnswer,
        passesProfileGate: @escaping @Sendable (_ path: String, _ answer: HTTPResponse) -> Bool = { _, _ in false },
        logout: LogoutCall? = nil
    ) {
        self.init(
            refresh: refresh, classify: classify,
            readAnswer: { answer in
                let meaning = classify(answer)
                return AnswerMeaning(meaning, isSuccess: meaning == .accepted && (200..<300).contains(answer.status))
            },
            showsProfileCompleted: { path, answer, _ in passesProfileGate(path, answer) }, logout: logout,
            endingCode: { _ in nil })
    }

    /// Creates a contract that reads each answer once, also behind its profile gate: `readAnswer`
    /// says whether an answer is a success, and a success for a path behind the gate shows the
    /// profile is complete.
    ///
    /// ```swift
    /// let contract = SessionContract(
    ///     refresh: .init(path: "/users/reissue", placement: .bearer, readAnswer: readReissueAnswer),
    ///     readAnswer: { answer in
    ///         AnswerMeaning(
    ///             answer.status == 401 ? .accessTokenRejected : .accepted,
    ///             isSuccess: (200..<300).contains(answer.status))
    ///     },
    ///     isBehindProfileGate: { path in !path.hasPrefix("/users/profile") })
    /// ```
    ///
    /// - Parameters:
    ///   - refresh: how to ask for a new pair and read the answer.
    ///   - readAnswer: what an answer on an authenticated path means, and whether it is a success.
    ///   - classify: what an answer means for the session, when nothing else is needed (the profile
    ///     is complete), for a reading cheaper than `readAnswer`'s; by default `readAnswer`'s.
    ///   - isBehindProfileGate: whether the backend keeps `path` (without its query) behind its
    ///     profile gate; by default no path is.
    ///   - logout: the backend's logout call; by default none.
    public init(
        refresh: RefreshCall, readAnswer: @escaping @Sendable (HTTPResponse) -> AnswerMeaning,
        classify: (@Sendable (HTTPResponse) -> ProtectedAnswer)? = nil,
        isBehindProfileGate: @escaping @Sendable (_ path: String) -> Bool = { _ in false }, logout: LogoutCall? = nil
    ) {
        self.init(
            refresh: refresh, classify: classify ?? { readAnswer($0).forSession }, readAnswer: readAnswer,
            showsProfileCompleted: { path, _, meaning in meaning.isSuccess && isBehindProfileGate(path) },
            logout: logout, endingCode: { _ in nil })
    }

    /// A contract whose verdicts end sessions with the backend's own codes (`endingCode`).
    package init(
        refresh: RefreshCall, classify: @escaping @Sendable (HTTPResponse) -> ProtectedAnswer,
        readAnswer: @escaping @Sendable (HTTPResponse) -> AnswerMeaning,
        showsProfileCompleted:
            @escaping @Sendable (_ path: String, _ answer: HTTPResponse, _ meaning: AnswerMeaning) ->
            Bool,
        logout: LogoutCall?, endingCode: @escaping @Sendable (SignOutReason) -> String?
    ) {
        self.refresh = refresh
        self.classify = classify
        self.readAnswer = readAnswer
        self.showsProfileCompleted = showsProfileCompleted
        self.logout = logout
        self.endingCode = endingCode
    }
}

extension SessionContract {
    /// Reads `answer` once, as the session needs it: with ``readAnswer`` when `gateMatters` (the
    /// session waits for its profile), else with ``classify`` alone (then the reading says no
    /// success, and nothing asks).
    package func read(_ answer: HTTPResponse, gateMatters: Bool) -> AnswerMeaning {
        gateMatters ? readAnswer(answer) : AnswerMeaning(classify(answer), isSuccess: false)
    }
}
