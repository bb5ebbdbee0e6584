import Foundation

/// The credential of an ``AuthenticationPlugin`` and its one refresh in flight.
///
/// Any number of requests that find the credential expired, or that were rejected with it,
/// wait for a single refresh and then all use its result.
actor CredentialStore {
    typealias Refresh = @Sendable (AuthenticationCredential?) async throws -> AuthenticationCredential

    private(set) var credential: AuthenticationCredential?
    private var inFlight: Task<AuthenticationCredential, any Error>?
    private var recentRefreshes: [Date] = []
    private let refresh: Refresh
    private let margin: TimeInterval
    private let maximumRefreshes: Int
    private let window: TimeInterval

    /// How many refreshes were started; for tests and diagnostics.
    private(set) var refreshCount = 0

    init(credential: AuthenticationCredential?, margin: TimeInterval, maximumRefreshes: Int, window: TimeInterval,
         refresh: @escaping Refresh) {
        self.credential = credential
        self.margin = margin
        self.maximumRefreshes = maximumRefreshes
        self.window = window
        self.refresh = refresh
    }

    /// Replaces the credential, as after signing in or out.
    func set(_ credential: AuthenticationCredential?) {
        self.credential = credential
    }

    /// A credential fit to send: the current one, or a fresh one when it is missing or about to
    /// expire (waiting for a refresh already in flight rather than starting another).
    func usableCredential() async throws -> AuthenticationCredential {
        if let inFlight {
            return try await inFlight.value
        }
        if let credential, !credential.expires(within: margin) {
            return credential
        }
        return try await startRefresh()
    }

    /// A credential to replay a request with, after the server rejected `rejectedToken`: the
    /// current one if someone has refreshed since, else a fresh one.
    func credential(replacing rejectedToken: String) async throws -> AuthenticationCredential {
        if let inFlight {
            return try await inFlight.value
        }
        if let credential, credential.accessToken != rejectedToken, !credential.expires(within: margin) {
            return credential
        }
        return try await startRefresh()
    }

    private func startRefresh() async throws -> AuthenticationCredential {
        let now = Date()
        recentRefreshes.removeAll { now.timeIntervalSince($0) >= window }
        guard recentRefreshes.count < maximumRefreshes else {
            throw AuthenticationError.refreshLimitExceeded(refreshes: recentRefreshes.count, window: window)
        }
        recentRefreshes.append(now)
        refreshCount += 1
        let stale = credential
        let refresh = self.refresh
        let task = Task<AuthenticationCredential, any Error> {
            do {
                return try await refresh(stale)
            } catch {
                throw AuthenticationError.refreshFailed(error)
            }
        }
        inFlight = task
        defer { inFlight = nil }
        let fresh = try await task.value
        credential = fresh
        return fresh
    }
}
