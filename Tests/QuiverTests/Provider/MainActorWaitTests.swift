import Foundation
import Testing
@testable import Quiver

/// A main-actor callback that cannot start is reported once; one that starts is not. The main
/// thread is blocked here by a main-actor task waiting on a semaphore, as a command-line
/// program's would be (for a second at most: other suites' main-actor tests wait meanwhile).
@Suite(.serialized, .timeLimit(.minutes(1))) struct MainActorWaitTests {
    /// Settings that report into `reports` after 0.2 s, confirmed 0.1 s later, with a flag of their own.
    private func settings(into reports: Locked<[String]>) -> MainActorWait.Settings {
        MainActorWait.Settings(patience: 0.2, confirmation: 0.1, report: { text in reports.withLock { $0.append(text) } },
                               reported: Locked(false))
    }

    /// Blocks the main thread for `seconds`, from a main-actor task; returns once it is blocked.
    private func blockMainThread(for seconds: Double) async throws -> Task<Void, Never> {
        let blocking = Locked(false)
        let task = Task { @MainActor in
            blocking.withLock { $0 = true }
            Self.wait(seconds)
        }
        while !blocking.withLock({ $0 }) {
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        return task
    }

    /// Waits on a semaphore nobody signals, as a program waiting for a callback does.
    private static func wait(_ seconds: Double) {
        _ = DispatchSemaphore(value: 0).wait(timeout: .now() + seconds)
    }

    @Test func aMainActorCallbackThatCannotStartIsReportedOnceWithItsNameAndTheFix() async throws {
        let reports = Locked([String]())
        let settings = settings(into: reports)
        let values = Locked([Int]())
        let handler: @MainActor @Sendable (Int) -> Void = { value in values.withLock { $0.append(value) } }

        let blocked = try await blockMainThread(for: 1)
        await CallbackDelivery.call(handler, with: 1, on: nil, naming: { "the test's completion handler" },
                                    watching: settings)
        await blocked.value
        // Blocked again: the report was made once already.
        let blockedAgain = try await blockMainThread(for: 0.5)
        await CallbackDelivery.call(handler, with: 2, on: nil, naming: { "the second one" }, watching: settings)
        await blockedAgain.value

        #expect(values.withLock { $0 } == [1, 2])
        let made = reports.withLock { $0 }
        #expect(made.count == 1, "\(made)")
        let report = try #require(made.first)
        #expect(report.hasPrefix("Quiver: the test's completion handler has waited 0.3 s for the main actor"), "\(report)")
        #expect(report.contains("await the request instead"), "\(report)")
        #expect(report.contains("dispatchMain()"), "\(report)")
        #expect(report.contains("a closure of no actor"), "\(report)")
    }

    @Test func aMainActorCallbackThatStartsInTimeIsNotReported() async throws {
        let reports = Locked([String]())
        let handler: @MainActor @Sendable (Int) -> Void = { _ in }
        await CallbackDelivery.call(handler, with: 1, on: nil, watching: settings(into: reports))
        try await Task.sleep(nanoseconds: 600_000_000)   // past both checks
        #expect(reports.withLock { $0 }.isEmpty)
    }

    @Test func aCallbackOfNoActorIsNeverWatched() async throws {
        let reports = Locked([String]())
        let handler: @Sendable (Int) -> Void = { _ in }
        let blocked = try await blockMainThread(for: 0.5)
        await CallbackDelivery.call(handler, with: 1, on: nil, watching: settings(into: reports))
        await blocked.value
        #expect(reports.withLock { $0 }.isEmpty)
    }

    @Test func theCompletionHandlerIsNamedByItsProviderAndItsRedactedRequest() throws {
        var request = URLRequest(url: try #require(URL(string: "https://api.example.com/users?access_token=s3cret")))
        request.httpMethod = "POST"
        let name = Provider<GenericTarget>.callbackName("the completion handler", of: .failure(.timedOut(request)))
        #expect(name.hasPrefix("the completion handler of Provider<GenericTarget>.request(_:) for POST https://api.example.com/users"), "\(name)")
        #expect(!name.contains("s3cret"), "\(name)")
    }
}
