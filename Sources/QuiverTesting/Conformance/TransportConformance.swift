import Foundation
import Quiver
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Proves an `HTTPTransport` right: runs it through every part of the transport contract
/// against an httpbin-compatible echo server, and reports each check that failed, with what
/// went wrong.
///
/// It needs no test framework. Give it your transport and the base URL of an httpbin (for
/// example `pip install httpbin gunicorn`, then `gunicorn -b 127.0.0.1:8080 httpbin:app`); it
/// uses the routes `/anything`, `/status/N`, `/delay/N` and `/bytes/N`.
///
/// ```swift
/// let conformance = TransportConformance(transport: MyTransport(), echoServer: httpbinURL)
/// let report = await conformance.run()
/// #expect(report.isPassing, "\(report)")        // Swift Testing
/// try await conformance.verify()                // or throw the report when a check fails
/// ```
///
/// The checks (``Check``): a request with no body, a data body, a file body and a multipart form
/// arrive whole; a non-2xx status is a response; the `TransportRequest.timeout` ends a slow
/// exchange on time; cancelling the calling `Task` ends it promptly; upload and download
/// progress reach the full size; a download goes to the
/// `TransportRequest.destination` file; and a body over `TransportRequest.maximumBodySize`
/// ends with `ResponseTooLarge`. The run takes about ten seconds; each check has at
/// most ``timeLimit`` seconds.
public struct TransportConformance: Sendable {
    /// The transport under test.
    public let transport: any HTTPTransport
    /// The base URL of the echo server, for example `http://127.0.0.1:8080`.
    public let echoServer: URL
    /// The longest one check may take before it fails as hung, in seconds. Defaults to 20.
    public var timeLimit: TimeInterval = 20

    /// Prepares a check of `transport` against `echoServer`.
    ///
    /// - Parameters:
    ///   - transport: The transport under test.
    ///   - echoServer: The base URL of an httpbin-compatible server.
    public init(transport: any HTTPTransport, echoServer: URL) {
        self.transport = transport
        self.echoServer = echoServer
    }

    /// Runs `checks`, one after the other.
    ///
    /// - Parameter checks: The checks to run. Defaults to all of them.
    /// - Returns: Which checks passed and why the others failed.
    public func run(_ checks: [Check] = Check.allCases) async -> Report {
        var passed: [Check] = []
        var failures: [Failure] = []
        for check in checks {
            if let problem = await outcome(of: check) {
                failures.append(Failure(check: check, message: problem))
            } else {
                passed.append(check)
            }
        }
        return Report(passed: passed, failures: failures)
    }

    /// Runs `checks` and throws the report when any of them failed.
    ///
    /// - Parameter checks: The checks to run. Defaults to all of them.
    /// - Throws: The ``Report``, listing every failed check, when one failed.
    public func verify(_ checks: [Check] = Check.allCases) async throws(Report) {
        let report = await run(checks)
        guard report.isPassing else { throw report }
    }

    /// Why `check` failed, or `nil`; a check that does not end within ``timeLimit`` fails as hung.
    private func outcome(of check: Check) async -> String? {
        let limit = timeLimit
        let pending = Locked<CheckedContinuation<String?, Never>?>(nil)
        let resume = { @Sendable (outcome: String?) -> Bool in
            guard let continuation = pending.withLock({ $0.take() }) else { return false }
            continuation.resume(returning: outcome)
            return true
        }
        return await withCheckedContinuation { (continuation: CheckedContinuation<String?, Never>) in
            pending.withLock { $0 = continuation }
            let timer = Task {
                try? await WaitTime.sleep(seconds: limit)
                return resume("did not finish within \(limit) s: the transport hangs")
            }
            let worker = Task {
                let problem: String?
                do throws(ConformanceProblem) {
                    try await self.perform(check)
                    problem = nil
                } catch {
                    problem = error.message
                }
                if resume(problem) {
                    timer.cancel()
                }
            }
            Task {
                if await timer.value {
                    worker.cancel()
                }
            }
        }
    }
}
