import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The `URLSession` of one ``URLSessionTransport``, made the first time it is needed: the first
/// request sent, or the first read of ``URLSessionTransport/session``.
///
/// Making any `URLSessionConfiguration` on Linux (`.default`, `.ephemeral`, a copy of neither)
/// creates FoundationNetworking's shared `URLCache` and `HTTPCookieStorage`, and with them two
/// folders in the user's home: `~/.cache/org.swift.foundation.URLCache/<process>/` and
/// `~/.local/share/<folder of the executable>/`, even when the configuration then sets both to
/// `nil` (see the Linux notes). A provider that only answers from stubs never sends over
/// `URLSession`, so it must not make a configuration: a test bundle or a stub-only tool then
/// writes nothing into the home folder.
final class LazySession: Sendable {
    /// The session and the two limits the transport reads from its configuration.
    struct Made {
        let session: URLSession
        let idleTimeout: TimeInterval
        let resourceTimeout: TimeInterval
    }

    private enum State {
        /// Not made yet: the configuration to make it with (a private copy of the caller's), or
        /// `nil` for ``URLSessionTransport/defaultConfiguration``.
        case pending(URLSessionConfiguration?)
        case made(Made)
    }

    private let state: Locked<State>
    private let delegate: SessionDelegate

    /// Creates the holder; nothing is made until ``made`` is first read.
    ///
    /// - Parameters:
    ///   - configuration: The configuration to make the session with, already a copy the caller
    ///     cannot change, or `nil` for the default.
    ///   - delegate: The session's delegate.
    init(configuration: URLSessionConfiguration?, delegate: SessionDelegate) {
        state = Locked(.pending(configuration))
        self.delegate = delegate
    }

    /// The session, made now if it was not yet: one lock for every request after the first.
    var made: Made {
        state.withLock { state in
            switch state {
            case .made(let made):
                return made
            case .pending(let configuration):
                let made = Self.make(configuration ?? URLSessionTransport.defaultConfiguration, delegate: delegate)
                state = .made(made)
                return made
            }
        }
    }

    /// Whether the session was made.
    var isMade: Bool {
        state.withLock { state in
            if case .made = state { return true }
            return false
        }
    }

    deinit {
        if case .made(let made) = state.withLock({ $0 }) {
            made.session.finishTasksAndInvalidate()
        }
    }

    private static func make(_ configuration: URLSessionConfiguration, delegate: SessionDelegate) -> Made {
        #if canImport(FoundationNetworking)
        let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: InlineDelegateQueue())
        #else
        let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
        #endif
        return Made(session: session, idleTimeout: configuration.timeoutIntervalForRequest,
                    resourceTimeout: configuration.timeoutIntervalForResource)
    }
}
