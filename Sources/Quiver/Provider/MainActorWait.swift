import Dispatch
import Foundation

/// Reports, once per process, a callback of the main actor that has not started `patience`
/// seconds after it was due: the main thread is blocked (a semaphore, `wait()`, `sleep`) or
/// runs no dispatch queue, and the program may be waiting for the callback.
///
/// It costs a main-actor callback one timer until the first report, nothing afterwards, and
/// nothing to a callback of any other actor or of none. A second check, a second after the
/// first, confirms the wait, so that a process resumed from a debugger's pause is not reported.
final class MainActorWait: Sendable {
    /// How long to wait, how to report, and the flag that makes the report once.
    struct Settings: Sendable {
        /// Seconds a main-actor callback may wait before it is reported.
        var patience: TimeInterval
        /// Seconds between the first check and the one that confirms it.
        var confirmation: TimeInterval
        /// Writes the report.
        var report: @Sendable (String) -> Void
        /// Whether a report was made: set by the first.
        var reported: Locked<Bool>

        /// 5 s, confirmed a second later, on standard error, once per process.
        static let standard = Settings(patience: 5, confirmation: 1, report: { text in
            FileHandle.standardError.write(Data((text + "\n").utf8))
        }, reported: Locked(false))
    }

    private let startedFlag = Locked(false)
    private let naming: @Sendable () -> String
    private let settings: Settings

    private init(naming: @escaping @Sendable () -> String, settings: Settings) {
        self.naming = naming
        self.settings = settings
    }

    /// A watch on a callback of `isolation`, started now; `nil` when it is not the main actor or
    /// a report was made already.
    static func watch(_ isolation: (any Actor)?, naming: @escaping @Sendable () -> String,
                      _ settings: Settings) -> MainActorWait? {
        guard let isolation, isolation === MainActor.shared, !settings.reported.withLock({ $0 }) else { return nil }
        let wait = MainActorWait(naming: naming, settings: settings)
        wait.check(after: settings.patience, confirming: false)
        return wait
    }

    /// Called on the main actor as the callback starts.
    func started() {
        startedFlag.withLock { $0 = true }
    }

    private func check(after delay: TimeInterval, confirming: Bool) {
        DispatchQueue.global().asyncAfter(deadline: .now() + delay) { [self] in
            guard !startedFlag.withLock({ $0 }) else { return }
            guard confirming else { return check(after: settings.confirmation, confirming: true) }
            let first = settings.reported.withLock { reported in
                defer { reported = true }
                return !reported
            }
            if first { settings.report(message) }
        }
    }

    private var message: String {
        let waited = ((settings.patience + settings.confirmation) * 10).rounded() / 10
        let seconds = waited == waited.rounded() ? "\(Int(waited))" : "\(waited)"
        return """
            Quiver: \(naming()) has waited \(seconds) s for the main actor, which runs it because it was \
            written in main-actor code (the top-level code of a main.swift, a @MainActor type or \
            function). If the main thread is waiting for it (a semaphore, a wait(), sleep), it never \
            will: await the request instead (a main.swift may use await at the top level), or run the \
            main queue with dispatchMain(), or hand the call a closure of no actor (a nonisolated func, \
            or a let of type @Sendable (Result<Response, QuiverError>) -> Void). Reported once.
            """
    }
}
